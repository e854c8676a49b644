"""A small client of the daemon's agent panel API, for the integration tests: pairing through the real
`gasoline pair`, sessions, questions, a session's events as JSON or as its SSE stream, approvals and
exports; the extension's POST /events; and a raw MCP client over HTTP (a legacy-era session)."""

from __future__ import annotations

import http.client
import json
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..fakes.model_provider import FakeProvider
from .processes import Daemon, gasoline_cli, kill_daemons_of, post_as_extension, running_daemon, wait_for

CODE = re.compile(r"\b[A-Z0-9]{4}-[A-Z0-9]{4}\b")
TS = "2026-11-26T12:00:00.000Z"
TURN_SECONDS = 30
SDK_VARIABLES = ("OPENAI_API_KEY", "OPENAI_BASE_URL", "ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL")


def provider_environment(fake: FakeProvider | None) -> dict[str, str]:
    """The SDKs' variables of a daemon whose providers are the fake (both APIs), or unset (none)."""
    if fake is None:
        return dict.fromkeys(SDK_VARIABLES, "")
    return {
        "OPENAI_BASE_URL": fake.openai_base_url,
        "OPENAI_API_KEY": fake.api_key,
        "ANTHROPIC_BASE_URL": fake.anthropic_base_url,
        "ANTHROPIC_API_KEY": fake.api_key,
    }


@contextmanager
def panel_daemon(state_dir: Path, fake: FakeProvider | None = None, port: int | None = None) -> Iterator[Daemon]:
    """A real daemon on a free port (or this one) whose model providers are the fake's."""
    state_dir.mkdir(parents=True, exist_ok=True)
    try:
        with running_daemon(state_dir, port=port, **provider_environment(fake)) as daemon:
            yield daemon
    finally:
        kill_daemons_of(state_dir)


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: Any  # the JSON answer, or the text when it is not JSON

    @property
    def error(self) -> str | None:
        return self.body.get("error") if isinstance(self.body, dict) else None


def send(port: int, method: str, path: str, body: Any = None, token: str | None = None, **headers: str) -> Answer:
    """One request to the daemon, as a browser extension page or a person's tool sends it."""
    sent = {"Host": f"127.0.0.1:{port}", **{name.replace("_", "-"): value for name, value in headers.items()}}
    data = None
    if body is not None:
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        sent.setdefault("Content-Type", "application/json")
    if token is not None:
        sent["Authorization"] = f"Bearer {token}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
    try:
        connection.request(method, path, body=data, headers=sent)
        response = connection.getresponse()
        raw = response.read()
        answered = {name.lower(): value for name, value in response.getheaders()}
    finally:
        connection.close()
    try:
        parsed: Any = json.loads(raw) if raw else None
    except ValueError:
        parsed = raw.decode()
    return Answer(response.status, answered, parsed)


def pairing_code(daemon: Daemon) -> str:
    """The code `gasoline pair` shows the person."""
    shown = gasoline_cli(daemon.state_dir, daemon.port, "pair")
    assert shown.returncode == 0, shown.stderr
    found = CODE.search(shown.stdout)
    assert found is not None, shown.stdout
    return found.group(0)


def pair(daemon: Daemon) -> str:
    """A panel token, as a person pairs the panel: the code from `gasoline pair`, typed into the panel."""
    paired = send(daemon.port, "POST", "/panel/pair", {"code": pairing_code(daemon)})
    assert paired.status == 200, paired
    return str(paired.body["token"])


@dataclass(frozen=True)
class SseEvent:
    """One SSE event as the panel reads it (a comment has only `comment`, the retry line nothing)."""

    id: str | None = None
    event: str | None = None
    data: Any = None
    comment: str | None = None


class SseStream:
    """A session's event stream, read as it comes."""

    def __init__(self, port: int, path: str, headers: dict[str, str]) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=15)
        self.connection.request("GET", path, headers={"Host": f"127.0.0.1:{port}", **headers})
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.content_type = self.response.getheader("Content-Type") or ""
        self.text = ""  # everything received, for leak checks
        self.received: list[SseEvent] = []

    def close(self) -> None:
        self.connection.close()

    def next(self, seconds: float) -> SseEvent | None:
        """The next event or comment; None when the stream ends."""
        lines: dict[str, str] = {}
        comment = None
        sock = self.connection.sock
        deadline = time.monotonic() + seconds
        while True:
            if sock is not None:
                sock.settimeout(max(deadline - time.monotonic(), 0.01))
            try:
                raw = self.response.readline()
            except TimeoutError:
                raise TimeoutError(f"nothing more on the stream within {seconds} s") from None
            if not raw:
                return None
            line = raw.decode()
            self.text += line
            line = line.rstrip("\n")
            if line == "":
                if lines or comment is not None:
                    data = lines.get("data")
                    event = SseEvent(lines.get("id"), lines.get("event"), json.loads(data) if data else None, comment)
                    self.received.append(event)
                    return event
                continue
            if line.startswith(":"):
                comment = line[1:].strip()
                continue
            name, _, value = line.partition(":")
            lines[name] = value.removeprefix(" ")

    def until(self, done: Callable[[list[SseEvent]], bool], seconds: float = TURN_SECONDS) -> list[SseEvent]:
        """Read until done(every event read so far) holds; the events (comments left out)."""
        deadline = time.monotonic() + seconds
        while not done(self.events):
            left = deadline - time.monotonic()
            if left <= 0 or self.next(left) is None:
                raise TimeoutError(f"the stream ended or stalled; read so far: {self.text[-2000:]}")
        return self.events

    @property
    def events(self) -> list[SseEvent]:
        return [event for event in self.received if event.event is not None]

    def ready(self) -> None:
        """Once the stream has sent what it had and waits (its keep-alive): what comes next is live."""
        self.until(lambda got: bool(self.received) and self.received[-1].comment == "keep-alive", 10)

    def turn_over(self) -> list[SseEvent]:
        """Read until a turn ends (done or failed); the events read."""
        return self.until(
            lambda got: any(e.event == "turn" and e.data["turn_state"]["state"] != "started" for e in got)
        )


@dataclass
class Panel:
    """The panel, paired with one daemon."""

    daemon: Daemon
    token: str

    def send(self, method: str, path: str, body: Any = None, **headers: str) -> Answer:
        return send(self.daemon.port, method, path, body, self.token, **headers)

    def open(self, **fields: Any) -> Answer:
        return self.send("POST", "/panel/sessions", fields)

    def new_session(self, **fields: Any) -> str:
        opened = self.open(**fields)
        assert opened.status == 201, opened
        return str(opened.body["session"]["session_id"])

    def session(self, session_id: str) -> dict[str, Any]:
        found = self.send("GET", f"/panel/sessions/{session_id}")
        assert found.status == 200, found
        return dict(found.body)

    def sessions(self) -> list[dict[str, Any]]:
        listed = self.send("GET", "/panel/sessions")
        assert listed.status == 200, listed
        return list(listed.body["sessions"])

    def ask(self, session_id: str, text: str, provider: str | None = None) -> Answer:
        question = {"text": text} | ({"provider": provider} if provider else {})
        return self.send("POST", f"/panel/sessions/{session_id}/messages", question)

    def asked(self, session_id: str, text: str, provider: str | None = None) -> dict[str, Any]:
        """Ask, and wait for the turn to end: its events (the question's first)."""
        turn = self.ask(session_id, text, provider)
        assert turn.status == 202, turn
        return {"turn": turn.body, "events": self.turn_events(session_id, turn.body["turn"])}

    def events(self, session_id: str, after: int = 0) -> list[dict[str, Any]]:
        got = self.send("GET", f"/panel/sessions/{session_id}/events?after={after}&format=json")
        assert got.status == 200, got
        return list(got.body["events"])

    def wait_events(
        self, session_id: str, done: Callable[[list[dict[str, Any]]], Any], seconds: float = TURN_SECONDS
    ) -> list[dict[str, Any]]:
        """The session's events once done(events) holds."""
        seen: list[list[dict[str, Any]]] = [[]]

        def check() -> bool:
            seen[0] = self.events(session_id)
            return bool(done(seen[0]))

        try:
            wait_for(check, seconds, f"events of {session_id}")
        except TimeoutError as error:
            raise TimeoutError(f"{error}; the events: {json.dumps(seen[0])[-3000:]}") from None
        return seen[0]

    def turn_events(self, session_id: str, turn: int, seconds: float = TURN_SECONDS) -> list[dict[str, Any]]:
        """The events of one turn, once it ended (done or failed)."""
        events = self.wait_events(session_id, lambda events: ended(events, turn), seconds)
        return [event for event in events if event["turn"] == turn]

    def stream(self, session_id: str, after: int | None = None, **headers: str) -> SseStream:
        query = f"?after={after}" if after is not None else ""
        return SseStream(
            self.daemon.port,
            f"/panel/sessions/{session_id}/events{query}",
            {"Authorization": f"Bearer {self.token}", **{k.replace("_", "-"): v for k, v in headers.items()}},
        )

    def decide(self, request_id: str, decision: str) -> Answer:
        return self.send("POST", f"/panel/approvals/{request_id}", {"decision": decision})

    def export(self, session_id: str, format: str = "json") -> Answer:
        return self.send("GET", f"/panel/sessions/{session_id}/export?format={format}")

    def watch(self, **fields: Any) -> Answer:
        return self.send("POST", "/panel/watch", fields)


@contextmanager
def streaming(panel: Panel, session_id: str, after: int | None = None, **headers: str) -> Iterator[SseStream]:
    stream = panel.stream(session_id, after, **headers)
    try:
        yield stream
    finally:
        stream.close()


def ended(events: list[dict[str, Any]], turn: int) -> dict[str, Any] | None:
    """The event that ended this turn, if it has ended."""
    return next(
        (
            event
            for event in events
            if event["type"] == "turn" and event["turn"] == turn and event["turn_state"]["state"] != "started"
        ),
        None,
    )


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [event for event in events if event["type"] == kind]


def generations(fake: FakeProvider, since: int = 0) -> list[dict[str, Any]]:
    """The bodies of the answers asked of the fake since then (its model lists left out)."""
    return [r["body"] for r in fake.requests[since:] if r["path"].endswith(("/chat/completions", "/messages"))]


# What the extension posts


def post_events(daemon: Daemon, *events: dict[str, Any]) -> None:
    status, result = post_as_extension(daemon.port, "/events", {"events": list(events)})
    assert status == 200 and result["accepted"] == len(events), result


def console_error(message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "console", "ts": TS, "level": "error", "message": message, **extra}


def exception(message: str, **extra: Any) -> dict[str, Any]:
    return {"type": "exception", "ts": TS, "kind": "error", "message": message, **extra}


def network_error(url: str, status: int = 500, **extra: Any) -> dict[str, Any]:
    request = {"initiator": "fetch", "method": "GET", "url": url, "status": status}
    return {"type": "network_error", "ts": TS, **request, **extra}


def network_body(url: str, request_body: str, response_body: str, status: int = 500) -> dict[str, Any]:
    bodies = {"requestBody": request_body, "responseBody": response_body, "contentType": "application/json"}
    return {"type": "network_body", "ts": TS, "method": "POST", "url": url, "status": status, **bodies}


# MCP over HTTP


class Mcp:
    """An MCP client of the daemon over streamable HTTP, in the legacy era (a session from initialize)."""

    def __init__(self, daemon: Daemon, name: str = "tests-http") -> None:
        self.daemon = daemon
        self.next_id = 0
        self.session = ""
        hello = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}
        reply = self._post(hello, "initialize")
        assert "result" in reply.body, reply
        self.session = reply.headers["mcp-session-id"]
        assert self._send({"jsonrpc": "2.0", "method": "notifications/initialized"}).status == 202

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """tools/call's result: {"isError", "structuredContent", "content"}."""
        reply = self._post({"name": tool, "arguments": arguments}, "tools/call")
        assert reply.status == 200 and "result" in reply.body, reply
        return dict(reply.body["result"])

    def ok(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.call(tool, **arguments)
        assert not result["isError"], result
        return dict(result["structuredContent"])

    def approved(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """A call that needs approval: asked, approved by the person with `gasoline approve`, called again."""
        asked = self.call(tool, **arguments)
        assert asked["isError"] and asked["structuredContent"]["error"] == "approval_required", asked
        request_id = asked["structuredContent"]["details"]["request_id"]
        decided = gasoline_cli(self.daemon.state_dir, self.daemon.port, "approve", request_id)
        assert decided.returncode == 0, decided.stderr
        return self.ok(tool, **arguments, approval_id=request_id)

    def _post(self, params: dict[str, Any], method: str) -> Answer:
        self.next_id += 1
        return self._send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})

    def _send(self, message: dict[str, Any]) -> Answer:
        headers = {"Accept": "application/json, text/event-stream"}
        if self.session:
            headers["Mcp-Session-Id"] = self.session
        answer = send(self.daemon.port, "POST", "/mcp", message, self.daemon.token, **headers)
        if isinstance(answer.body, str) and answer.headers.get("content-type", "").startswith("text/event-stream"):
            data = [json.loads(line[5:]) for line in answer.body.splitlines() if line.startswith("data:")]
            return Answer(answer.status, answer.headers, data[-1])
        return answer

"""The agent loop on a real daemon whose model is the fake provider, reached through the official
OpenAI and Anthropic SDKs: answers stream to the panel before the final message; a read-only tool
call runs and its result goes back to the model; a mutating one waits for the person's decision in
the panel and runs, or is refused, as decided; a failing provider is a notice and a failed turn,
and the daemon and the session go on; no secret from the page or the question reaches the model,
an export, the session files, the daemon's log or the stream; and an export is a faithful replay."""

from __future__ import annotations

import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from gasoline_generated.models import Approval, SessionEvent, SessionExport
from gasoline_generated.policy import LIMITS

from ..fakes.model_provider import FakeProvider
from ..unit.secret_corpus import Secret, corpus
from .panel_client import (
    Mcp,
    Panel,
    console_error,
    ended,
    exception,
    generations,
    network_body,
    network_error,
    of_type,
    pair,
    panel_daemon,
    post_events,
    send,
    streaming,
)
from .processes import Daemon, health, wait_for

APIS = ["openai", "anthropic"]
MODELS = {"openai": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-5"}
# Secrets from seeds the redaction rules were not written against (the rules' own tests use the default).
HELD_OUT = corpus(seed=11)
LONG_ANSWER = "The total reads the price of a line that has none, so checkout throws before it posts the order."


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory, fake: FakeProvider) -> Iterator[Daemon]:
    with panel_daemon(tmp_path_factory.mktemp("agent-loop") / "state", fake) as running:
        yield running


@pytest.fixture(autouse=True)
def nothing_left_queued(fake: FakeProvider) -> Iterator[None]:
    """The module's tests share a fake provider: what one left queued is not answered to the next."""
    yield
    fake.forget()


@pytest.fixture(scope="module")
def panel(daemon: Daemon) -> Panel:
    return Panel(daemon, pair(daemon))


@pytest.fixture(scope="module")
def mcp(daemon: Daemon) -> Mcp:
    return Mcp(daemon)


def told(body: dict[str, Any], call_id: str) -> str:
    """What the model was told a call came to, in either API's form."""
    for message in body["messages"]:
        if message["role"] == "tool" and message.get("tool_call_id") == call_id:
            return str(message["content"])
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_result" and block.get("tool_use_id") == call_id:
                return str(block["content"])
    raise AssertionError(f"the model was not told what {call_id} came to: {json.dumps(body)[-2000:]}")


def error_count(mcp: Mcp) -> int:
    return int(mcp.ok("observe", what="errors")["total"])


@pytest.mark.parametrize("api", APIS)
def test_the_answer_streams_to_the_panel_before_its_message(api: str, panel: Panel, fake: FakeProvider) -> None:
    session_id = panel.new_session(provider=api)
    since = len(fake.requests)
    fake.reply(text=LONG_ANSWER)
    with streaming(panel, session_id, after=0) as stream:
        stream.ready()
        assert panel.ask(session_id, "Why does checkout fail?").status == 202
        got = stream.turn_over()
    deltas = [e for e in got if e.event == "delta"]
    (answer,) = [e for e in got if e.event == "message" and e.data["message"]["role"] == "assistant"]
    assert len(deltas) > 1 and got.index(deltas[-1]) < got.index(answer)
    streamed = "".join(e.data["delta"] for e in deltas)
    assert answer.data["message"]["text"] == LONG_ANSWER and LONG_ANSWER.startswith(streamed)
    assert len(LONG_ANSWER) - len(streamed) <= len(" " + LONG_ANSWER.split()[-1]), "all but the word still arriving"
    assert (answer.data["message"]["provider"], answer.data["message"]["model"]) == (api, MODELS[api])
    (sent,) = generations(fake, since)
    (request,) = [e.data["provider_request"] for e in got if e.event == "provider_request"]
    assert sent["model"] == request["model"] == MODELS[api] and request["provider"] == api
    assert sent["messages"][-1]["content"] == request["messages"][-1]["content"], "logged exactly as sent"
    assert "Why does checkout fail?" in request["messages"][-1]["content"]
    assert [t["name"] for t in request["tools"]] == ["observe", "analyze", "interact", "configure"]
    done = ended([e.data for e in got], 1)
    assert done["turn_state"]["steps"] == 1 and done["turn_state"]["tokens"] > 0


@pytest.mark.parametrize("api", APIS)
def test_a_read_only_tool_call_runs_and_the_model_reads_its_result(
    api: str, daemon: Daemon, panel: Panel, fake: FakeProvider
) -> None:
    post_events(daemon, console_error(f"ReferenceError: cartTotal{api} is not defined"))
    session_id = panel.new_session(provider=api)
    since = len(fake.requests)
    fake.reply(text="Let me look.", tool_calls=[{"name": "observe", "arguments": {"what": "errors"}}])
    fake.reply(text=f"cartTotal{api} is not defined.")
    events = panel.asked(session_id, "What is the error?")["events"]
    (call,) = of_type(events, "tool_call")
    (result,) = of_type(events, "tool_result")
    assert call["tool_call"]["tool"] == "observe" and call["tool_call"]["arguments"] == {"what": "errors"}
    assert call["tool_call"]["mutation"] == "read_only"
    assert result["tool_result"]["call_id"] == call["tool_call"]["call_id"] and result["tool_result"]["ok"] is True
    assert f"cartTotal{api} is not defined" in result["tool_result"]["text"]
    assert "error_code" not in result["tool_result"]
    _, second = generations(fake, since)
    assert told(second, call["tool_call"]["call_id"]) == result["tool_result"]["text"]
    assert len(of_type(events, "provider_request")) == 2 and ended(events, 1)["turn_state"]["steps"] == 2
    assert of_type(events, "message")[-1]["message"]["text"] == f"cartTotal{api} is not defined."
    kinds = [e["type"] for e in events]
    asked_again = [n for n, kind in enumerate(kinds) if kind == "provider_request"][1]
    assert kinds.index("tool_call") < kinds.index("tool_result") < asked_again, "the result, then the model again"


def approval_asked(panel: Panel, session_id: str) -> dict[str, Any]:
    """The pending approval the session shows, once the model's call asked for one."""
    events = panel.wait_events(session_id, lambda events: of_type(events, "approval"))
    (asked,) = of_type(events, "approval")
    return dict(asked["approval"])


@pytest.mark.parametrize("api", APIS)
def test_a_mutating_call_waits_for_the_person_and_runs_once_approved_in_the_panel(
    api: str, daemon: Daemon, panel: Panel, mcp: Mcp, fake: FakeProvider
) -> None:
    post_events(daemon, console_error("TypeError: price is undefined"))
    assert error_count(mcp) > 0
    session_id = panel.new_session(provider=api)
    since = len(fake.requests)
    fake.reply(tool_calls=[{"name": "configure", "arguments": {"action": "clear", "buffers": ["errors", "logs"]}}])
    fake.reply(text="Cleared the errors.")
    assert panel.ask(session_id, "Clear the errors, please.").status == 202
    asked = Approval.model_validate(approval_asked(panel, session_id))
    assert (asked.tool, asked.mode, asked.status, asked.mutation) == ("configure", "clear", "pending", "mutating")
    waits = panel.session(session_id)["pending"]
    assert waits[0] == "turn:1" and waits[-1] == asked.request_id and len(waits) == 3, "the turn, its call, the request"
    listed = send(daemon.port, "GET", "/approvals", token=daemon.approver_token).body["pending"]
    assert [a["request_id"] for a in listed] == [asked.request_id], "the same request every human channel sees"
    assert error_count(mcp) > 0, "nothing ran before the person decided"

    decided = panel.decide(asked.request_id, "approve")
    assert decided.status == 200 and decided.body["status"] == "approved"
    events = panel.turn_events(session_id, 1)
    assert [a["approval"]["status"] for a in of_type(events, "approval")] == ["pending", "approved"]
    (result,) = of_type(events, "tool_result")
    assert result["tool_result"]["ok"] is True and ended(events, 1)["turn_state"]["state"] == "done"
    assert error_count(mcp) == 0, "the call ran"
    assert told(generations(fake, since)[-1], result["tool_result"]["call_id"]) == result["tool_result"]["text"]
    wait_for(lambda: panel.session(session_id)["pending"] == [], what="nothing left to wait for")
    again = panel.decide(asked.request_id, "deny")
    assert (again.status, again.error) == (409, "already_decided")


@pytest.mark.parametrize("api", APIS)
def test_a_mutating_call_denied_in_the_panel_is_not_run_and_the_model_is_told(
    api: str, daemon: Daemon, panel: Panel, mcp: Mcp, fake: FakeProvider
) -> None:
    post_events(daemon, console_error("TypeError: quantity is undefined"))
    errors = error_count(mcp)
    session_id = panel.new_session(provider=api)
    since = len(fake.requests)
    fake.reply(tool_calls=[{"name": "configure", "arguments": {"action": "clear"}}])
    fake.reply(text="Understood, I left the buffers alone.")
    assert panel.ask(session_id, "Clear everything.").status == 202
    asked = approval_asked(panel, session_id)
    assert panel.decide(asked["request_id"], "deny").body["status"] == "denied"
    events = panel.turn_events(session_id, 1)
    assert [a["approval"]["status"] for a in of_type(events, "approval")] == ["pending", "denied"]
    (result,) = of_type(events, "tool_result")
    assert result["tool_result"]["ok"] is False and result["tool_result"]["error_code"] == "approval_denied"
    assert "denied" in told(generations(fake, since)[-1], result["tool_result"]["call_id"])
    assert of_type(events, "message")[-1]["message"]["text"] == "Understood, I left the buffers alone."
    assert error_count(mcp) == errors, "nothing was cleared"


def test_a_model_that_keeps_calling_tools_stops_at_the_turns_step_limit(panel: Panel, fake: FakeProvider) -> None:
    steps = LIMITS.panel.agent_steps
    session_id = panel.new_session(provider="openai")
    since = len(fake.requests)
    for _ in range(steps):
        fake.reply(tool_calls=[{"name": "inspect_everything", "arguments": {"deep": True}}])
    events = panel.asked(session_id, "Look at everything.")["events"]
    assert len(generations(fake, since)) == steps
    results = [e["tool_result"] for e in of_type(events, "tool_result")]
    assert len(results) == steps and {(r["ok"], r["error_code"]) for r in results} == {(False, "unknown_tool")}
    assert all("mutation" not in e["tool_call"] for e in of_type(events, "tool_call")), "no mode, no class"
    (notice,) = of_type(events, "notice")
    assert notice["notice"]["code"] == "step_limit"
    assert ended(events, 1)["turn_state"]["state"] == "failed" and ended(events, 1)["turn_state"]["steps"] == steps


@pytest.mark.parametrize("kind", ["status_500", "status_429", "malformed_stream", "drop", "timeout"])
@pytest.mark.parametrize("api", APIS)
def test_a_failing_provider_fails_the_turn_and_the_next_question_works(
    api: str, kind: str, daemon: Daemon, panel: Panel, fake: FakeProvider
) -> None:
    session_id = panel.new_session(provider=api)
    since = len(fake.requests)
    fake.fail_next(kind)
    assert panel.ask(session_id, "Why?").status == 202
    if kind == "timeout":  # the provider holds the request, then closes without an answer
        wait_for(lambda: generations(fake, since), what="the held request")
        assert panel.ask(session_id, "Still there?").error == "session_busy"
        fake.release()
    events = panel.turn_events(session_id, 1)
    (notice,) = of_type(events, "notice")
    assert notice["notice"]["code"] == "provider_failed" and notice["notice"]["level"] == "error"
    assert notice["notice"]["text"].startswith(f"the model did not answer: {api}: ")
    assert fake.api_key not in json.dumps(events), "no key in what the person reads"
    assert ended(events, 1)["turn_state"] == {"state": "failed", "trigger": "question", "steps": 1, "tokens": 0}
    assert len(generations(fake, since)) == 1, "a failed generation is not retried"
    assert (health(daemon.port) or {}).get("service") == "gasoline", "the daemon goes on"
    assert panel.session(session_id)["state"] == "ready"

    fake.reply(text="Fine now.")
    after = panel.asked(session_id, "And now?")
    assert after["turn"]["turn"] == 2 and ended(after["events"], 2)["turn_state"]["state"] == "done"
    assert of_type(after["events"], "message")[-1]["message"]["text"] == "Fine now."
    assert [e["seq"] for e in panel.events(session_id)] == list(range(1, len(events) + len(after["events"]) + 1))


def leaks(secrets: list[Secret], text: str) -> list[str]:
    return [s.format for s in secrets if any(len(part) >= 12 and part in text for part in s.value.split())]


def kept_text(directory: Path) -> str:
    """Every file the daemon keeps there (one replaced as it is read is read as it now is)."""
    texts = []
    for path in sorted(directory.iterdir()):
        with contextlib.suppress(FileNotFoundError):  # a temporary file, renamed meanwhile
            texts.append(path.read_text())
    return "".join(texts)


def captured(secrets: list[Secret]) -> list[dict[str, Any]]:
    """The page's events, each carrying a secret as a page would leak it."""
    events = []
    for n, secret in enumerate(secrets):
        token = quote(secret.value, safe="")
        note, echo = json.dumps({"note": secret.line}), json.dumps({"error": "declined", "echo": secret.line})
        events += [
            console_error(f"Checkout failed #{n}: {secret.line}"),
            exception(f"Error: request refused ({secret.line})", stack=f"Error: {secret.line}\n    at pay (app.js:4)"),
            network_error(f"https://shop.example.com/api/pay?id={n}&token={token}", status=401, error=secret.line),
            network_body(f"https://shop.example.com/api/orders/{n}", note, echo, status=402),
        ]
    return events


@pytest.mark.parametrize("api", APIS)
def test_no_secret_from_the_page_or_the_question_leaves_redacted(
    api: str, daemon: Daemon, panel: Panel, fake: FakeProvider
) -> None:
    secrets = HELD_OUT
    page = captured(secrets)
    for start in range(0, len(page), 100):
        post_events(daemon, *page[start : start + 100])
    question = "Why does the payment fail? The console said:\n" + "\n".join(s.line for s in secrets[:25])
    assert len(question) <= LIMITS.panel.question_chars
    session_id = panel.new_session(provider=api, url=f"http://localhost:3000/pay?token={secrets[0].value}")
    panel.open(resume=session_id, url=f"http://localhost:3000/pay?key={secrets[1].value}")
    since = len(fake.requests)
    fake.reply(
        text="Looking.",
        tool_calls=[
            {"name": "observe", "arguments": {"what": "errors", "limit": 100}},
            {"name": "observe", "arguments": {"what": "failed_requests", "limit": 100}},
            {"name": "observe", "arguments": {"what": "network_bodies", "limit": 100}},
        ],
    )
    fake.reply(text="The payment provider refused the token.")
    with streaming(panel, session_id, after=0) as stream:
        stream.ready()
        assert panel.ask(session_id, question).status == 202
        stream.turn_over()
    events = panel.turn_events(session_id, 1)
    assert ended(events, 1)["turn_state"]["state"] == "done"
    assert [r["tool_result"]["ok"] for r in of_type(events, "tool_result")] == [True, True, True]

    sent = json.dumps(generations(fake, since))
    for shown in ("Checkout failed #", "request refused", "/api/pay?id=", "declined", "Why does the payment fail?"):
        assert shown in sent, f"the model read the page's {shown!r}, masked"
    exported = panel.export(session_id)
    markdown = panel.export(session_id, "markdown")
    files = kept_text(daemon.state_dir / f"sessions-{daemon.port}")
    log = "".join(path.read_text() for path in daemon.state_dir.glob("*.log*"))
    for where, text in [("the model's requests", sent), ("the JSON export", json.dumps(exported.body)),
                        ("the Markdown export", markdown.body), ("the session files", files),
                        ("the daemon's log", log), ("the stream", stream.text)]:  # fmt: skip
        assert not leaks(secrets, text), where
    assert sent.count("[REDACTED:") >= len(secrets), "what the model read was masked, not dropped"
    requests = [e["provider_request"] for e in of_type(events, "provider_request")]
    assert all(r["redaction"]["redacted_count"] > 0 and r["redaction"]["blocked"] is False for r in requests)
    assert "[REDACTED:" in requests[0]["messages"][-1]["content"]
    assert exported.body["replay"]["redacted_count"] >= len(secrets) and "[REDACTED:" in markdown.body
    assert "[REDACTED:" in panel.session(session_id)["url"]


def test_an_export_replays_the_session_with_what_a_replay_needs(panel: Panel, fake: FakeProvider) -> None:
    session_id = panel.new_session(provider="openai")
    fake.reply(tool_calls=[{"name": "observe", "arguments": {"what": "page"}}])
    fake.reply(text="The page is not tracked yet.")
    panel.asked(session_id, "What page is this?")
    fake.reply(text="Nothing failed.")
    panel.asked(session_id, "Did anything fail?", provider="anthropic")
    offline = panel.asked(session_id, "And offline?", provider="none")["events"]
    events = panel.events(session_id)
    status = panel.send("GET", "/panel/status").body

    exported = panel.export(session_id)
    assert exported.status == 200 and f"gasoline-{session_id}.json" in exported.headers["content-disposition"]
    export = SessionExport.model_validate(exported.body)
    assert export.format == "gasoline-session/1" and export.session.session_id == session_id
    assert [e.model_dump(mode="json") for e in export.events] == events
    assert [SessionEvent.model_validate(e).seq for e in events] == list(range(1, len(events) + 1))
    replay = export.replay
    assert (replay.first_seq, replay.last_seq) == (1, events[-1]["seq"])
    assert replay.models == ["anthropic/claude-sonnet-4-5", "none/evidence", "openai/gpt-4.1-mini"]
    assert replay.provider_requests == len(of_type(events, "provider_request")) == 4
    assert replay.policy_version == status["redaction"]["policy_version"]
    assert replay.daemon_version == status["daemon_version"]
    assert export.session.turns == 3 and export.session.events == len(events)

    markdown = panel.export(session_id, "markdown")
    assert markdown.status == 200 and markdown.headers["content-type"].startswith("text/markdown")
    text = markdown.body
    assert text.startswith(f"# Gasoline session {session_id}\n")
    for said in ["What page is this?", "The page is not tracked yet.", "Did anything fail?", "Nothing failed.",
                 "And offline?", of_type(offline, "message")[-1]["message"]["text"]]:  # fmt: skip
        assert said in text, said
    assert "tool call `observe`" in text and "requests sent: 4" in text
    assert "openai/gpt-4.1-mini" in text and "anthropic/claude-sonnet-4-5" in text

    empty = panel.new_session(provider="none")
    nothing = SessionExport.model_validate(panel.export(empty).body).replay
    assert (nothing.first_seq, nothing.last_seq, nothing.models, nothing.provider_requests) == (0, 0, [], 0)


def test_a_secret_the_model_writes_is_masked_on_the_stream_too(panel: Panel, fake: FakeProvider) -> None:
    """The model's answer arrives in pieces of 8 characters: each secret is cut across several."""
    written = HELD_OUT[:: max(1, len(HELD_OUT) // 12)]
    session_id = panel.new_session(provider="openai")
    fake.reply(text="To log in: " + " then ".join(secret.line for secret in written) + ". Retry after that.")
    with streaming(panel, session_id, after=0) as stream:
        stream.ready()
        assert panel.ask(session_id, "How do I log in?").status == 202
        got = stream.turn_over()
    (answer,) = [e for e in got if e.event == "message" and e.data["message"]["role"] == "assistant"]
    streamed = "".join(e.data["delta"] for e in got if e.event == "delta")
    assert streamed and answer.data["message"]["text"].startswith(streamed), "the stream is the answer's beginning"
    assert "[REDACTED:" in answer.data["message"]["text"]
    for secret in written:
        for fragment in (part for part in secret.value.split() if len(part) >= 8):
            assert fragment not in answer.data["message"]["text"], secret.format
            assert fragment not in streamed, secret.format

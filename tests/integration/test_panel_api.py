"""The agent panel's API on a real daemon: pairing with a code from `gasoline pair`, the panel's own
token on every /panel route, sessions opened, resumed and lost, MCP clients' sessions recorded,
questions answered offline (provider none) with their events in order, the SSE stream from a
cursor, a busy session, refused requests, and everything kept across a restart of the daemon."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from gasoline_generated.models import PanelSession, PanelTurn, SessionEvent, SessionOpened
from gasoline_generated.policy import LIMITS

from ..fakes.model_provider import FakeProvider
from .panel_client import (
    Mcp,
    Panel,
    console_error,
    ended,
    generations,
    of_type,
    pair,
    pairing_code,
    panel_daemon,
    post_events,
    send,
    streaming,
)
from .processes import Daemon, free_port, running_bridge, wait_for

LOST = "sess_" + "0123456789abcdef01234567"


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory, fake: FakeProvider) -> Iterator[Daemon]:
    with panel_daemon(tmp_path_factory.mktemp("panel-api") / "state", fake) as running:
        yield running


@pytest.fixture(scope="module")
def panel(daemon: Daemon) -> Panel:
    return Panel(daemon, pair(daemon))


def pair_with(daemon: Daemon, code: str) -> tuple[int, Any]:
    answer = send(daemon.port, "POST", "/panel/pair", {"code": code})
    return answer.status, answer.body


def wrong(code: str) -> str:
    """A well-formed code that is not this one."""
    return ("AAAA" if not code.startswith("AAAA") else "BBBB") + code[4:]


def test_a_code_from_gasoline_pair_gets_the_panel_its_token_once(daemon: Daemon, panel: Panel) -> None:
    code = pairing_code(daemon)
    status, paired = pair_with(daemon, code)
    assert status == 200 and len(paired["token"]) >= 32 and paired["paired_at"].endswith("Z")
    assert send(daemon.port, "GET", "/panel/status", token=paired["token"]).status == 200
    status, refused = pair_with(daemon, code)
    assert (status, refused["error"]) == (403, "pairing_refused"), "a code works once"
    status, refused = pair_with(daemon, wrong(pairing_code(daemon)))
    assert (status, refused["error"]) == (403, "pairing_refused")
    assert "gasoline pair" in refused["message"]
    assert send(daemon.port, "POST", "/panel/pair", {"code": "k7qf2mxp"}).error == "bad_request"
    assert send(daemon.port, "POST", "/panel/pair", {"code": code, "token": "x"}).error == "bad_request"
    assert send(daemon.port, "GET", "/panel/status", token=panel.token).status == 200, "an earlier panel stays paired"


def test_wrong_codes_make_their_source_wait_and_withdraw_no_code(daemon: Daemon) -> None:
    attempts = LIMITS.panel.pairing_attempts
    code = pairing_code(daemon)
    guesser = {"Origin": f"http://127.0.0.1:{daemon.port}"}
    for _ in range(attempts):
        assert send(daemon.port, "POST", "/panel/pair", {"code": wrong(code)}, **guesser).status == 403
    waiting = send(daemon.port, "POST", "/panel/pair", {"code": wrong(code)}, **guesser)
    assert (waiting.status, waiting.error) == (429, "pairing_refused"), f"after {attempts} wrong codes it waits"
    assert 1 <= int(waiting.headers["retry-after"]) <= LIMITS.panel.pairing_guess_seconds
    assert "try again" in waiting.body["message"]
    assert pair_with(daemon, code)[0] == 200, "the open code is not withdrawn: the person pairs with it"


def panel_routes(session_id: str) -> list[tuple[str, str, Any]]:
    return [
        ("GET", "/panel/status", None),
        ("GET", "/panel/sessions", None),
        ("POST", "/panel/sessions", {}),
        ("GET", f"/panel/sessions/{session_id}", None),
        ("POST", f"/panel/sessions/{session_id}/messages", {"text": "Why?", "provider": "none"}),
        ("GET", f"/panel/sessions/{session_id}/events?format=json", None),
        ("GET", f"/panel/sessions/{session_id}/export", None),
        ("POST", "/panel/approvals/apr_0123456789abcdef0123", {"decision": "approve"}),
        ("POST", "/panel/watch", {"enabled": False}),
    ]


def test_every_panel_route_takes_the_panel_token_and_no_other(daemon: Daemon, panel: Panel) -> None:
    session_id = panel.new_session(provider="none")
    before = len(panel.events(session_id))
    for method, path, body in panel_routes(session_id):
        for token in (None, daemon.token, daemon.approver_token, "x" * 43):
            refused = send(daemon.port, method, path, body, token)
            assert (refused.status, refused.error) == (401, "unauthorized"), (method, path, token)
            assert refused.headers["www-authenticate"].startswith("Bearer")
        assert send(daemon.port, method, path, body, token=panel.token).status not in (401, 403), (method, path)
    assert panel.events(session_id)[before]["message"]["text"] == "Why?", "only the panel's question was taken"
    assert send(daemon.port, "POST", "/pairing", token=panel.token).status == 401, "the panel cannot make codes"
    assert send(daemon.port, "POST", "/pairing", token=daemon.token).status == 401
    other = send(daemon.port, "GET", "/panel/status", token=panel.token, Origin="https://evil.example.com")
    assert (other.status, other.error) == (403, "forbidden")
    panel.turn_events(session_id, 1)


def test_a_session_opens_resumes_and_a_lost_one_is_replaced_with_a_notice(panel: Panel) -> None:
    opened = panel.open(tab_id=7, url="http://localhost:3000/cart", provider="none")
    assert opened.status == 201
    first = SessionOpened.model_validate(opened.body)
    assert first.resumed is False and first.session.transport == "panel"
    assert (first.session.client_name, first.session.tab_id, first.session.events) == ("gasoline-panel", 7, 0)
    session_id = first.session.session_id

    resumed = panel.open(resume=session_id, tab_id=9)
    assert resumed.status == 200 and resumed.body["resumed"] is True
    assert resumed.body["session"]["session_id"] == session_id and resumed.body["session"]["tab_id"] == 9
    assert panel.session(session_id)["tab_id"] == 9

    lost = panel.open(resume=LOST)
    assert lost.status == 201 and lost.body["resumed"] is False and "could not be resumed" in lost.body["notice"]
    new_id = lost.body["session"]["session_id"]
    assert new_id not in (LOST, session_id)
    (notice,) = panel.events(new_id)
    assert (notice["seq"], notice["type"], notice["notice"]["code"]) == (1, "notice", "session_lost")
    assert notice["notice"]["level"] == "warning" and lost.body["session"]["events"] == 1
    listed = {session["session_id"] for session in panel.sessions()}
    assert {session_id, new_id} <= listed and LOST not in listed
    for session in panel.sessions():
        PanelSession.model_validate(session)


def test_an_mcp_client_over_http_has_a_session_that_records_its_tool_calls(daemon: Daemon, panel: Panel) -> None:
    # The MCP SDK is imported where it is used: it takes a second, in every process that collects this file.
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client
    from mcp.types import Implementation

    async def client() -> list[bool]:
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {daemon.token}"})
        who = Implementation(name="http-test-client", version="1")
        async with Client(streamable_http_client(daemon.url, http_client=http), mode="legacy", client_info=who) as mcp:
            results = [
                await mcp.call_tool("observe", {"what": "errors"}),
                await mcp.call_tool("configure", {"action": "health"}),
                await mcp.call_tool("observe", {"what": "nothing"}),
            ]
        return [bool(result.is_error) for result in results]

    assert anyio.run(client) == [False, False, True]
    (session,) = [s for s in panel.sessions() if s["client_name"] == "http-test-client"]
    assert session["transport"] == "http"
    events = panel.wait_events(session["session_id"], lambda events: len(events) == 6)
    calls, results = of_type(events, "tool_call"), of_type(events, "tool_result")
    assert [(c["tool_call"]["tool"], c["tool_call"]["arguments"]) for c in calls] == [
        ("observe", {"what": "errors"}),
        ("configure", {"action": "health"}),
        ("observe", {"what": "nothing"}),
    ]
    assert [r["tool_result"]["call_id"] for r in results] == [c["tool_call"]["call_id"] for c in calls]
    assert [r["tool_result"]["ok"] for r in results] == [True, True, False]
    assert [event["seq"] for event in events] == [1, 2, 3, 4, 5, 6]
    assert panel.session(session["session_id"])["events"] == 6


def test_an_mcp_client_on_stdio_has_a_session_too(daemon: Daemon, panel: Panel) -> None:
    with running_bridge(daemon.state_dir, daemon.port) as bridge:
        bridge.initialize()
        assert bridge.result("configure", action="health")["service"] == "gasoline"
    found = wait_for(lambda: [s for s in panel.sessions() if s["transport"] == "stdio" and s["events"] == 2])
    (session,) = found
    calls = of_type(panel.events(session["session_id"]), "tool_call")
    assert [c["tool_call"]["arguments"] for c in calls] == [{"action": "health"}]
    named = wait_for(lambda: next(s for s in panel.sessions() if s["session_id"] == session["session_id"]))
    assert named["client_name"] == "tests", "named after the client the bridge speaks for"


def test_an_offline_answer_and_its_events_in_order(daemon: Daemon, panel: Panel) -> None:
    post_events(daemon, console_error("TypeError: Cannot read properties of undefined (reading 'total')"))
    session_id = panel.new_session(provider="none")
    asked = panel.ask(session_id, "Why does checkout fail?")
    assert asked.status == 202
    turn = PanelTurn.model_validate(asked.body)
    assert (turn.session_id, turn.turn, turn.seq, turn.provider) == (session_id, 1, 1, "none")
    events = panel.turn_events(session_id, 1)
    assert [SessionEvent.model_validate(event).seq for event in events] == list(range(1, len(events) + 1))
    kinds = [event["type"] for event in events]
    assert kinds == ["message", "turn", "evidence", "evidence", "evidence", "evidence", "provider_request",
                     "message", "turn"]  # fmt: skip
    question, started, *cards, request, answer, done = events
    assert question["message"] == {"role": "user", "text": "Why does checkout fail?"}
    assert started["turn_state"] == {"state": "started", "trigger": "question", "steps": 0}
    assert [card["evidence"]["kind"] for card in cards] == ["page", "errors", "network", "actions"]
    assert any("reading 'total'" in line for line in cards[1]["evidence"]["lines"])
    assert request["provider_request"]["provider"] == "none"
    assert "Why does checkout fail?" in request["provider_request"]["messages"][-1]["content"]
    assert answer["message"]["role"] == "assistant" and answer["message"]["provider"] == "none"
    assert "reading 'total'" in answer["message"]["text"], "offline triage names the error it saw"
    assert done["turn_state"]["state"] == "done" and done["turn_state"]["steps"] == 1
    assert all(event["turn"] == 1 for event in events)
    session = panel.session(session_id)
    assert (session["turns"], session["events"], session["provider"]) == (1, len(events), "none")

    again = panel.asked(session_id, "And now?")
    assert again["turn"]["turn"] == 2 and again["turn"]["seq"] == len(events) + 1
    history = again["events"][-3]["provider_request"]["messages"]
    assert [m["content"] for m in history[:2]] == ["Why does checkout fail?", answer["message"]["text"]], (
        "the earlier turn is in the conversation"
    )


def test_the_stream_sends_each_event_with_its_seq_and_resumes_from_a_cursor(panel: Panel) -> None:
    session_id = panel.new_session(provider="none")
    events = panel.asked(session_id, "What failed?")["events"]
    last = events[-1]["seq"]
    with streaming(panel, session_id, after=2) as stream:
        assert stream.status == 200 and stream.content_type.startswith("text/event-stream")
        got = stream.until(lambda got: len(got) == last - 2)
        assert [(e.id, e.event) for e in got] == [(str(e["seq"]), e["type"]) for e in events[2:]]
        assert [e.data for e in got] == events[2:]
    assert panel.events(session_id, after=last - 1) == events[-1:]

    with streaming(panel, session_id, Last_Event_ID=str(last)) as stream:  # a reconnecting stream
        stream.ready()
        assert stream.events == [], "nothing the panel has is sent again"
        assert panel.ask(session_id, "And the network?").status == 202
        live = stream.turn_over()
    assert live[0].id == str(last + 1) and live[0].data["message"]["text"] == "And the network?"
    deltas = [e for e in live if e.event == "delta"]
    (answer,) = [e for e in live if e.event == "message" and e.data["message"]["role"] == "assistant"]
    assert deltas and all(e.id is None and "seq" not in e.data for e in deltas), "a delta has no seq"
    assert live.index(deltas[-1]) < live.index(answer)
    assert answer.data["message"]["text"].startswith("".join(e.data["delta"] for e in deltas)), (
        "the stream is the answer's beginning (its end is held back until redaction can see it whole)"
    )
    assert live[-1].data["turn_state"]["state"] == "done"
    kept = [e.id for e in live if e.id is not None]
    assert kept == [str(n) for n in range(last + 1, last + 1 + len(kept))]
    assert [e.data for e in live if e.id is not None] == panel.events(session_id, after=last)


def test_a_question_while_a_turn_runs_is_refused_and_the_session_goes_on(panel: Panel, fake: FakeProvider) -> None:
    session_id = panel.new_session(provider="openai")
    sent = len(fake.requests)
    fake.fail_next("timeout")  # the provider holds the request until released
    assert panel.ask(session_id, "Slow one?").status == 202
    wait_for(lambda: generations(fake, sent), what="the request held by the provider")
    busy = panel.ask(session_id, "Another?")
    assert (busy.status, busy.error) == (409, "session_busy")
    fake.release()
    failed = panel.turn_events(session_id, 1)
    assert ended(failed, 1)["turn_state"]["state"] == "failed"
    assert of_type(failed, "notice")[0]["notice"]["code"] == "provider_failed"
    fake.reply(text="Now it answers.")
    done = panel.asked(session_id, "Another?")
    assert done["turn"]["turn"] == 2 and ended(done["events"], 2)["turn_state"]["state"] == "done"
    assert of_type(done["events"], "message")[-1]["message"]["text"] == "Now it answers."


@pytest.mark.exclusive  # an offline turn ends in milliseconds: under load a late asker may find it over
def test_of_questions_sent_at_once_to_one_session_one_starts_a_turn(panel: Panel) -> None:
    session_id = panel.new_session(provider="none")
    together = threading.Barrier(4)
    statuses: list[int] = []

    def ask() -> None:
        together.wait()
        statuses.append(panel.ask(session_id, "At once?").status)

    askers = [threading.Thread(target=ask) for _ in range(4)]
    for asker in askers:
        asker.start()
    for asker in askers:
        asker.join(30)
    assert sorted(statuses) == [202, 409, 409, 409]
    events = panel.turn_events(session_id, 1)
    assert len(of_type(events, "message")) == 2 and panel.session(session_id)["turns"] == 1
    assert [e["seq"] for e in panel.events(session_id)] == list(range(1, len(events) + 1)), "one turn, nothing else"


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (b"{not json", "not JSON"),
        ({"text": "Why?", "api_key": "sk-123"}, "an unknown field"),
        ({"text": ""}, "an empty question"),
        ({"text": "Why?", "provider": "litellm"}, "an unknown provider"),
        ({"text": "x" * (LIMITS.panel.question_chars + 1)}, "a question too long"),
        ([{"text": "Why?"}], "not an object"),
    ],
)
def test_a_question_that_is_not_a_panel_question_is_refused(panel: Panel, body: Any, why: str) -> None:
    session_id = panel.new_session(provider="none")
    refused = panel.send("POST", f"/panel/sessions/{session_id}/messages", body)
    assert (refused.status, refused.error) == (400, "bad_request"), why
    assert panel.events(session_id) == [] and panel.session(session_id)["turns"] == 0


def test_a_session_nobody_has_is_unknown_on_every_route(panel: Panel) -> None:
    for method, path, body in [
        ("GET", f"/panel/sessions/{LOST}", None),
        ("POST", f"/panel/sessions/{LOST}/messages", {"text": "Why?"}),
        ("GET", f"/panel/sessions/{LOST}/events", None),
        ("GET", f"/panel/sessions/{LOST}/events?format=json", None),
        ("GET", f"/panel/sessions/{LOST}/export", None),
        ("POST", "/panel/watch", {"enabled": True, "session_id": LOST}),
    ]:
        refused = panel.send(method, path, body)
        assert (refused.status, refused.error) == (404, "unknown_session"), (method, path)
    session_id = panel.new_session(provider="none")
    bad = panel.send("GET", f"/panel/sessions/{session_id}/events?after=abc&format=json")
    assert (bad.status, bad.error) == (400, "bad_request")
    assert panel.open(resume="42").error == "bad_request"


def test_sessions_their_events_and_the_panel_token_outlive_a_restart(tmp_path: Path) -> None:
    state_dir, port = tmp_path / "state", free_port()
    with panel_daemon(state_dir, port=port) as daemon:
        panel = Panel(daemon, pair(daemon))
        session_id = panel.new_session(provider="none", tab_id=3)
        events = panel.asked(session_id, "What failed?")["events"]
        mcp = Mcp(daemon, "restarted-client")
        mcp.ok("configure", action="health")
        wait_for(lambda: any(s["client_name"] == "restarted-client" and s["events"] == 2 for s in panel.sessions()))
        before = {s["session_id"]: s for s in panel.sessions()}
    kept = sorted(path.name for path in (state_dir / f"sessions-{port}").iterdir())
    assert f"{session_id}.jsonl" in kept and f"{session_id}.json" in kept

    with panel_daemon(state_dir, port=port) as daemon:
        again = Panel(daemon, panel.token)
        assert send(port, "GET", "/panel/status", token=panel.token).status == 200, "the token is still paired"
        assert {s["session_id"] for s in again.sessions()} == set(before)
        assert again.session(session_id)["events"] == len(events) and again.session(session_id)["turns"] == 1
        assert again.events(session_id) == events
        mcp_id = next(sid for sid, s in before.items() if s["client_name"] == "restarted-client")
        assert [e["type"] for e in again.events(mcp_id)] == ["tool_call", "tool_result"]
        resumed = again.open(resume=session_id)
        assert resumed.status == 200 and resumed.body["resumed"] is True
        more = again.asked(session_id, "And now?")
        assert more["turn"] == {"session_id": session_id, "turn": 2, "seq": len(events) + 1, "provider": "none"}
        assert [e["seq"] for e in again.events(session_id)] == list(range(1, len(events) + len(more["events"]) + 1))
        assert json.loads((state_dir / f"sessions-{port}" / f"{session_id}.json").read_text())["turns"] == 2

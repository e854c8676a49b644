"""agent_watch on a real daemon: switched on from the panel (its token) or by an MCP client (a
mutating call, approved with `gasoline approve`); the extension's captured events trigger it; its
rate limit and dedupe window hold exactly; and a run it starts may only read, whatever the model
(the fake provider, through the official SDK) asks: a mutating call fails with read_only_run,
nothing changes, and nobody is asked to approve anything."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from gasoline_generated.models import AgentContextEnvelope, ConfigureAgentWatchResult
from gasoline_generated.policy import LIMITS

from ..fakes.model_provider import FakeProvider
from .panel_client import (
    Mcp,
    Panel,
    console_error,
    ended,
    exception,
    generations,
    network_error,
    of_type,
    pair,
    panel_daemon,
    post_events,
    send,
)
from .processes import Daemon, gasoline_cli, post_as_extension, wait_for

SECRET = "ghp_" + "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x"
WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet", "kilo", "lima"]


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory, fake: FakeProvider) -> Iterator[Daemon]:
    with panel_daemon(tmp_path_factory.mktemp("agent-watch") / "state", fake) as running:
        yield running


@pytest.fixture(scope="module")
def panel(daemon: Daemon) -> Panel:
    return Panel(daemon, pair(daemon))


@pytest.fixture(scope="module")
def mcp(daemon: Daemon) -> Mcp:
    return Mcp(daemon, "watch-tests")


@pytest.fixture(autouse=True)
def watch_off(panel: Panel) -> Iterator[None]:
    """Each test switches the watch on as it needs; it is off again after it."""
    yield
    assert panel.watch(enabled=False).status == 200


def status(mcp: Mcp) -> dict[str, Any]:
    """configure(action="agent_watch", operation="status"): read-only, so no approval."""
    return mcp.ok("configure", action="agent_watch", operation="status")


def considered(mcp: Mcp, count: int) -> dict[str, Any]:
    """The watch's status once it has looked at this many events of a kind it follows."""

    def looked_at() -> dict[str, Any] | None:
        shown = status(mcp)
        seen = shown["triggered_count"] + shown["deduped_count"] + shown["rate_limited_count"]
        return shown if seen >= count else None

    return dict(wait_for(looked_at, what=f"agent_watch looked at {count} events"))


def watch_events(panel: Panel, session_id: str, count: int) -> list[dict[str, Any]]:
    """The session's events once it holds this many watch envelopes and a run they started, and every
    run begun has ended (an envelope posted while a run is under way starts none)."""

    def settled(events: list[dict[str, Any]]) -> bool:
        runs = {e["turn"] for e in of_type(events, "turn")}
        return len(of_type(events, "watch")) >= count and bool(runs) and all(ended(events, run) for run in runs)

    return panel.wait_events(session_id, settled)


def watched_run(panel: Panel, session_id: str) -> list[dict[str, Any]]:
    """The session's events once the run of its first watch envelope has ended."""

    def run_ended(events: list[dict[str, Any]]) -> bool:
        envelopes = of_type(events, "watch")
        return bool(envelopes) and ended(events, envelopes[0]["turn"]) is not None

    return panel.wait_events(session_id, run_ended)


def pilot_on(daemon: Daemon) -> list[Any]:
    """Sync as the extension does, with AI Web Pilot switched on in its popup: the commands waiting for it."""
    settings = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": True}
    tab = {"id": 7, "url": "http://localhost:3000/checkout", "title": "Checkout", "tracked": True}
    sync = {"extension_version": "0.1.0", "settings": settings, "tab": tab, "dropped_events": 0}
    status, answer = post_as_extension(daemon.port, "/sync", sync)
    assert status == 200, answer
    return list(answer.get("commands", []))


def test_an_mcp_client_switches_the_watch_on_only_with_a_persons_approval(
    daemon: Daemon, panel: Panel, mcp: Mcp
) -> None:
    arguments = {"action": "agent_watch", "operation": "enable", "events": ["errors", "network_errors"],
                 "rate_limit_per_min": 7, "dedupe_window_seconds": 30}  # fmt: skip
    asked = mcp.call("configure", **arguments)
    assert asked["isError"] and asked["structuredContent"]["error"] == "approval_required"
    details = asked["structuredContent"]["details"]
    assert (details["tool"], details["mode"], details["mutation"]) == ("configure", "agent_watch", "mutating")
    assert details["summary"].startswith("Turn agent_watch on for errors, network_errors")
    assert status(mcp)["enabled"] is False, "nothing changed before the person decided"
    approved = gasoline_cli(daemon.state_dir, daemon.port, "approve", details["request_id"])
    assert approved.returncode == 0, approved.stderr
    enabled = mcp.ok("configure", **arguments, approval_id=details["request_id"])
    assert enabled["enabled"] is True and enabled["events"] == ["errors", "network_errors"]
    assert (enabled["rate_limit_per_min"], enabled["dedupe_window_seconds"]) == (7, 30)
    assert (enabled["triggered_count"], enabled["deduped_count"], enabled["rate_limited_count"]) == (0, 0, 0)
    assert panel.send("GET", "/panel/status").body["watch_enabled"] is True
    disabled = mcp.call("configure", action="agent_watch", operation="disable")
    assert disabled["structuredContent"]["error"] == "approval_required", "switching it off is asked for too"
    denied = gasoline_cli(daemon.state_dir, daemon.port, "deny", disabled["structuredContent"]["details"]["request_id"])
    assert denied.returncode == 0 and status(mcp)["enabled"] is True


def test_the_panel_switches_the_watch_for_its_session_with_its_token(daemon: Daemon, panel: Panel, mcp: Mcp) -> None:
    session_id = panel.new_session(provider="none")
    for token in (None, daemon.token, daemon.approver_token):
        assert send(daemon.port, "POST", "/panel/watch", {"enabled": True}, token).status == 401
    assert status(mcp)["enabled"] is False
    switched = panel.watch(enabled=True, session_id=session_id, events=["errors", "network_errors", "websocket"])
    assert switched.status == 200
    shown = status(mcp)
    assert shown["enabled"] is True and shown["events"] == ["errors", "network_errors", "websocket"]
    assert panel.send("GET", "/panel/status").body["watch_enabled"] is True
    for body in ({"enabled": "yes"}, {"enabled": True, "events": []}, {"enabled": True, "events": ["console"]},
                 {"enabled": True, "rate_limit_per_min": 1}):  # fmt: skip
        assert panel.watch(**body).error == "bad_request", body

    post_events(daemon, network_error("http://localhost:3000/api/cart", status=503, error="Service Unavailable"))
    (envelope,) = of_type(watch_events(panel, session_id, 1), "watch")
    watched = AgentContextEnvelope.model_validate(envelope["watch"])
    assert watched.trigger == "network_errors" and watched.session_id == session_id
    assert watched.summary == "network errors: GET http://localhost:3000/api/cart 503"
    assert any("api/cart" in line for line in watched.evidence.network)
    assert panel.watch(enabled=False).status == 200 and status(mcp)["enabled"] is False


def test_the_rate_limit_posts_exactly_so_many_a_minute(daemon: Daemon, panel: Panel, mcp: Mcp) -> None:
    session_id = panel.new_session(provider="none")
    assert panel.watch(enabled=False, session_id=session_id).status == 200
    mcp.approved("configure", action="agent_watch", operation="enable", rate_limit_per_min=5, dedupe_window_seconds=15)
    post_events(daemon, *[console_error(f"TypeError: {word} is not a function") for word in WORDS])
    shown = considered(mcp, len(WORDS))
    assert (shown["triggered_count"], shown["rate_limited_count"], shown["deduped_count"]) == (5, 7, 0)
    assert shown["last_triggered_at"].endswith("Z")
    events = watch_events(panel, session_id, 5)
    envelopes = [AgentContextEnvelope.model_validate(e["watch"]) for e in of_type(events, "watch")]
    assert [e.summary for e in envelopes] == [f"errors: TypeError: {word} is not a function" for word in WORDS[:5]]
    assert len({e.context_id for e in envelopes}) == 5 and {e.trigger for e in envelopes} == {"errors"}
    runs = [e for e in of_type(events, "turn") if e["turn_state"]["state"] != "started"]
    assert runs and {run["turn_state"]["trigger"] for run in runs} == {"watch"}
    assert [e["seq"] for e in events] == list(range(1, len(events) + 1))


def test_the_same_error_within_the_dedupe_window_is_posted_once(daemon: Daemon, panel: Panel, mcp: Mcp) -> None:
    session_id = panel.new_session(provider="none")
    assert panel.watch(enabled=True, session_id=session_id).status == 200
    assert status(mcp)["dedupe_window_seconds"] >= 10
    same = [
        exception(f"TypeError: cannot read item {n} of cart {n * 7 + 100} (order {n:04x}beefcafe{n:02d})")
        for n in range(10)
    ]
    post_events(daemon, *same)
    shown = considered(mcp, 10)
    assert (shown["triggered_count"], shown["deduped_count"], shown["rate_limited_count"]) == (1, 9, 0)
    (envelope,) = of_type(watch_events(panel, session_id, 1), "watch")
    assert envelope["watch"]["fingerprint"] == "errors:TypeError: cannot read item # of cart # (order #)"
    assert "item 0 of cart 100" in envelope["watch"]["summary"]

    post_events(daemon, exception("TypeError: cannot read item 3 of wishlist 9"))
    shown = considered(mcp, 11)
    assert (shown["triggered_count"], shown["deduped_count"]) == (2, 9), "another error is no repeat"
    assert len(of_type(watch_events(panel, session_id, 2), "watch")) == 2


def test_a_run_the_watch_started_may_only_read_whatever_the_model_asks(
    daemon: Daemon, panel: Panel, mcp: Mcp, fake: FakeProvider
) -> None:
    session_id = panel.new_session(provider="openai")
    assert panel.watch(enabled=True, session_id=session_id).status == 200
    assert pilot_on(daemon) == [], "the extension is connected, AI Web Pilot on, and no command waits"
    since = len(fake.requests)
    asks = [
        {"name": "configure", "arguments": {"action": "clear"}},
        {"name": "configure", "arguments": {"action": "agent_watch", "operation": "disable"}},
        {"name": "interact", "arguments": {"action": "click", "selector": "#pay"}},
        {"name": "observe", "arguments": {"what": "errors"}},
    ]
    fake.reply(text="Let me tidy up.", tool_calls=asks)
    fake.reply(text="The checkout script failed; I could only read.")
    post_events(daemon, exception(f"Error: payment failed with key {SECRET}"))
    events = watched_run(panel, session_id)

    (envelope,) = of_type(events, "watch")
    assert SECRET not in envelope["watch"]["summary"] and "[REDACTED:" in envelope["watch"]["summary"]
    assert envelope["watch"]["redaction"]["redacted_count"] >= 1
    calls = [e["tool_call"] for e in of_type(events, "tool_call")]
    results = [e["tool_result"] for e in of_type(events, "tool_result")]
    assert [c["mutation"] for c in calls] == ["mutating", "mutating", "mutating", "read_only"]
    assert [(r["ok"], r.get("error_code")) for r in results] == [
        (False, "read_only_run"),
        (False, "read_only_run"),
        (False, "read_only_run"),
        (True, None),
    ]
    assert "may only read" in results[0]["text"]
    assert "payment failed" in results[3]["text"], "reading still works"
    run = ended(events, envelope["turn"])["turn_state"]
    assert (run["state"], run["trigger"], run["steps"]) == ("done", "watch", 2)
    assert of_type(events, "approval") == [], "no approval was asked for"
    assert send(daemon.port, "GET", "/approvals", token=daemon.approver_token).body == {"pending": []}
    assert mcp.ok("observe", what="errors")["total"] >= 1, "the buffers were not cleared"
    assert status(mcp)["enabled"] is True, "the watch was not switched off"
    assert pilot_on(daemon) == [], "no command went to the browser"
    sent = generations(fake, since)
    assert len(sent) == 2 and str(sent[1]).count("this run may only read") == 3 and SECRET not in str(sent)


def test_a_run_the_watch_started_stops_at_its_step_or_token_cap(
    daemon: Daemon, panel: Panel, mcp: Mcp, fake: FakeProvider
) -> None:
    session_id = panel.new_session(provider="anthropic")
    assert panel.watch(enabled=True, session_id=session_id).status == 200
    since = len(fake.requests)
    for _ in range(LIMITS.panel.watch_steps):
        fake.reply(tool_calls=[{"name": "observe", "arguments": {"what": "errors", "limit": 50}}])
    post_events(daemon, console_error("Uncaught RangeError: Maximum call stack size exceeded"))
    events = watched_run(panel, session_id)
    (notice,) = of_type(events, "notice")
    assert notice["notice"]["code"] in ("cost_limit", "step_limit")
    done = ended(events, of_type(events, "watch")[0]["turn"])
    assert done["turn_state"]["state"] == "failed" and done["turn_state"]["trigger"] == "watch"
    asked = len(generations(fake, since))
    assert 1 <= asked <= LIMITS.panel.watch_steps and done["turn_state"]["steps"] == asked
    if notice["notice"]["code"] == "cost_limit":
        assert done["turn_state"]["tokens"] >= LIMITS.panel.watch_tokens
    assert panel.watch(enabled=False).status == 200
    spare = panel.new_session(provider="anthropic")
    for _ in range(LIMITS.panel.watch_steps - asked):  # the replies the run left are used up here
        panel.asked(spare, "Anything else?")


def test_the_status_names_the_session_the_watch_posts_to(panel: Panel, mcp: Mcp) -> None:
    session_id = panel.new_session(provider="none")
    assert panel.watch(enabled=True, session_id=session_id).status == 200
    shown = status(mcp)
    assert shown["posts_to"] == session_id
    ConfigureAgentWatchResult.model_validate(shown)

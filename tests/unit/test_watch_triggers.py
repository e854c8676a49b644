"""agent_watch follows every kind of trouble the spec names (WatchTrigger): some captured event
fires each, through the capture store as the daemon wires it."""

from __future__ import annotations

import queue
import time
import typing
from typing import Any

from gasoline.capture.store import CaptureStore
from gasoline.panel.watch import Admitted, AgentWatch
from gasoline_generated.enums import WatchTrigger
from gasoline_generated.models import CaptureEvent, ConfigureAgentWatchParams

TS = "2026-11-22T10:30:00.000Z"
SOCKET = {"type": "websocket", "ts": TS, "id": "3f6c1e2a-8d4b-4a57-9a0e-1b2c3d4e5f60", "url": "wss://shop.test/ws"}
# Events a page produces when it is in trouble, and some when it is not.
PAGE_EVENTS: list[dict[str, Any]] = [
    {"type": "console", "ts": TS, "level": "log", "message": "cart loaded 3 items"},
    {"type": "exception", "ts": TS, "kind": "error", "message": "TypeError: total is undefined"},
    {"type": "console", "ts": TS, "level": "error", "message": "Uncaught RangeError: stack size exceeded"},
    {"type": "console", "ts": TS, "level": "warn", "message": "deprecated prop 'size'"},
    {
        "type": "console",
        "ts": TS,
        "level": "error",
        "message": "Refused to load the script because it violates the Content Security Policy directive",
    },
    {"type": "network_error", "ts": TS, "initiator": "fetch", "method": "GET", "url": "/api/cart", "status": 503},
    {**SOCKET, "event": "close", "code": 1000, "reason": "normal closure"},
    {**SOCKET, "event": "close", "code": 1006},
    {**SOCKET, "event": "error"},
]
LAST = {"type": "exception", "ts": TS, "kind": "error", "message": "the last event of the page"}
DEADLINE_SECONDS = 10.0


def admitted_until_last(watch: AgentWatch) -> list[Admitted]:
    """What the watch let through, in order, up to the last event posted (it considers them in order)."""
    deadline = time.monotonic() + DEADLINE_SECONDS
    found: list[Admitted] = []
    while not found or found[-1].event is not LAST:
        try:
            found.append(watch.admitted.get(timeout=max(0.0, deadline - time.monotonic())))
        except queue.Empty:
            raise AssertionError(f"the watch let through only {len(found)} events in {DEADLINE_SECONDS} s") from None
    return found[:-1]


def test_some_captured_event_fires_every_trigger_the_spec_names() -> None:
    triggers = typing.get_args(WatchTrigger)
    assert triggers, "the spec names the kinds of trouble agent_watch follows"
    store, watch = CaptureStore(), AgentWatch(fingerprints=100)
    store.listen(watch.observe)
    watch.configure(True, triggers, rate_limit_per_min=len(PAGE_EVENTS) + 1, dedupe_window_seconds=0)
    for event in [*PAGE_EVENTS, LAST]:
        CaptureEvent.model_validate(event)
        store.add(event, time.time())
    fired = {admitted.trigger for admitted in admitted_until_last(watch)}
    missing = sorted(set(triggers) - fired)
    assert not missing, f"no captured event fires {missing}: classify in panel/watch.py does not produce them"
    assert fired == set(triggers)
    assert watch.status().triggered_count == 7  # the log, the deprecation warning and the normal close are no trouble


def test_the_watch_starts_with_the_rate_limit_and_dedupe_window_the_spec_defaults_to() -> None:
    shown = AgentWatch(fingerprints=100).status()
    defaults = ConfigureAgentWatchParams(operation="enable")
    assert shown.enabled is False
    assert (shown.rate_limit_per_min, shown.dedupe_window_seconds) == (
        defaults.rate_limit_per_min,
        defaults.dedupe_window_seconds,
    )

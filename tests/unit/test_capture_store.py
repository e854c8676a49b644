"""The capture store: every event type has a buffer, arrival order spans buffers, and WebSocket
statistics stay right as connections come and go."""

from __future__ import annotations

import time
import typing

import pytest

from gasoline.capture.pages import paginate
from gasoline.capture.store import BUFFER_OF_TYPE, CaptureStore
from gasoline.capture.websockets import WebSocketConnections
from gasoline.core.cursors import BadCursor
from gasoline_generated.models import CaptureEvent


def test_every_event_type_of_the_spec_has_a_buffer() -> None:
    members = typing.get_args(CaptureEvent.model_fields["root"].annotation)
    types = {typing.get_args(member.model_fields["type"].annotation)[0] for member in members}
    assert types == set(BUFFER_OF_TYPE)


def test_merged_buffers_keep_the_order_of_arrival() -> None:
    store = CaptureStore()
    store.add({"type": "console", "level": "error", "message": "a"}, 3.0)
    store.add({"type": "exception", "kind": "error", "message": "b"}, 1.0)
    store.add({"type": "console", "level": "log", "message": "c"}, 2.0)
    assert [e.event["message"] for e in store.newest_first("errors", "logs")] == ["c", "b", "a"]


def test_a_cursor_is_checked() -> None:
    with pytest.raises(BadCursor):
        paginate([], lambda entry: True, 10, "c_0")


def test_websocket_rates_counts_and_eviction_per_tab() -> None:
    connections = WebSocketConnections(per_tab=2, total=3)
    now = time.time()
    for index in range(3):
        connections.record({"id": f"c{index}", "event": "open", "url": f"ws://x/{index}", "tabId": 1}, now - 30)
    for second in range(30):
        connections.record({"id": "c2", "event": "message", "direction": "incoming"}, now - 30 + second)
    connections.record({"id": "c2", "event": "message", "direction": "outgoing"}, now)
    summaries = connections.summaries()
    assert [s.id for s in summaries] == ["c2", "c1"], "the oldest of the tab is evicted"
    busy = summaries[0]
    assert (busy.messages_in, busy.messages_out) == (30, 1)
    assert busy.rate_in_per_second == pytest.approx(1.0, abs=0.1)
    connections.record({"id": "c9", "event": "open", "tabId": 2}, now)
    connections.record({"id": "c8", "event": "close", "code": 1006, "tabId": 3}, now)
    assert len(connections.summaries()) == 3, "the total cap holds across tabs"

"""Where captured events live: one ring buffer per kind of event, with one arrival order across
them (so lists that merge buffers and cursors stay stable), and WebSocket connection statistics."""

from __future__ import annotations

import itertools
import json
import threading
from collections.abc import Callable
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from .buffers import RingBuffer, capture_buffers
from .websockets import WebSocketConnections

# Each event type of spec/events and the buffer that keeps it.
BUFFER_OF_TYPE = {
    "console": "logs",
    "exception": "errors",
    "network_error": "errors",
    "network_body": "network_bodies",
    "websocket": "websocket_events",
}


SEQ = attrgetter("seq")
COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def compact_size(value: Any) -> int:
    """The bytes of a value as compact JSON: what an entry counts against its buffer's byte cap."""
    return len(COMPACT.encode(value).encode())


@dataclass(frozen=True, slots=True)
class Captured:
    """A stored event: its place in arrival order, when it happened (epoch seconds) and the
    event itself, already redacted."""

    seq: int
    at: float
    event: dict[str, Any]


class CaptureStore:
    def __init__(self) -> None:
        self.buffers: dict[str, RingBuffer] = capture_buffers()
        self.websockets = WebSocketConnections()
        self._seq = itertools.count(1)
        self._lock = threading.Lock()
        self.accepted = 0
        self.rejected = 0
        self._listeners: list[Callable[[dict[str, Any]], None]] = []

    def listen(self, listener: Callable[[dict[str, Any]], None]) -> None:
        """Call listener with each event as it is kept (redacted); it must return at once."""
        self._listeners.append(listener)

    def count(self, accepted: int, rejected: int) -> None:
        """Events accepted and rejected by ingestion, for health."""
        with self._lock:
            self.accepted += accepted
            self.rejected += rejected

    def add(self, event: dict[str, Any], at: float, size: int | None = None) -> None:
        """Keep a redacted event (valid against CaptureEvent) in the buffer of its type; size: its
        compact_size, when the caller has it."""
        size = compact_size(event) if size is None else size
        self.buffers[BUFFER_OF_TYPE[event["type"]]].append(Captured(next(self._seq), at, event), size)
        if event["type"] == "websocket":
            self.websockets.record(event, at)
        for listener in self._listeners:
            listener(event)

    def newest_first(self, *names: str) -> list[Captured]:
        """The entries of the named buffers, merged, newest first."""
        found = [self.buffers[name].newest_first() for name in names]
        return found[0] if len(found) == 1 else merged(*found)


def merged(*newest_first: list[Captured]) -> list[Captured]:
    """Lists of entries, each newest first, as one list newest first."""
    return sorted(itertools.chain(*newest_first), key=SEQ, reverse=True)

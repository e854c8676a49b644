"""Ring buffers with an entry cap and a byte cap: the oldest entries go first, and are counted."""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from gasoline_generated.models import HealthBuffer
from gasoline_generated.policy import LIMITS


class RingBuffer:
    def __init__(self, name: str, max_entries: int, max_bytes: int) -> None:
        self.name = name
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        # The entries and their sizes, oldest first, side by side: reading copies the entries at C speed.
        self._entries: deque[Any] = deque()
        self._sizes: deque[int] = deque()
        self._bytes = 0
        self._evicted = 0
        self._lock = threading.Lock()

    def append(self, entry: Any, size: int) -> None:
        with self._lock:
            self._entries.append(entry)
            self._sizes.append(size)
            self._bytes += size
            while self._entries and (len(self._entries) > self.max_entries or self._bytes > self.max_bytes):
                self._entries.popleft()
                self._bytes -= self._sizes.popleft()
                self._evicted += 1

    def newest_first(self) -> list[Any]:
        with self._lock:
            return list(reversed(self._entries))

    def clear(self) -> int:
        with self._lock:
            removed = len(self._entries)
            self._entries.clear()
            self._sizes.clear()
            self._bytes = 0
            return removed

    def usage(self) -> HealthBuffer:
        with self._lock:
            return HealthBuffer(
                name=self.name,
                entries=len(self._entries),
                max_entries=self.max_entries,
                bytes=self._bytes,
                max_bytes=self.max_bytes,
                evicted=self._evicted,
            )


def capture_buffers() -> dict[str, RingBuffer]:
    """The daemon's capture buffers, sized by spec/policy/limits.yaml."""
    caps = LIMITS.buffers
    return {
        "logs": RingBuffer("logs", caps.log_entries, caps.log_bytes),
        "errors": RingBuffer("errors", caps.error_entries, caps.error_bytes),
        "network_bodies": RingBuffer("network_bodies", caps.network_body_entries, caps.network_body_bytes),
        "websocket_events": RingBuffer("websocket_events", caps.websocket_event_entries, caps.websocket_event_bytes),
    }

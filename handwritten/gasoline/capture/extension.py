"""What the daemon knows of the browser extension: its last sync (settings, tab, drop count)."""

from __future__ import annotations

import threading
import time
from typing import Any

from gasoline_generated.models import SyncRequest
from gasoline_generated.policy import LIMITS


class ExtensionLink:
    """The extension counts as connected while its syncs keep arriving."""

    def __init__(self, connected_seconds: float = LIMITS.extension.connected_ms / 1000) -> None:
        self.connected_seconds = connected_seconds
        self._last: SyncRequest | None = None
        self._last_at = 0.0
        self._lock = threading.Lock()

    def synced(self, request: SyncRequest) -> None:
        with self._lock:
            self._last, self._last_at = request, time.monotonic()

    def current(self) -> SyncRequest | None:
        """The last sync while the extension counts as connected, otherwise None."""
        with self._lock:
            fresh = time.monotonic() - self._last_at <= self.connected_seconds
            return self._last if fresh else None

    def status(self) -> dict[str, Any]:
        """For health: whether it is connected, when it was last heard from, what it reported."""
        with self._lock:
            last, last_at = self._last, self._last_at
        if last is None:
            return {"connected": False}
        seen = time.monotonic() - last_at
        return {
            "connected": seen <= self.connected_seconds,
            "last_seen_seconds": round(seen, 3),
            "version": last.extension_version,
            "settings": last.settings,
            "dropped_events": last.dropped_events,
        }

"""What the daemon knows of the browser extension: its last sync (settings, tab, drop count), and
what it masked before anything left the browser."""

from __future__ import annotations

import threading
import time
from collections import Counter

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline.safety.redaction import by_class
from gasoline_generated.models import HealthExtension, RedactedCount, SyncRequest
from gasoline_generated.policy import LIMITS


class ExtensionLink:
    """The extension counts as connected while its syncs keep arriving."""

    def __init__(self, connected_seconds: float = LIMITS.extension.connected_ms / 1000) -> None:
        self.connected_seconds = connected_seconds
        self._last: SyncRequest | None = None
        self._last_at = 0.0
        self._redacted: Counter[str] = Counter()  # each sync counts what was masked since the one before
        self._lock = threading.Condition()

    def synced(self, request: SyncRequest) -> None:
        with self._lock:
            self._last, self._last_at = request, time.monotonic()
            for count in given(request.redacted_count, []):
                self._redacted[count.class_] += count.count
            self._lock.notify_all()

    def current(self) -> SyncRequest | None:
        """The last sync while the extension counts as connected, otherwise None."""
        with self._lock:
            return self._current()

    def wait_connected(self, seconds: float) -> bool:
        """Whether an extension is connected, giving one that is starting up `seconds` to sync."""
        with self._lock:
            return self._lock.wait_for(lambda: self._current() is not None, seconds)

    def tab_id(self) -> int | None:
        """The tab commands go to (tracked, else active), as the last sync reported it."""
        synced = self.current()
        return None if synced is None or synced.tab is MISSING else synced.tab.id

    def tab_scope(self) -> str:
        """What an approval for a browser action binds: the tab commands go to ("tab:7")."""
        tab_id = self.tab_id()
        return "tab" if tab_id is None else f"tab:{tab_id}"

    def _current(self) -> SyncRequest | None:
        fresh = time.monotonic() - self._last_at <= self.connected_seconds
        return self._last if fresh else None

    def status(self) -> HealthExtension:
        """For health: whether it is connected, when it was last heard from, what it reported."""
        with self._lock:
            last, last_at = self._last, self._last_at
            redacted = [RedactedCount.model_validate(count) for count in by_class(self._redacted)]
        if last is None:
            return HealthExtension(connected=False)
        seen = time.monotonic() - last_at
        return HealthExtension(
            connected=seen <= self.connected_seconds,
            last_seen_seconds=round(seen, 3),
            version=last.extension_version,
            settings=last.settings,
            dropped_events=last.dropped_events,
            redacted_count=redacted,
        )

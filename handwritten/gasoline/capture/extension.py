"""What the daemon knows of the browser extension: its last sync (settings, tab, drop count, the
contract version it speaks), whether its last try to sync was paired, what it masked before
anything left the browser, and whether the tab's page is still settling."""

from __future__ import annotations

import math
import threading
import time
from collections import Counter

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline.safety.redaction import by_class
from gasoline_generated.models import HealthExtension, RedactedCount, SyncRequest
from gasoline_generated.policy import LIMITS

from .contract import extension_contract, spoken


class ExtensionLink:
    """The extension counts as connected while its syncs keep arriving."""

    def __init__(
        self,
        connected_seconds: float = LIMITS.extension.connected_ms / 1000,
        settle_seconds: float = LIMITS.capture.settle_ms / 1000,
    ) -> None:
        self.connected_seconds = connected_seconds
        self.settle_seconds = settle_seconds
        self._last: SyncRequest | None = None
        self._last_at = 0.0
        self._paired: bool | None = None  # whether its last try to sync carried a paired token; None: no try yet
        self._redacted: Counter[str] = Counter()  # each sync counts what was masked since the one before
        self._loading = False
        self._loaded_at = -math.inf  # when a sync said the tab's page had loaded, after saying it was loading
        self._lock = threading.Condition()

    def synced(self, request: SyncRequest) -> None:
        with self._lock:
            now = time.monotonic()
            loading = request.tab is not MISSING and request.tab.loading is True
            same_tab = tab_of(request) == tab_of(self._last)
            if not loading and not same_tab:
                self._loaded_at = -math.inf  # another tab, loaded before it was reported: settled
            elif not loading and self._loading:
                self._loaded_at = now  # its page just loaded: what it does at start-up is on its way
            self._loading = loading
            self._last, self._last_at = request, now
            self._paired = True
            for count in given(request.redacted_count, []):
                self._redacted[count.class_] += count.count
            self._lock.notify_all()

    def unpaired(self) -> None:
        """An extension tried to sync without a paired token (it is not paired, or the daemon no
        longer knows its token)."""
        with self._lock:
            self._paired = False

    def wait_settled(self, seconds: float) -> str | None:
        """None once the tab's page has settled (loaded, and settle_ms past it); otherwise why not,
        after waiting up to `seconds` for it."""
        with self._lock:
            deadline = time.monotonic() + seconds
            while (reason := self._unsettled()) is not None:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return reason
                settles_in = self._loaded_at + self.settle_seconds - time.monotonic()
                self._lock.wait(remaining if self._loading else min(remaining, max(settles_in, 0.001)))
            return None

    def _unsettled(self) -> str | None:
        if self._current() is None:
            return None  # no extension: nothing is on its way
        if self._loading:
            return "the page is still loading"
        since = time.monotonic() - self._loaded_at
        return f"the page loaded {since * 1000:.0f} ms ago" if since < self.settle_seconds else None

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
            last, last_at, paired = self._last, self._last_at, self._paired
            redacted = [RedactedCount.model_validate(count) for count in by_class(self._redacted)]
        known_pairing = MISSING if paired is None else paired
        if last is None:
            return HealthExtension(connected=False, paired=known_pairing)
        seen = time.monotonic() - last_at
        return HealthExtension(
            connected=seen <= self.connected_seconds and paired is not False,
            paired=known_pairing,
            last_seen_seconds=round(seen, 3),
            version=last.extension_version,
            settings=last.settings,
            dropped_events=last.dropped_events,
            redacted_count=redacted,
            contract=extension_contract(spoken(last.contract_version)),
        )


def tab_of(request: SyncRequest | None) -> int | None:
    return None if request is None or request.tab is MISSING else request.tab.id

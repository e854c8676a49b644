"""Statistics of the page's WebSocket connections, kept apart from the event buffer so that counts
and rates stay right after old events are evicted."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict, deque
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import MISSING

from gasoline_generated.models import ObserveWebsocketStatusConnection
from gasoline_generated.policy import LIMITS

RATE_WINDOW_SECONDS = 60


@dataclass
class Connection:
    id: str
    url: str
    tab_id: int | None
    opened_at: float
    closed_at: float | None = None
    close_code: int | None = None
    close_reason: str | None = None
    messages_in: int = 0
    messages_out: int = 0
    last_message_at: float | None = None
    # Messages per whole second of the last minute: [second, incoming, outgoing].
    recent: deque[list[int]] = field(default_factory=deque)

    def count(self, direction: str, at: float) -> None:
        incoming = direction == "incoming"
        self.messages_in += incoming
        self.messages_out += not incoming
        self.last_message_at = max(at, self.last_message_at or at)
        second = int(at)
        if not self.recent or self.recent[-1][0] < second:
            self.recent.append([second, 0, 0])
        bucket = next((b for b in reversed(self.recent) if b[0] == second), None)
        if bucket is not None:  # None: an event older than the buckets kept
            bucket[1 if incoming else 2] += 1
        while self.recent[0][0] <= self.recent[-1][0] - RATE_WINDOW_SECONDS:
            self.recent.popleft()

    def rates(self, now: float) -> tuple[float, float]:
        """Messages per second each way over the last minute (or since the connection opened)."""
        since = now - RATE_WINDOW_SECONDS
        window = max(1.0, min(RATE_WINDOW_SECONDS, now - self.opened_at))
        incoming = sum(b[1] for b in self.recent if b[0] > since)
        outgoing = sum(b[2] for b in self.recent if b[0] > since)
        return round(incoming / window, 3), round(outgoing / window, 3)

    def summary(self, now: float) -> ObserveWebsocketStatusConnection:
        rate_in, rate_out = self.rates(now) if self.closed_at is None else (0.0, 0.0)
        return ObserveWebsocketStatusConnection(
            id=self.id,
            url=self.url,
            state="open" if self.closed_at is None else "closed",
            opened_at=_utc(self.opened_at),
            messages_in=self.messages_in,
            messages_out=self.messages_out,
            rate_in_per_second=rate_in,
            rate_out_per_second=rate_out,
            closed_at=MISSING if self.closed_at is None else _utc(self.closed_at),
            close_code=MISSING if self.close_code is None else self.close_code,
            close_reason=MISSING if self.close_reason is None else self.close_reason,
            last_message_at=MISSING if self.last_message_at is None else _utc(self.last_message_at),
            tab_id=MISSING if self.tab_id is None else self.tab_id,
        )


def _utc(epoch: float) -> datetime:
    """An epoch time at the millisecond, as results show it."""
    return datetime.fromtimestamp(round(epoch, 3), UTC)


class WebSocketConnections:
    """Connections by id, oldest first: at most capture.tracked_websocket_connections per tab
    (as the extension tracks them) and buffers.websocket_connections in all."""

    def __init__(
        self,
        per_tab: int = LIMITS.capture.tracked_websocket_connections,
        total: int = LIMITS.buffers.websocket_connections,
    ) -> None:
        self.per_tab = per_tab
        self.total = total
        self._connections: OrderedDict[str, Connection] = OrderedDict()
        self._lock = threading.Lock()

    def record(self, event: dict[str, Any], at: float) -> None:
        with self._lock:
            connection = self._connections.get(event["id"])
            if connection is None:
                connection = self._open(event, at)
            if event.get("url") and not connection.url:
                connection.url = event["url"]
            kind = event["event"]
            if kind == "message":
                connection.count(event.get("direction", "incoming"), at)
            elif kind == "close":
                connection.closed_at = at
                connection.close_code = event.get("code")
                connection.close_reason = event.get("reason", "")

    def url_of(self, connection_id: str) -> str | None:
        with self._lock:
            connection = self._connections.get(connection_id)
            return connection.url if connection else None

    def summaries(self, url_filter: str | None = None) -> list[ObserveWebsocketStatusConnection]:
        """Open connections first, then by most recent activity."""
        now = time.time()
        with self._lock:
            chosen = [c for c in self._connections.values() if url_filter is None or url_filter in c.url]
            chosen.sort(
                key=lambda c: (c.closed_at is None, c.closed_at or c.last_message_at or c.opened_at), reverse=True
            )
            return [c.summary(now) for c in chosen]

    def clear(self) -> None:
        with self._lock:
            self._connections.clear()

    def _open(self, event: dict[str, Any], at: float) -> Connection:
        connection = Connection(event["id"], event.get("url", ""), event.get("tabId"), at)
        same_tab = [c.id for c in self._connections.values() if c.tab_id == connection.tab_id]
        for evicted in same_tab[: max(0, len(same_tab) - self.per_tab + 1)]:
            del self._connections[evicted]
        while len(self._connections) >= self.total:
            self._connections.popitem(last=False)
        self._connections[connection.id] = connection
        return connection

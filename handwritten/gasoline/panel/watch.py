"""agent_watch: when something goes wrong in the page, post the context to the panel's conversation
and let its model look into it, read-only.

Each captured event (already redacted) is classed: an exception or a console error (errors), a
failed request (network_errors), a console message about the page's security policy, mixed
content or CORS (security), a WebSocket error or abnormal close (websocket). An event of a kind
the watch follows has a fingerprint (its kind and its message without numbers, ids and query
strings); one whose fingerprint was posted within the dedupe window is dropped, and past
rate_limit_per_min posts in the last minute every event is dropped, each counted. Otherwise an
AgentContextEnvelope goes to the session's log and a run starts whose tool calls may only read
(the dispatcher's ceiling), within its step and token caps (watch_poster.py).
"""

from __future__ import annotations

import collections
import logging
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from gasoline_generated.enums import WatchTrigger
from gasoline_generated.models import ConfigureAgentWatchParams, ConfigureAgentWatchResult

# The spec's defaults of what an enable call may leave out (its rate limit and dedupe window).
SPEC_DEFAULTS = ConfigureAgentWatchParams(operation="enable")
# What the watch follows until it is told otherwise, as the spec's PanelWatch words it; no schema
# states it as a default, since events left out of a call keep what the watch follows now.
FIRST_TRIGGERS: tuple[WatchTrigger, ...] = ("errors", "network_errors")
SECURITY = re.compile(r"content security policy|mixed content|cors policy|blocked by cors", re.IGNORECASE)
VARYING = re.compile(r"\?[^\s\"']*|\b[0-9a-f]{8,}\b|\b\d+\b", re.IGNORECASE)  # query strings, ids, numbers
MINUTE = 60.0
logger = logging.getLogger(__name__)


def classify(event: dict[str, Any]) -> tuple[WatchTrigger, str] | None:
    """The kind of trouble an event is, and its message; None for an event that is no trouble."""
    kind = event.get("type")
    if kind == "exception":
        return "errors", str(event.get("message", ""))
    if kind == "console" and event.get("level") in ("error", "warn"):
        message = str(event.get("message", ""))
        if SECURITY.search(message):
            return "security", message
        return ("errors", message) if event.get("level") == "error" else None
    if kind == "network_error":
        outcome = event.get("status") or event.get("error", "failed")
        return "network_errors", f"{event.get('method', 'GET')} {event.get('url', '')} {outcome}"
    if kind == "websocket" and (event.get("event") == "error" or (event.get("event") == "close" and
                                event.get("code") not in (None, 1000, 1001))):  # fmt: skip
        return "websocket", f"{event.get('event')} {event.get('url', '')} {event.get('code', '')}".strip()
    return None


def fingerprint(trigger: WatchTrigger, message: str) -> str:
    return f"{trigger}:{VARYING.sub('#', message)[:300]}"


@dataclass(frozen=True)
class WatchSettings:
    enabled: bool = False
    events: tuple[WatchTrigger, ...] = FIRST_TRIGGERS
    rate_limit_per_min: int = SPEC_DEFAULTS.rate_limit_per_min
    dedupe_window_seconds: int = SPEC_DEFAULTS.dedupe_window_seconds
    session_id: str | None = None


@dataclass(frozen=True)
class Admitted:
    """An event the watch lets through: what triggered it, its fingerprint and message."""

    settings: WatchSettings
    trigger: WatchTrigger
    fingerprint: str
    message: str
    event: dict[str, Any]


class AgentWatch:
    """The watch's settings and its decisions (which events go through), on a thread of its own;
    what it lets through goes into `admitted`, which the poster (watch_poster.py, built with the
    panel's agent loop) takes from."""

    def __init__(self, fingerprints: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.fingerprints = fingerprints
        self.admitted: queue.SimpleQueue[Admitted] = queue.SimpleQueue()  # in order, for the poster
        self.clock = clock
        self.settings = WatchSettings()
        self._posted_at: collections.deque[float] = collections.deque()
        self._seen: collections.OrderedDict[str, float] = collections.OrderedDict()
        self._counts = {"triggered": 0, "deduped": 0, "rate_limited": 0}
        self._last: datetime | None = None
        self._lock = threading.Lock()
        self._events: queue.SimpleQueue[dict[str, Any]] = queue.SimpleQueue()
        self._worker: threading.Thread | None = None

    def configure(
        self,
        enabled: bool,
        events: tuple[WatchTrigger, ...] | None = None,
        rate_limit_per_min: int | None = None,
        dedupe_window_seconds: int | None = None,
        session_id: str | None = None,
    ) -> ConfigureAgentWatchResult:
        """Turn the watch on (counts start again) or off; what is not given stays as it was."""
        with self._lock:
            now = self.settings
            self.settings = WatchSettings(
                enabled=enabled,
                events=events or now.events,
                rate_limit_per_min=rate_limit_per_min or now.rate_limit_per_min,
                dedupe_window_seconds=now.dedupe_window_seconds
                if dedupe_window_seconds is None
                else dedupe_window_seconds,
                session_id=session_id or now.session_id,
            )
            if enabled:
                self._counts = dict.fromkeys(self._counts, 0)
                self._posted_at.clear()
                self._seen.clear()
                self._last = None
        return self.status()

    def status(self) -> ConfigureAgentWatchResult:
        with self._lock:
            settings, counts, last = self.settings, dict(self._counts), self._last
        shown: dict[str, Any] = {
            "enabled": settings.enabled,
            "events": list(settings.events),
            "rate_limit_per_min": settings.rate_limit_per_min,
            "dedupe_window_seconds": settings.dedupe_window_seconds,
            "triggered_count": counts["triggered"],
            "deduped_count": counts["deduped"],
            "rate_limited_count": counts["rate_limited"],
        }
        if settings.session_id:
            shown["posts_to"] = settings.session_id
        if last is not None:
            shown["last_triggered_at"] = last
        return ConfigureAgentWatchResult.model_validate(shown)

    def observe(self, event: dict[str, Any]) -> None:
        """A captured event (the capture store calls this as it keeps one): looked at on the watch's
        own thread, so ingestion never waits for it."""
        if not self.settings.enabled:
            return
        self._events.put(event)
        if self._worker is None:
            with self._lock:
                if self._worker is None:
                    self._worker = threading.Thread(target=self._work, name="gasoline-watch", daemon=True)
                    self._worker.start()

    def _work(self) -> None:
        while True:
            event = self._events.get()
            try:
                self._consider(event)
            except Exception:  # the watch goes on whatever one event did
                logger.exception("agent_watch could not consider an event")

    def _consider(self, event: dict[str, Any]) -> None:
        found = classify(event)
        if found is None:
            return
        trigger, message = found
        printed = fingerprint(trigger, message)
        now = self.clock()
        with self._lock:
            settings = self.settings
            if not settings.enabled or trigger not in settings.events:
                return
            seen = self._seen.get(printed)
            if seen is not None and now - seen < settings.dedupe_window_seconds:
                self._counts["deduped"] += 1
                return
            while self._posted_at and now - self._posted_at[0] >= MINUTE:
                self._posted_at.popleft()
            if len(self._posted_at) >= settings.rate_limit_per_min:
                self._counts["rate_limited"] += 1
                return
            self._posted_at.append(now)
            self._seen[printed] = now
            self._seen.move_to_end(printed)
            while len(self._seen) > self.fingerprints:
                self._seen.popitem(last=False)
            self._counts["triggered"] += 1
            self._last = datetime.now(UTC).replace(microsecond=0)
        self.admitted.put(Admitted(settings, trigger, printed, message, event))

    def use_session(self, session_id: str) -> None:
        with self._lock:
            self.settings = replace(self.settings, session_id=session_id)

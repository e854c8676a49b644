"""Faults injected by the simulate_failure operation. The service's own routes ask
`active_failure(target)` and answer with the injected status until the fault ends by itself, so a
fault never outlives the test that asked for it."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any


def utc_text(moment: datetime) -> str:
    """An RFC 3339 UTC timestamp in milliseconds ("2026-01-31T10:20:23.456Z")."""
    return moment.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%f")[:-3] + "Z"


@dataclass(frozen=True)
class Failure:
    target: str
    status: int
    expires_at: datetime

    def describe(self) -> dict[str, Any]:
        return {"target": self.target, "status": self.status, "expires_at": utc_text(self.expires_at)}


class Failures:
    """The faults in force, by target; an expired one is forgotten when next asked about."""

    def __init__(self, faults: dict[str, Failure] | None = None) -> None:
        self._lock = threading.Lock()
        self._faults = dict(faults or {})

    def inject(self, target: str, status: int, duration_ms: int) -> Failure:
        failure = Failure(target, status, datetime.now(timezone.utc) + timedelta(milliseconds=duration_ms))
        with self._lock:
            self._faults[target] = failure
        return failure

    def active(self) -> list[Failure]:
        now = datetime.now(timezone.utc)
        with self._lock:
            for target in [t for t, failure in self._faults.items() if failure.expires_at <= now]:
                del self._faults[target]
            return sorted(self._faults.values(), key=lambda failure: failure.target)

    def copy(self) -> Failures:
        """A scratch copy, for an operation run in shadow mode: what it injects is not kept."""
        with self._lock:
            return Failures(self._faults)

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()


FAILURES = Failures()


def active_failure(target: str) -> int | None:
    """The status this service's route `target` should fail with now, or None when it should work."""
    return next((failure.status for failure in FAILURES.active() if failure.target == target), None)

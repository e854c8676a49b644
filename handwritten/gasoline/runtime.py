"""Process-wide facts and services, handed to every handler class when it is built."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from gasoline_generated.policy import LIMITS

from . import __version__
from .core.results import Continuations

# What the daemon's transports report for health: {"http": {...}, "stdio": {...}}.
TransportStatus = Callable[[], dict]


def _continuations() -> Continuations:
    return Continuations(LIMITS.results.continuation_seconds, LIMITS.results.continuations)


@dataclass
class Runtime:
    version: str
    started_at: datetime
    started_monotonic: float
    continuations: Continuations = field(default_factory=_continuations)
    transport_status: TransportStatus | None = None
    log_file: Path | None = None

    @classmethod
    def start(cls, log_file: Path | None = None) -> Runtime:
        return cls(__version__, datetime.now(UTC), time.monotonic(), log_file=log_file)

    def uptime_seconds(self) -> float:
        return time.monotonic() - self.started_monotonic

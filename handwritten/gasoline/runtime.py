"""Process-wide facts and services, handed to every handler class when it is built."""

from __future__ import annotations

import time
from dataclasses import dataclass
from datetime import UTC, datetime

from . import __version__


@dataclass(frozen=True)
class Runtime:
    version: str
    started_at: datetime
    _started_monotonic: float

    @classmethod
    def start(cls) -> Runtime:
        return cls(__version__, datetime.now(UTC), time.monotonic())

    def uptime_seconds(self) -> float:
        return time.monotonic() - self._started_monotonic

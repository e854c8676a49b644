"""Which server answers, and since when: for health."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime

from gasoline import __version__


@dataclass(frozen=True)
class ServerClock:
    version: str = __version__
    started_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    started_monotonic: float = field(default_factory=time.monotonic)

    def uptime_seconds(self) -> float:
        return time.monotonic() - self.started_monotonic

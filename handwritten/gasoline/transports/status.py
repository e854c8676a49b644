"""How clients reach the daemon, for health: the daemon reports it once its listeners are up."""

from __future__ import annotations

from collections.abc import Callable

from gasoline_generated.models import HealthTransports


class TransportStatus:
    """Nothing to report until a daemon's transports say how to read them (a dispatcher built for a
    test, or a call served before the listeners are up, reports none)."""

    def __init__(self) -> None:
        self._report: Callable[[], HealthTransports] | None = None

    def report_with(self, report: Callable[[], HealthTransports]) -> None:
        self._report = report

    def now(self) -> HealthTransports | None:
        return self._report() if self._report is not None else None

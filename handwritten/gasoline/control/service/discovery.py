"""What a service offers: OPTIONS names the version of the protocol it speaks (X-Gasoline-Control),
GET lists its operations, read in that version's dialect. Kept for backend.discovery_ttl_seconds
per endpoint and token, and asked again at once when a call finds it stale (an unknown operation,
a dropped connection)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import UTC, datetime

from gasoline_generated.control_models import VERSION_HEADER, ControlDiscovery
from gasoline_generated.policy import LIMITS

from .client import ControlClient, ServiceProtocolError, ServiceUnreachable
from .dialects import Dialect, Misfit, dialect_for
from .targets import ServiceTarget

TTL_SECONDS = LIMITS.backend.discovery_ttl_seconds
TIMEOUT_S = LIMITS.backend.discovery_timeout_ms / 1000


@dataclass(frozen=True)
class Discovered:
    discovery: ControlDiscovery  # in today's terms, whatever version the service speaks
    dialect: Dialect
    fetched_at: datetime
    latency_ms: float
    cached: bool = False

    @property
    def protocol_version(self) -> str:
        """The version the service speaks ("1.0", "1.1")."""
        return self.dialect.version


class Discovery:
    def __init__(self, client: ControlClient, clock: Callable[[], float] = time.monotonic) -> None:
        self.client = client
        self.clock = clock
        self._known: dict[tuple[str, str | None], tuple[float, Discovered]] = {}
        self._lock = threading.Lock()

    def lookup(self, target: ServiceTarget, refresh: bool = False) -> Discovered:
        """The service's operations, from the cache while fresh; raises ServiceUnreachable or
        ServiceProtocolError."""
        key = (target.endpoint, target.token)
        with self._lock:
            known = self._known.get(key)
        if known and not refresh and self.clock() - known[0] < TTL_SECONDS:
            return replace(known[1], cached=True)
        try:
            found = self._discover(target)
        except (ServiceUnreachable, ServiceProtocolError):
            self.forget(target)
            raise
        with self._lock:
            self._known[key] = (self.clock(), found)
        return found

    def forget(self, target: ServiceTarget) -> None:
        with self._lock:
            self._known.pop((target.endpoint, target.token), None)

    def _discover(self, target: ServiceTarget) -> Discovered:
        started = time.perf_counter()
        probe = self.client.send(target, "OPTIONS", timeout_s=TIMEOUT_S)
        refused(target, "OPTIONS", probe.status)
        version = probe.headers.get(VERSION_HEADER.lower(), "")
        if probe.status >= 300 or not version:
            raise ServiceProtocolError(
                f"OPTIONS {target.endpoint} answered {probe.status} without an {VERSION_HEADER} header: "
                "the service does not speak the control protocol"
            )
        dialect = dialect_for(target.endpoint, version)
        listing = self.client.send(target, "GET", timeout_s=TIMEOUT_S)
        refused(target, "GET", listing.status)
        if listing.status != 200:
            raise ServiceProtocolError(f"GET {target.endpoint} answered {listing.status}, not 200")
        try:
            discovery = dialect.discovery(listing.json(target))
        except Misfit as error:
            raise ServiceProtocolError(f"GET {target.endpoint}: {error}") from error
        latency = (time.perf_counter() - started) * 1000
        return Discovered(discovery, dialect, datetime.now(UTC), round(latency, 2))


def refused(target: ServiceTarget, method: str, status: int) -> None:
    """401 and 404 mean no endpoint for us: the token is wrong or missing, or the service has it switched off."""
    if status == 401:
        what = "refused the token" if target.token else "wants a control token and none was sent"
        raise ServiceUnreachable([f"{method} {target.endpoint}: 401, the service {what} ({target.token_source})"])
    if status == 404:
        raise ServiceUnreachable(
            [f"{method} {target.endpoint}: 404, no control endpoint (is GASOLINE_CONTROL_ENV set in the service?)"]
        )

"""One service for one call: where it is, what it offers, and how one of its operations is sent
(in the service's dialect, with its idempotency key, retried with exponential backoff only when
the operation is idempotent). Failures to reach it or to understand it become the call's ToolFailure."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline_generated.control_models import ControlOperation, ControlRequest, ControlResponse
from gasoline_generated.policy import LIMITS

from .client import ControlClient, ServiceProtocolError, ServiceUnreachable
from .dialects import Dialect, Misfit
from .discovery import Discovered, Discovery, refused
from .operations import find_operation, idempotent
from .targets import ServiceTarget

RETRY_ATTEMPTS = LIMITS.backend.retry_attempts
RETRY_BASE_S = LIMITS.backend.retry_base_ms / 1000
# Statuses whose body is a ControlResponse (spec/control/control.yaml).
PROTOCOL_STATUSES = frozenset({200, 400, 404, 409})


@dataclass(frozen=True)
class Sent:
    response: ControlResponse
    attempts: int
    duration_ms: int


@contextmanager
def service_failures(ctx: CallContext, target: ServiceTarget) -> Iterator[None]:
    """ServiceUnreachable and ServiceProtocolError, as the call's structured errors."""
    try:
        yield
    except ServiceUnreachable as error:
        message = f"{ctx.entry.label}: {target.name} is unreachable: {error}"
        raise ToolFailure.of(ctx.entry, "service_unreachable", message, details={"tried": error.tried}) from error
    except ServiceProtocolError as error:
        message = f"{ctx.entry.label}: {target.name} does not answer in the control protocol: {error}"
        raise ToolFailure.of(ctx.entry, "service_protocol_error", message, details={"reason": str(error)}) from error


class ServiceLink:
    def __init__(
        self,
        ctx: CallContext,
        client: ControlClient,
        discovery: Discovery,
        target: ServiceTarget,
        refresh: bool = False,
    ) -> None:
        """refresh: ask the service now rather than trust the cache (a health check)."""
        self.ctx = ctx
        self.client = client
        self.discovery = discovery
        self.target = target
        with service_failures(ctx, target):
            self.discovered: Discovered = discovery.lookup(target, refresh)

    @property
    def name(self) -> str:
        return self.target.name

    @property
    def dialect(self) -> Dialect:
        return self.discovered.dialect

    def offers(self, name: str) -> bool:
        return any(operation.name == name for operation in self.discovered.discovery.operations)

    def operation(self, name: str) -> ControlOperation:
        """The operation by name; asked again of the service once when the cached list lacks it."""
        if not self.offers(name) and self.discovered.cached:
            with service_failures(self.ctx, self.target):
                self.discovered = self.discovery.lookup(self.target, refresh=True)
        return find_operation(self.ctx, self.discovered, name)

    def execute(self, operation: ControlOperation, request: ControlRequest, timeout_s: float) -> Sent:
        """Send the request; the service's ControlResponse, whatever its status says."""
        attempts = RETRY_ATTEMPTS if idempotent(operation) else 1
        started = time.perf_counter()
        body = self.dialect.request(request)
        for attempt in range(1, attempts + 1):
            try:
                with service_failures(self.ctx, self.target):
                    response = self._send(body, timeout_s)
                return Sent(response, attempt, round((time.perf_counter() - started) * 1000))
            except ToolFailure as failure:
                if failure.error.error != "service_unreachable" or attempt == attempts:
                    self.discovery.forget(self.target)
                    raise
                time.sleep(RETRY_BASE_S * 2 ** (attempt - 1))
        raise AssertionError("unreachable")  # the loop returns or raises

    def _send(self, body: dict[str, Any], timeout_s: float) -> ControlResponse:
        answer = self.client.send(self.target, "POST", body, timeout_s)
        if answer.status == 401:
            refused(self.target, "POST", 401)
        if answer.status not in PROTOCOL_STATUSES:
            detail = answer.body[:200].decode("utf-8", "replace")
            raise ServiceProtocolError(f"POST {self.target.endpoint} answered {answer.status}: {detail!r}")
        try:
            response = self.dialect.response(answer.json(self.target))
        except (ServiceProtocolError, Misfit) as error:
            if answer.status == 404:
                refused(self.target, "POST", 404)  # not the endpoint's 404: there is no endpoint
            raise ServiceProtocolError(f"POST {self.target.endpoint}: {error}") from error
        if response.error is not MISSING and response.error.code == "unknown_operation":
            self.discovery.forget(self.target)  # the list it gave is stale
        return response

"""observe(what="backend_state"): a service's values (through its state operation), its operations,
or its health. A service that cannot be reached is an answer here (reachable: false), not an error;
so is one that answers, but not in a version of the protocol this daemon reads (reachable: true,
with what is wrong)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline_generated.control_models import ControlStateValues
from gasoline_generated.models import ObserveBackendStateParams, ObserveBackendStateResult

from ..service.client import ControlClient
from ..service.dialects import Misfit
from ..service.discovery import Discovery
from ..service.link import ServiceLink
from ..service.targets import ServiceTarget
from ..snapshots.taking import TIMEOUT_S, protocol_error, request, result_of


def backend_state(
    ctx: CallContext,
    client: ControlClient,
    discovery: Discovery,
    target: ServiceTarget,
    params: ObserveBackendStateParams,
) -> ObserveBackendStateResult:
    asked = {"service": target.name, "query_type": params.query_type}
    try:
        link = ServiceLink(ctx, client, discovery, target, refresh=params.query_type == "health")
    except ToolFailure as failure:
        if failure.error.error not in ("service_unreachable", "service_protocol_error"):
            raise
        answered = failure.error.error == "service_protocol_error"
        return ObserveBackendStateResult.model_validate(
            asked
            | {"reachable": answered, "error": failure.error.message, "fetched_at": now()}
            | ({"health": {"endpoint": target.endpoint}} if params.query_type == "health" else {})
        )
    found = link.discovered
    answer: dict[str, Any] = asked | {"reachable": True, "fetched_at": found.fetched_at, "cached": found.cached}
    if params.query_type == "operations":
        return ObserveBackendStateResult.model_validate(answer | {"operations": found.discovery.operations})
    if params.query_type == "health":
        health = {
            "endpoint": target.endpoint,
            "protocol_version": found.protocol_version,
            "latency_ms": found.latency_ms,
        }
        if found.discovery.version is not MISSING:
            health["service_version"] = found.discovery.version
        return ObserveBackendStateResult.model_validate(answer | {"health": health})
    keys = [key.root for key in params.keys] if params.keys is not MISSING else None
    values = read_values(link, keys)
    missing = values.missing_keys if values.missing_keys is not MISSING else []
    return ObserveBackendStateResult.model_validate(
        answer | {"fetched_at": now(), "cached": False, "state": values.values, "missing_keys": missing}
    )


def read_values(link: ServiceLink, keys: list[str] | None) -> ControlStateValues:
    """The service's state operation, with the keys asked for (all it reports when None)."""
    params = link.dialect.state_params(keys)
    sent = link.execute(link.operation("state"), request("state", params, "backend-state"), TIMEOUT_S)
    try:
        return link.dialect.state_values(result_of(link, sent, "state"), keys)
    except Misfit as error:
        raise protocol_error(link, f"the result of its state operation: {error}") from error


def now() -> datetime:
    return datetime.now(UTC)

"""Snapshots through a service's own operations: snapshot returns its whole state (kept by the
SnapshotStore), restore takes one back, and must then report the snapshot's checksum when it
reports one."""

from __future__ import annotations

import secrets
from typing import Any

from pydantic import MISSING

from gasoline.core.errors import ToolFailure
from gasoline_generated.control_models import ControlRequest, ControlRestored
from gasoline_generated.policy import LIMITS

from ..service.dialects import Misfit, restore_params
from ..service.link import Sent, ServiceLink
from .store import SnapshotStore, StoredSnapshot

TIMEOUT_S = LIMITS.timeouts.backend_control_ms / 1000


def new_idempotency_key() -> str:
    return f"idem-{secrets.token_hex(8)}"


def request(operation: str, params: dict[str, object], correlation_id: str, key: str | None = None) -> ControlRequest:
    fields = {"operation": operation, "params": params, "correlation_id": correlation_id}
    return ControlRequest.model_validate(fields | ({"idempotency_key": key} if key else {}))


def take_snapshot(
    link: ServiceLink,
    store: SnapshotStore,
    correlation_id: str,
    name: str | None = None,
    taken_before: str | None = None,
) -> StoredSnapshot:
    sent = link.execute(link.operation("snapshot"), request("snapshot", {}, correlation_id), TIMEOUT_S)
    result = result_of(link, sent, "snapshot")
    try:
        return store.save(link.name, link.dialect.snapshot(result), checksum_of(sent), name, taken_before)
    except ValueError as error:  # a Misfit, or data that is not base64
        raise protocol_error(link, f"the result of its snapshot operation: {error}") from error


def restore_snapshot(
    link: ServiceLink, store: SnapshotStore, stored: StoredSnapshot, correlation_id: str
) -> tuple[Sent, ControlRestored | None]:
    """Put the snapshot back; a restore that leaves another checksum than the snapshot's fails.
    What the restore reports is None when the service's protocol version gives it no shape."""
    params = restore_params(store.state(stored))
    key = new_idempotency_key()
    sent = link.execute(link.operation("restore"), request("restore", params, correlation_id, key), TIMEOUT_S)
    result = result_of(link, sent, "restore")
    try:
        restored = link.dialect.restored(result)
    except Misfit as error:
        raise protocol_error(link, f"the result of its restore operation: {error}") from error
    after = checksum_of(sent)
    if stored.checksum and after and after != stored.checksum:
        raise protocol_error(
            link, f"after the restore its state's checksum is {after}, not the snapshot's {stored.checksum}"
        )
    return sent, restored


def checksum_of(sent: Sent) -> str | None:
    return sent.response.checksum if sent.response.checksum is not MISSING else None


def result_of(link: ServiceLink, sent: Sent, operation: str) -> dict[str, Any]:
    """The result of an operation that succeeded; handler_failed when it did not."""
    response = sent.response
    if response.status == "success" and response.result is not MISSING:
        return response.result
    why = f"{response.error.code}: {response.error.message}" if response.error is not MISSING else "no result"
    ctx = link.ctx
    raise ToolFailure.of(ctx.entry, "handler_failed", f"{ctx.entry.label}: {link.name}'s {operation} failed ({why})")


def protocol_error(link: ServiceLink, reason: str) -> ToolFailure:
    ctx = link.ctx
    message = f"{ctx.entry.label}: {link.name} does not answer in the control protocol: {reason}"
    return ToolFailure.of(ctx.entry, "service_protocol_error", message, details={"reason": reason})

"""Snapshots through a service's own operations: snapshot returns its whole state (kept by the
SnapshotStore), restore takes one back, and must then report the snapshot's checksum when it
reports one. The snapshot after a state-changing call is taken off the call's path, and is the
next call's snapshot before when that call comes while it is being taken."""

from __future__ import annotations

import logging
import secrets
import threading
from typing import Any

from pydantic import MISSING

from gasoline.core.errors import ToolFailure
from gasoline_generated.control_models import ControlRequest, ControlRestored
from gasoline_generated.policy import LIMITS

from ..service.dialects import Misfit, restore_params
from ..service.link import Sent, ServiceLink
from .store import Reservation, SnapshotStore, StoredSnapshot

log = logging.getLogger(__name__)
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
    reservation: Reservation | None = None,
) -> StoredSnapshot:
    sent = link.execute(link.operation("snapshot"), request("snapshot", {}, correlation_id), TIMEOUT_S)
    result = result_of(link, sent, "snapshot")
    try:
        state = link.dialect.snapshot(result)
        return store.save(link.name, state, checksum_of(sent), name, reservation)
    except ValueError as error:  # a Misfit, or data that is not base64
        raise protocol_error(link, f"the result of its snapshot operation: {error}") from error


def snapshot_before(link: ServiceLink, store: SnapshotStore, correlation_id: str) -> StoredSnapshot:
    """The snapshot a state-changing call runs after: the one being taken after the service's
    previous call when this call comes (it read the state no longer before this call's operation
    than a snapshot taken now would), else one taken now."""
    taking = store.claim(link.name)
    if taking is not None and (stored := store.get(taking.snapshot_id)) is not None:
        return stored
    return take_snapshot(link, store, correlation_id)


def snapshot_after(link: ServiceLink, store: SnapshotStore, correlation_id: str) -> str:
    """Start taking the snapshot after a call, off its path; the snapshot's id, reserved now."""
    reservation = store.reserve(link.name)
    arguments = (link, store, correlation_id, reservation)
    threading.Thread(target=take_reserved, args=arguments, name="gasoline-snapshot", daemon=True).start()
    return reservation.snapshot_id


def take_reserved(link: ServiceLink, store: SnapshotStore, correlation_id: str, reservation: Reservation) -> None:
    try:
        take_snapshot(link, store, correlation_id, reservation=reservation)
    except ToolFailure as failure:
        log.warning("snapshot %s of %s not taken: %s", reservation.snapshot_id, link.name, failure.error.message)
    finally:
        store.settle(reservation)
        link.client.close_thread_connections()


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

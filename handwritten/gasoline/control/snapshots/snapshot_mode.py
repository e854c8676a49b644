"""configure(action="snapshot"): create, restore, list and delete a service's snapshots; every
create, restore and delete audited. Restoring the snapshot taken before an operation that failed is
that operation's rollback, and is audited as one."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline_generated.models import ConfigureSnapshotEntry, ConfigureSnapshotParams, ConfigureSnapshotResult

from ..calls.audit import AuditLog, new_audit_id, utc_now
from ..service.link import ServiceLink
from .store import SnapshotStore, StoredSnapshot
from .taking import restore_snapshot, snapshot_before, take_snapshot

OpenLink = Callable[[str], ServiceLink]


def snapshot(
    ctx: CallContext, open_link: OpenLink, audit: AuditLog, store: SnapshotStore, params: ConfigureSnapshotParams
) -> ConfigureSnapshotResult:
    service = params.service if params.service is not MISSING else None
    if params.session_action == "list":
        return ConfigureSnapshotResult(status="listed", snapshots=[listed(s) for s in store.list(service)])
    if params.session_action == "create":
        if service is None:
            raise bad_argument(ctx.entry, "service", "create needs the service to snapshot")
        return create(open_link(service), store, audit, params.name if params.name is not MISSING else None)
    stored = find(ctx, store, params, service)
    if params.session_action == "delete":
        return delete(store, audit, stored)
    return restore(open_link(stored.service), store, audit, stored)


def create(link: ServiceLink, store: SnapshotStore, audit: AuditLog, name: str | None) -> ConfigureSnapshotResult:
    audit_id, started, clock = new_audit_id(), utc_now(), time.perf_counter()
    correlation_id = f"corr-{secrets.token_hex(6)}"
    stored = take_snapshot(link, store, correlation_id, name=name)
    audit.record(
        audit_id=audit_id, kind="snapshot", timestamp=started, correlation_id=correlation_id, service=link.name,
        operation="snapshot", status="success", applied=False, snapshot_id=stored.snapshot_id,
        checksum_after=stored.checksum, duration_ms=elapsed(clock), shadow_mode=False, dry_run=False,
    )  # fmt: skip
    return ConfigureSnapshotResult.model_validate(described(stored) | {"status": "created", "audit_id": audit_id})


def restore(
    link: ServiceLink, store: SnapshotStore, audit: AuditLog, stored: StoredSnapshot
) -> ConfigureSnapshotResult:
    """Snapshot the state that is about to be replaced (so the restore can be undone), then restore."""
    audit_id, started, clock = new_audit_id(), utc_now(), time.perf_counter()
    correlation_id = f"corr-{secrets.token_hex(6)}"
    undone = failed_operation(audit, stored)
    kind = "rollback" if undone else "restore"
    before = snapshot_before(link, store, correlation_id)
    common = dict(
        audit_id=audit_id, kind=kind, timestamp=started, correlation_id=correlation_id, service=link.name,
        operation="restore", snapshot_id=stored.snapshot_id, rolls_back=undone, snapshot_before=before.snapshot_id,
        checksum_before=before.checksum, shadow_mode=False, dry_run=False,
    )  # fmt: skip
    try:
        sent, restored = restore_snapshot(link, store, stored, correlation_id)
    except ToolFailure as failure:
        error = {"code": failure.error.error, "message": failure.error.message}
        audit.record(**common, status="error", error=error, applied=False, duration_ms=elapsed(clock))
        raise failure.with_details(audit_id=audit_id) from None
    audit.record(
        **common, status="success", applied=True, checksum_after=stored.checksum, result=sent.response.result,
        duration_ms=elapsed(clock), attempts=sent.attempts,
    )  # fmt: skip
    rows = {"rows_recovered": restored.rows_restored} if restored else {}
    return ConfigureSnapshotResult.model_validate(
        described(stored) | {"status": "restored", "audit_id": audit_id} | rows
    )


def delete(store: SnapshotStore, audit: AuditLog, stored: StoredSnapshot) -> ConfigureSnapshotResult:
    audit_id = new_audit_id()
    store.delete(stored.snapshot_id)
    audit.record(
        audit_id=audit_id, kind="delete", timestamp=utc_now(), service=stored.service, operation="snapshot",
        status="success", applied=True, snapshot_id=stored.snapshot_id, duration_ms=0, shadow_mode=False,
        dry_run=False,
    )  # fmt: skip
    return ConfigureSnapshotResult(
        status="deleted", snapshot_id=stored.snapshot_id, service=stored.service, audit_id=audit_id
    )


def find(
    ctx: CallContext, store: SnapshotStore, params: ConfigureSnapshotParams, service: str | None
) -> StoredSnapshot:
    if params.snapshot_id is MISSING:
        raise bad_argument(ctx.entry, "snapshot_id", f"{params.session_action} needs the snapshot_id")
    stored = store.get(params.snapshot_id)
    if stored is None or (service is not None and stored.service != service):
        kept = [s.snapshot_id for s in store.list(service)]
        message = f"{ctx.entry.label}: no snapshot {params.snapshot_id!r}" + (f" of {service}" if service else "")
        raise ToolFailure.of(ctx.entry, "snapshot_unknown", message, details={"snapshots": kept})
    return stored


def failed_operation(audit: AuditLog, stored: StoredSnapshot) -> str | None:
    """The audit_id of the failed operation this snapshot was the snapshot before, if any."""
    for record in reversed(audit.records()):
        if record.get("snapshot_before") == stored.snapshot_id:
            audit_id = record.get("audit_id")
            return audit_id if record.get("status") == "error" and isinstance(audit_id, str) else None
    return None


def described(stored: StoredSnapshot) -> dict[str, object]:
    return stored.model_dump(
        mode="json", include={"snapshot_id", "name", "service", "timestamp", "checksum", "parent"}, exclude_none=True
    )


def listed(stored: StoredSnapshot) -> ConfigureSnapshotEntry:
    return ConfigureSnapshotEntry.model_validate(
        stored.model_dump(
            mode="json",
            include={"snapshot_id", "name", "service", "timestamp", "size_bytes", "expires_at", "checksum", "parent"},
            exclude_none=True,
        )
    )


def elapsed(clock: float) -> int:
    return round((time.perf_counter() - clock) * 1000)

"""interact(action="backend_control"): one operation of a service, between a snapshot of its state
before and one after (when it changes state and the service can snapshot; the one after is taken
off the call's path), audited once, whole."""

from __future__ import annotations

import secrets
import time
from typing import Any

from pydantic import MISSING

from gasoline.contract import Assessment, CallContext
from gasoline.core.errors import ToolFailure
from gasoline.workspace.workspace import Workspace
from gasoline_generated.control_models import ControlRequest, ControlResponse
from gasoline_generated.models import (
    InteractBackendControlParams,
    InteractBackendControlResult,
    ObserveAuditLogEntry,
)

from ..service.link import Sent, ServiceLink
from ..service.operations import check_params, idempotent, mutation_of
from ..service.targets import URL_TOKEN_VARIABLE, ServiceTarget, find_service, invalid_argument
from ..snapshots.store import SnapshotStore, StoredSnapshot
from ..snapshots.taking import checksum_of, new_idempotency_key, protocol_error, snapshot_after, snapshot_before
from .audit import AuditLog, new_audit_id, utc_now


def service_of(ctx: CallContext, repository: Workspace, params: InteractBackendControlParams) -> ServiceTarget:
    """The service the call names, with the token it may be sent. authorize sends one to a URL only
    on a call the user approves, and a call the spec's rules make read-only (shadow_mode, dry_run)
    is never put to anyone."""
    authorize = params.authorize is True
    if authorize and ctx.entry.mutation_for(params) == "read_only":
        why = (
            "the token goes to a URL only on a call the user approves, and a shadow_mode or dry_run call "
            "is read-only, so no one is asked; call without them"
        )
        raise invalid_argument(ctx, "authorize", why)
    return find_service(ctx, repository, params.service, authorize)


def assess(link: ServiceLink, params: InteractBackendControlParams) -> Assessment:
    """What the call would do, from the operation's own hints; its params are checked here, so a
    person is never asked to approve a call that cannot run. A state change on a URL nobody named
    is always asked (destructive: no project allowance waives it)."""
    operation = link.operation(params.operation)
    check_params(link.ctx, operation, arguments(params))
    mutation = mutation_of(operation)
    hints = [mutation, "idempotent" if idempotent(operation) else "not idempotent"]
    summary = f"Run {operation.name} on {link.name}{shown(params)} ({', '.join(hints)}): {operation.description}"
    if link.target.named or mutation == "read_only":
        return Assessment(mutation, summary)
    return Assessment(
        "destructive", f"{summary} ({link.name} is a URL .gasoline/config.yaml does not name; no control token is sent)"
    )


def assess_sending_token(target: ServiceTarget, params: InteractBackendControlParams) -> Assessment:
    """A call that sends the token to a URL: nothing is sent before the approval (not even a
    discovery), so the person is told where the token goes and what is asked there."""
    return Assessment(
        "destructive",
        f"Send the daemon's control token (${URL_TOKEN_VARIABLE}) to {target.endpoint}, an address "
        f".gasoline/config.yaml does not name, and run its operation {params.operation}{shown(params)} there. "
        "Approve only if your own service listens at that address.",
    )


def shown(params: InteractBackendControlParams) -> str:
    return f" with params {arguments(params)}" if arguments(params) else ""


def arguments(params: InteractBackendControlParams) -> dict[str, Any]:
    return params.params if params.params is not MISSING else {}


def backend_control(
    link: ServiceLink, audit: AuditLog, store: SnapshotStore, params: InteractBackendControlParams
) -> InteractBackendControlResult:
    ctx = link.ctx
    operation = link.operation(params.operation)
    check_params(ctx, operation, arguments(params))
    audit_id, started = new_audit_id(), utc_now()
    correlation_id = params.correlation_id if params.correlation_id is not MISSING else f"corr-{secrets.token_hex(6)}"
    changes = not operation.read_only and not params.shadow_mode and not params.dry_run
    can_snapshot = changes and link.offers("snapshot") and link.offers("restore") and operation.name != "snapshot"
    before = snapshot_before(link, store, correlation_id) if can_snapshot else None
    request = ControlRequest.model_validate(
        {
            "operation": operation.name,
            "params": arguments(params),
            "correlation_id": correlation_id,
            "shadow_mode": params.shadow_mode,
            "dry_run": params.dry_run,
        }
        | ({} if operation.read_only else {"idempotency_key": new_idempotency_key()})
    )
    record = Record(audit, audit_id, started, link.name, request, before)
    clock = time.perf_counter()
    try:
        sent = link.execute(operation, request, params.timeout_ms / 1000)
        check_honoured(link, request, sent.response)
    except ToolFailure as failure:
        record.failed(failure, round((time.perf_counter() - clock) * 1000))
        raise failure.with_details(audit_id=audit_id, **rollback_offer(link, before)) from None
    response = sent.response
    succeeded = response.status == "success"
    applied = response.applied if response.applied is not MISSING else changes and succeeded
    after = snapshot_after(link, store, correlation_id) if can_snapshot and succeeded and applied else None
    entry = record.done(sent, applied, after)
    return InteractBackendControlResult.model_validate(
        entry.model_dump(
            mode="json",
            include={
                "status", "service", "operation", "result", "duration_ms", "snapshot_before", "snapshot_after",
                "correlation_id", "audit_id", "error", "applied", "shadow_mode", "dry_run", "expires_at",
                "idempotency_key", "replayed", "attempts",
            },
        )
        | present(checksum=checksum_of(sent))
        | (rollback_offer(link, before) if not succeeded else {})
    )  # fmt: skip


def check_honoured(link: ServiceLink, request: ControlRequest, response: ControlResponse) -> None:
    """A service that applied a shadow or dry run broke its word: say so, loudly."""
    if (request.shadow_mode or request.dry_run) and response.applied is True:
        mode = "shadow_mode" if request.shadow_mode else "dry_run"
        raise protocol_error(link, f"it reported applied: true for a call with {mode}; it does not honour {mode}")


def rollback_offer(link: ServiceLink, before: StoredSnapshot | None) -> dict[str, Any]:
    if before is None:
        return {}
    call = (
        f"configure(action='snapshot', session_action='restore', snapshot_id='{before.snapshot_id}', "
        f"service='{link.name}')"
    )
    return {"rollback": {"snapshot_id": before.snapshot_id, "call": call}}


def present(**fields: Any) -> dict[str, Any]:
    return {name: value for name, value in fields.items() if value is not None and value is not MISSING}


class Record:
    """The audit entry of one call, written once when the call is over."""

    def __init__(
        self,
        audit: AuditLog,
        audit_id: str,
        started: str,
        service: str,
        request: ControlRequest,
        before: StoredSnapshot | None,
    ) -> None:
        self.audit = audit
        self.fields: dict[str, Any] = present(
            audit_id=audit_id,
            kind="operation",
            timestamp=started,
            correlation_id=request.correlation_id,
            service=service,
            operation=request.operation,
            params=request.params,
            idempotency_key=request.idempotency_key,
            shadow_mode=request.shadow_mode,
            dry_run=request.dry_run,
            snapshot_before=before.snapshot_id if before else None,
            checksum_before=before.checksum if before else None,
        )

    def failed(self, failure: ToolFailure, duration_ms: int) -> None:
        error = {"code": failure.error.error, "message": failure.error.message}
        self.audit.record(**self.fields, status="error", error=error, applied=False, duration_ms=duration_ms)

    def done(self, sent: Sent, applied: bool, after: str | None) -> ObserveAuditLogEntry:
        response = sent.response
        return self.audit.record(
            **self.fields,
            status=response.status,
            result=response.result if response.result is not MISSING else None,
            error=response.error.model_dump(mode="json") if response.error is not MISSING else None,
            checksum_after=checksum_of(sent),
            snapshot_after=after,
            duration_ms=response.duration_ms if response.duration_ms is not MISSING else sent.duration_ms,
            applied=applied,
            replayed=response.replayed if response.replayed is not MISSING else None,
            expires_at=response.expires_at if response.expires_at is not MISSING else None,
            attempts=sent.attempts,
        )

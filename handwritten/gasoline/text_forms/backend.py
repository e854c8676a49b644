"""Backend control as a model reads it: one line per operation with its outcome, what it changed
and how to undo it; a service's state as key = value lines."""

from __future__ import annotations

import json
from typing import Any

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline_generated.models import (
    ConfigureSnapshotResult,
    InteractBackendControlResult,
    ObserveAuditLogEntry,
    ObserveAuditLogResult,
    ObserveBackendStateResult,
)

from .common import ago, counted, iso, one_line
from .form import Form, form


def compact(value: object) -> str:
    return one_line(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def outcome(entry: InteractBackendControlResult | ObserveAuditLogEntry) -> str:
    """ok / failed (code: message), and whether the state changed."""
    if entry.status == "success":
        state = "applied" if given(entry.applied) else "not applied"
        flags = [flag for flag, on in (("shadow_mode", entry.shadow_mode), ("dry_run", entry.dry_run)) if on]
        if given(entry.replayed):
            flags.append("replayed")
        return f"ok, {state}" + (f" ({', '.join(flags)})" if flags else "")
    error = given(entry.error)
    return f"failed ({error.code if error else '?'}: {one_line(error.message if error else '', 200)})"


def control(result: InteractBackendControlResult, now: float) -> str:
    head = (
        f"{result.operation} on {result.service}: {outcome(result)} in {result.duration_ms} ms "
        f"[{result.correlation_id}, {result.audit_id}"
        + (f", {counted(result.attempts, 'attempt')}" if result.attempts > 1 else "")
        + "]"
    )
    lines = [head]
    if result.result is not MISSING:
        lines.append(f"result: {compact(result.result)}")
    if expires_at := given(result.expires_at):
        lines.append(f"ends by itself at {iso(expires_at)}")
    kept = (("before", given(result.snapshot_before)), ("after", given(result.snapshot_after)))
    snapshots = [f"{when} {snapshot_id}" for when, snapshot_id in kept if snapshot_id]
    if snapshots:
        lines.append("snapshots: " + ", ".join(snapshots))
    if rollback := given(result.rollback):
        lines.append(f"to undo: {rollback.call}")
    return "\n".join(lines)


def state(result: ObserveBackendStateResult, now: float) -> str:
    service = result.service
    if not result.reachable:
        return f"{service} is unreachable: {given(result.error, '')}"
    if result.error is not MISSING:
        return result.error  # it answered, but not in the protocol: the message says how
    if result.query_type == "operations":
        operations = given(result.operations) or []
        lines = [f"{service} offers {counted(len(operations), 'operation')}:"]
        for operation in operations:
            hints = (
                "read-only" if operation.read_only else ("destructive" if operation.destructive else "changes state")
            )
            lines.append(f"- {operation.name} ({operation.category}, {hints}): {operation.description}")
        return "\n".join(lines)
    health = given(result.health)
    if result.query_type == "health" and health is not None:
        return (
            f"{service} answers at {health.endpoint} in {given(health.latency_ms, '?')} ms "
            f"(protocol {given(health.protocol_version, '?')})"
        )
    lines = [f"{key} = {compact(value)}" for key, value in (given(result.state) or {}).items()]
    if missing_keys := given(result.missing_keys):
        lines.append("unknown keys: " + ", ".join(missing_keys))
    return "\n".join([f"{service} ({ago(result.fetched_at, now)}):", *lines])


def audit_log(result: ObserveAuditLogResult, now: float) -> str:
    lines = [
        f"{counted(result.total, 'entry', 'entries')}"
        + (f", {result.count} shown" if result.count < result.total else "")
    ]
    for entry in result.entries:
        what = entry.operation if entry.kind == "operation" else f"{entry.kind} {given(entry.snapshot_id, '')}"
        correlation_id = given(entry.correlation_id)
        correlation = f" [{correlation_id}]" if correlation_id else ""
        when = ago(entry.timestamp, now)
        lines.append(f"{entry.audit_id} {when} {entry.service} {what}: {outcome(entry)}{correlation}")
    return "\n".join(lines)


def snapshot(result: ConfigureSnapshotResult, now: float) -> str:
    if result.status == "listed":
        snapshots = given(result.snapshots) or []
        lines = [counted(len(snapshots), "snapshot")]
        for kept in snapshots:
            kept_name = given(kept.name)
            name = f" {kept_name!r}" if kept_name else ""
            lines.append(f"{kept.snapshot_id}{name} of {kept.service}, {ago(kept.timestamp, now)}, "
                         f"{kept.size_bytes} bytes")  # fmt: skip
        return "\n".join(lines)
    rows = f", {result.rows_recovered} rows put back" if result.rows_recovered is not MISSING else ""
    unverified = (
        "; not verified by checksum (the service gives its state no SHA-256)"
        if result.status == "restored" and result.checksum is MISSING
        else ""
    )
    return f"{result.status} {given(result.snapshot_id, '')} of {given(result.service, '?')}{rows}{unverified}"


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("interact", "backend_control"): form(InteractBackendControlResult, control),
    ("observe", "backend_state"): form(ObserveBackendStateResult, state),
    ("observe", "audit_log"): form(ObserveAuditLogResult, audit_log),
    ("configure", "snapshot"): form(ConfigureSnapshotResult, snapshot),
}

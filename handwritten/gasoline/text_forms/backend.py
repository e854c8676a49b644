"""Backend control as a model reads it: one line per operation with its outcome, what it changed
and how to undo it; a service's state as key = value lines."""

from __future__ import annotations

import json

from .common import Structured, ago, counted, one_line


def compact(value: object) -> str:
    return one_line(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def outcome(entry: Structured) -> str:
    """ok / failed (code: message), and whether the state changed."""
    if entry["status"] == "success":
        state = "applied" if entry.get("applied") else "not applied"
        flags = [flag for flag in ("shadow_mode", "dry_run") if entry.get(flag)]
        if entry.get("replayed"):
            flags.append("replayed")
        return f"ok, {state}" + (f" ({', '.join(flags)})" if flags else "")
    error = entry.get("error") or {}
    return f"failed ({error.get('code', '?')}: {one_line(error.get('message', ''), 200)})"


def control(result: Structured, now: float) -> str:
    head = (
        f"{result['operation']} on {result['service']}: {outcome(result)} in {result['duration_ms']} ms "
        f"[{result['correlation_id']}, {result['audit_id']}"
        + (f", {counted(result['attempts'], 'attempt')}" if result["attempts"] > 1 else "")
        + "]"
    )
    lines = [head]
    if "result" in result:
        lines.append(f"result: {compact(result['result'])}")
    if result.get("expires_at"):
        lines.append(f"ends by itself at {result['expires_at']}")
    snapshots = [f"{when} {result[key]}" for when, key in (("before", "snapshot_before"), ("after", "snapshot_after"))
                 if result.get(key)]  # fmt: skip
    if snapshots:
        lines.append("snapshots: " + ", ".join(snapshots))
    if result.get("rollback"):
        lines.append(f"to undo: {result['rollback']['call']}")
    return "\n".join(lines)


def state(result: Structured, now: float) -> str:
    service = result["service"]
    if not result["reachable"]:
        return f"{service} is unreachable: {result.get('error', '')}"
    if "error" in result:
        return str(result["error"])  # it answered, but not in the protocol: the message says how
    if result["query_type"] == "operations":
        lines = [f"{service} offers {counted(len(result['operations']), 'operation')}:"]
        for operation in result["operations"]:
            hints = (
                "read-only"
                if operation["read_only"]
                else ("destructive" if operation.get("destructive", True) else "changes state")
            )
            lines.append(f"- {operation['name']} ({operation['category']}, {hints}): {operation['description']}")
        return "\n".join(lines)
    if result["query_type"] == "health":
        health = result["health"]
        return (
            f"{service} answers at {health['endpoint']} in {health.get('latency_ms', '?')} ms "
            f"(protocol {health.get('protocol_version', '?')})"
        )
    lines = [f"{key} = {compact(value)}" for key, value in result.get("state", {}).items()]
    if result.get("missing_keys"):
        lines.append("unknown keys: " + ", ".join(result["missing_keys"]))
    return "\n".join([f"{service} ({ago(result['fetched_at'], now)}):", *lines])


def audit_log(result: Structured, now: float) -> str:
    lines = [
        f"{counted(result['total'], 'entry', 'entries')}"
        + (f", {result['count']} shown" if result["count"] < result["total"] else "")
    ]
    for entry in result["entries"]:
        what = entry["operation"] if entry["kind"] == "operation" else f"{entry['kind']} {entry.get('snapshot_id', '')}"
        correlation = f" [{entry['correlation_id']}]" if entry.get("correlation_id") else ""
        when = ago(entry["timestamp"], now)
        lines.append(f"{entry['audit_id']} {when} {entry['service']} {what}: {outcome(entry)}{correlation}")
    return "\n".join(lines)


def snapshot(result: Structured, now: float) -> str:
    if result["status"] == "listed":
        lines = [counted(len(result["snapshots"]), "snapshot")]
        for kept in result["snapshots"]:
            name = f" {kept['name']!r}" if kept.get("name") else ""
            lines.append(f"{kept['snapshot_id']}{name} of {kept['service']}, {ago(kept['timestamp'], now)}, "
                         f"{kept['size_bytes']} bytes")  # fmt: skip
        return "\n".join(lines)
    rows = f", {result['rows_recovered']} rows put back" if "rows_recovered" in result else ""
    unverified = (
        "; not verified by checksum (the service gives its state no SHA-256)"
        if result["status"] == "restored" and "checksum" not in result
        else ""
    )
    return f"{result['status']} {result.get('snapshot_id', '')} of {result.get('service', '?')}{rows}{unverified}"

"""configure's results as a model reads them: the server's state in a few lines."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .common import Structured


def duration(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds / size:.0f}{unit}"
    return f"{seconds:.0f}s"


def on_off(value: Any) -> str:
    return "on" if value else "off"


def masked(counts: list[Mapping[str, Any]]) -> str:
    total = sum(count["count"] for count in counts)
    by_class = ", ".join(f"{count['class']} {count['count']}" for count in counts)
    return f"{total} ({by_class})" if total else "0"


def extension(state: Structured) -> str:
    if not state.get("connected"):
        return "extension: not connected"
    settings = state.get("settings") or {}
    switches = ", ".join(
        f"{name} {on_off(settings.get(key))}"
        for name, key in (
            ("websockets", "captureWebSockets"),
            ("bodies", "captureNetworkBodies"),
            ("AI Web Pilot", "aiWebPilotEnabled"),
        )
    )
    return (
        f"extension {state.get('version', '?')}: connected, seen {state.get('last_seen_seconds', 0):.1f}s ago; "
        f"{switches}; dropped {state.get('dropped_events', 0)}, masked {masked(state.get('redacted_count') or [])}"
    )


def contract_mismatch(state: Structured) -> str | None:
    """A line when the extension's contract does not fit this daemon's, saying what to update."""
    contract = state.get("contract")
    if not contract or contract["status"] == "compatible":
        return None
    return f"extension contract: {contract['status'].replace('_', ' ')}. {contract['message']}"


def health(result: Structured, now: float) -> str:
    lines = [f"{result['service']} {result['version']}, pid {result['pid']}, up {duration(result['uptime_seconds'])}"]
    transports = result.get("transports")
    if transports:
        http = transports["http"]
        lines.append(
            f"clients: {http['sessions']} HTTP sessions at {http['url']}{'' if http['auth'] else ' (no auth)'}, "
            f"{transports['stdio']['bridges']} stdio bridges"
        )
    lines.append(extension(result["extension"]))
    if mismatch := contract_mismatch(result["extension"]):
        lines.append(mismatch)
    buffers = ", ".join(
        f"{b['name']} {b['entries']}/{b['max_entries']}" + (f" ({b['evicted']} evicted)" if b["evicted"] else "")
        for b in result["buffers"]
    )
    lines.append(
        f"buffers: {buffers}; events {result['ingest']['accepted']} in, {result['ingest']['rejected']} rejected"
    )
    redaction = result["redaction"]
    lines.append(
        f"redaction: policy {redaction['policy_version']}, masked {masked(redaction['redacted_count'])}, "
        f"withheld {redaction['blocked_count']}; approvals pending: {result['approvals']['pending']}"
    )
    for tool in result["tools"]:
        planned = f" (+{len(tool['planned_modes'])} planned)" if tool["planned_modes"] else ""
        lines.append(f"{tool['name']}: {', '.join(tool['published_modes'])}{planned}")
    if result.get("log_file"):
        lines.append(f"log: {result['log_file']}")
    return "\n".join(lines)


def clear(result: Structured, now: float) -> str:
    cleared = ", ".join(f"{name} {count}" for name, count in result["cleared"].items())
    return f"cleared {result['total']} entries: {cleared}"

"""configure's results as a model reads them: the server's state in a few lines."""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline_generated.models import ConfigureClearResult, ConfigureHealthResult, HealthExtension, RedactedCount

from .form import Form, form


def duration(seconds: float) -> str:
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds / size:.0f}{unit}"
    return f"{seconds:.0f}s"


def on_off(value: bool) -> str:
    return "on" if value else "off"


def masked(counts: list[RedactedCount]) -> str:
    total = sum(count.count for count in counts)
    by_class = ", ".join(f"{count.class_} {count.count}" for count in counts)
    return f"{total} ({by_class})" if total else "0"


def extension(state: HealthExtension) -> str:
    if not state.connected:
        return "extension: not connected"
    settings = given(state.settings)
    switched = {
        "websockets": settings is not None and settings.captureWebSockets,
        "bodies": settings is not None and settings.captureNetworkBodies,
        "AI Web Pilot": settings is not None and settings.aiWebPilotEnabled,
    }
    switches = ", ".join(f"{name} {on_off(on)}" for name, on in switched.items())
    return (
        f"extension {given(state.version, '?')}: connected, seen {given(state.last_seen_seconds, 0):.1f}s ago; "
        f"{switches}; dropped {given(state.dropped_events, 0)}, masked {masked(given(state.redacted_count) or [])}"
    )


def contract_mismatch(state: HealthExtension) -> str | None:
    """A line when the extension's contract does not fit this daemon's, saying what to update."""
    contract = given(state.contract)
    if contract is None or contract.status == "compatible":
        return None
    return f"extension contract: {contract.status.replace('_', ' ')}. {contract.message}"


def health(result: ConfigureHealthResult, now: float) -> str:
    lines = [f"{result.service} {result.version}, pid {result.pid}, up {duration(result.uptime_seconds)}"]
    if transports := given(result.transports):
        http = transports.http
        lines.append(
            f"clients: {http.sessions} HTTP sessions at {http.url}{'' if http.auth else ' (no auth)'}, "
            f"{transports.stdio.bridges} stdio bridges"
        )
    lines.append(extension(result.extension))
    if mismatch := contract_mismatch(result.extension):
        lines.append(mismatch)
    buffers = ", ".join(
        f"{buffer.name} {buffer.entries}/{buffer.max_entries}"
        + (f" ({buffer.evicted} evicted)" if buffer.evicted else "")
        for buffer in result.buffers
    )
    lines.append(f"buffers: {buffers}; events {result.ingest.accepted} in, {result.ingest.rejected} rejected")
    redaction = result.redaction
    lines.append(
        f"redaction: policy {redaction.policy_version}, masked {masked(redaction.redacted_count)}, "
        f"withheld {redaction.blocked_count}; approvals pending: {result.approvals.pending}"
    )
    for tool in result.tools:
        planned = f" (+{len(tool.planned_modes)} planned)" if tool.planned_modes else ""
        lines.append(f"{tool.name}: {', '.join(tool.published_modes)}{planned}")
    if log_file := given(result.log_file):
        lines.append(f"log: {log_file}")
    return "\n".join(lines)


def clear(result: ConfigureClearResult, now: float) -> str:
    """The count of each buffer cleared: every buffer the result names, in its order."""
    cleared = ", ".join(f"{name} {count}" for name, count in result.cleared if count is not MISSING)
    return f"cleared {result.total} entries: {cleared}"


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("configure", "health"): form(ConfigureHealthResult, health),
    ("configure", "clear"): form(ConfigureClearResult, clear),
}

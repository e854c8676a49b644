"""A session exported: its log as JSON (SessionExport), with what a replay needs, and the same as
Markdown a person can read. Both are made from the kept log, whose every event passed the
redactor when it was kept, and from the session's own metadata (ids, times, counts)."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from pydantic import MISSING

from gasoline import __version__
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import SessionEvent, SessionExport

from .sessions import SessionLog, seq_of, session_text

FORMAT = "gasoline-session/1"


def export_session(log: SessionLog, redactor: Redactor, session_id: str) -> SessionExport:
    session = log.get(session_id)
    events = log.events(session_id)
    requests = [e.provider_request for e in events if e.provider_request is not MISSING]
    models = sorted({f"{request.provider}/{request.model}" for request in requests})
    masks = sum(found["count"] for found in redactor.masks_in(session_text(events)))
    return SessionExport.model_validate(
        {
            "format": FORMAT,
            "exported_at": datetime.now(UTC).replace(microsecond=0),
            "session": session,
            "events": events,
            "replay": {
                "daemon_version": __version__,
                "policy_version": redactor.version,
                "first_seq": seq_of(events[0]) if events else 0,
                "last_seq": seq_of(events[-1]) if events else 0,
                "models": models,
                "provider_requests": len(requests),
                "redacted_count": masks,
            },
        }
    )


def as_markdown(export: SessionExport) -> str:
    session = export.session
    lines = [
        f"# Gasoline session {session.session_id}",
        "",
        f"- client: {session.client_name} ({session.transport})",
        f"- began: {session.created_at.isoformat()}; exported: {export.exported_at.isoformat()}",
        f"- models: {', '.join(export.replay.models) or 'none asked'}; "
        f"requests sent: {export.replay.provider_requests}",
        f"- redaction policy {export.replay.policy_version}: {export.replay.redacted_count} masks in this export",
        "",
    ]
    for event in export.events:
        lines.extend(markdown_event(event))
    return "\n".join(lines).rstrip() + "\n"


def markdown_event(event: SessionEvent) -> list[str]:
    at = event.at.strftime("%H:%M:%S")
    if event.message is not MISSING:
        model = event.message.model if event.message.model is not MISSING else "model"
        who = "You" if event.message.role == "user" else f"Assistant ({model})"
        return [f"## {who}, turn {event.turn}, {at}", "", event.message.text, ""]
    if event.evidence is not MISSING:
        card = event.evidence
        return [f"<details><summary>Evidence: {card.title}: {card.summary}</summary>", "", *fenced(card.lines),
                "</details>", ""]  # fmt: skip
    if event.tool_call is not MISSING:
        call = event.tool_call
        return [f"- {at} tool call `{call.tool}` {json.dumps(call.arguments, ensure_ascii=False)}"]
    if event.tool_result is not MISSING:
        result = event.tool_result
        state = "ok" if result.ok else f"failed ({result.error_code if result.error_code is not MISSING else 'error'})"
        return [f"- {at} result {state}", *fenced(result.text.splitlines()[:20])]
    if event.approval is not MISSING:
        approval = event.approval
        return [f"- {at} approval {approval.request_id} {approval.status}: {approval.summary} (scope {approval.scope})"]
    if event.provider_request is not MISSING:
        request = event.provider_request
        return [f"- {at} request sent to {request.provider}/{request.model}: {len(request.messages)} messages, "
                f"{request.redaction.redacted_count} masks"]  # fmt: skip
    if event.watch is not MISSING:
        return [f"## agent_watch, {at}", "", event.watch.summary, ""]
    if event.notice is not MISSING:
        return [f"> {event.notice.level}: {event.notice.text}", ""]
    if event.turn_state is not MISSING:
        return [f"- {at} turn {event.turn} {event.turn_state.state} ({event.turn_state.steps} model requests)"]
    return []


def fenced(lines: list[str]) -> list[str]:
    return ["```", *[line.replace("```", "'''") for line in lines], "```"]

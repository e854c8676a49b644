"""observe's results as a model reads them: one line per entry, newest first, times relative."""

from __future__ import annotations

from .common import Structured, ago, common_origin, counted, listing, one_line, short_url

STACK_LINES = 3  # of an uncaught error's stack, after its message (the structured result has it all)


def request_line(event: Structured, base: str) -> str:
    """GET /api/items 500 Internal Server Error (fetch, 35 ms)."""
    status = event.get("status", 0)
    outcome = f"{status} {event.get('error', '')}".strip() if status else f"no response: {event.get('error', '')}"
    took = f", {event['duration']:.0f} ms" if event.get("duration") is not None else ""
    how = f" ({event['initiator']}{took})" if event.get("initiator") else f" ({took[2:]})" if took else ""
    return f"{event.get('method', '?')} {short_url(event.get('url'), base)} {outcome.strip()}{how}"


def location(event: Structured, base: str) -> str:
    if event.get("filename"):
        return f" at {short_url(event['filename'], base)}:{event.get('line', '?')}:{event.get('column', '?')}"
    return f" at {short_url(event['source'], base)}" if event.get("source") else ""


def error_line(event: Structured, base: str, now: float) -> str:
    when = ago(event.get("ts"), now)
    if event["type"] == "network_error":
        return f"{when} request failed: {request_line(event, base)}"
    if event["type"] == "exception":
        kind = "unhandled rejection" if event.get("kind") == "unhandledrejection" else "uncaught"
        frames = [
            one_line(line.replace(f"{base}/", "/") if base else line, 160)
            for line in str(event.get("stack", "")).splitlines()[1 : 1 + STACK_LINES]
        ]
        stack = "".join(f"\n    {frame}" for frame in frames)
        return f"{when} {kind} {one_line(event.get('message'))}{location(event, base) if not frames else ''}{stack}"
    return f"{when} console.{event.get('level', 'error')} {one_line(event.get('message'))}{location(event, base)}"


def errors(result: Structured, now: float) -> str:
    return listing(result["entries"], result, "error", error_line, now)


def failed_requests(result: Structured, now: float) -> str:
    return listing(
        result["entries"],
        result,
        "failed request",
        lambda event, base, now: f"{ago(event.get('ts'), now)} {request_line(event, base)}",
        now,
    )


def logs(result: Structured, now: float) -> str:
    return listing(result["entries"], result, "console line", error_line, now)


def body_entry(event: Structured, base: str, now: float) -> str:
    head = f"{ago(event.get('ts'), now)} {request_line(event, base)}"
    if event.get("contentType"):
        head += f" {event['contentType']}"
    parts = [head + (" (cut)" if event.get("truncated") else "")]
    for side, key in (("sent", "requestBody"), ("got", "responseBody")):
        if event.get(key):
            parts.append(f"  {side}: {event[key]}")
    return "\n".join(parts)


def network_bodies(result: Structured, now: float) -> str:
    text = listing(result["entries"], result, "request", body_entry, now)
    if result.get("capturing") is False:
        text += "\nCapture Network Bodies is off in the extension popup; failed_requests lists failures whatever it is."
    return text


def websocket_line(event: Structured, base: str, now: float) -> str:
    when, name = ago(event.get("ts"), now), f"ws {str(event.get('id', '?'))[:8]}"
    if event.get("event") == "message":
        arrow = "<-" if event.get("direction") == "incoming" else "->"
        return f"{when} {name} {arrow} {one_line(event.get('data'), 500)}"
    if event.get("event") == "close":
        return f"{when} {name} closed {event.get('code', '')} {one_line(event.get('reason', ''))}".rstrip()
    return f"{when} {name} {event.get('event')} {event.get('url', '')}".rstrip()


def websocket_events(result: Structured, now: float) -> str:
    return listing(result["entries"], result, "WebSocket event", websocket_line, now)


def websocket_status(result: Structured, now: float) -> str:
    connections = result["connections"]
    lines = [f"{counted(len(connections), 'connection')}: {result.get('open_count', 0)} open"]
    base = common_origin(connections, "url")
    for connection in connections:
        line = (
            f"{str(connection['id'])[:8]} {connection['state']} {short_url(connection['url'], base)}: "
            f"{connection.get('messages_in', 0)} in, {connection.get('messages_out', 0)} out"
        )
        if connection.get("last_message_at"):
            line += f", last {ago(connection['last_message_at'], now)}"
        if connection["state"] == "closed":
            line += f", closed {connection.get('close_code', '')} {connection.get('close_reason', '')}".rstrip()
        lines.append(line)
    return "\n".join(lines)


def page(result: Structured, now: float) -> str:
    if not result.get("extension_connected"):
        return "no extension connected"
    if not result.get("url"):
        return "extension connected; no tab reported yet"
    how = "tracked tab" if result.get("tracked") else "active tab"
    return f"{how} {result.get('tab_id')}: {result.get('title', '')} {result['url']}"


def result_page(result: Structured, now: float) -> str:
    more = f"\nmore: cursor={result['next_cursor']}" if result.get("next_cursor") else ""
    return f"{result['text']}{more}"

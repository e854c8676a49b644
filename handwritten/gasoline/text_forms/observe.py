"""observe's results as a model reads them: one line per entry, newest first, times relative."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline_generated.models import (
    ConsoleEvent,
    ExceptionEvent,
    NetworkBodyEvent,
    NetworkErrorEvent,
    ObserveErrorsResult,
    ObserveFailedRequestsResult,
    ObserveLogsResult,
    ObserveNetworkBodiesResult,
    ObservePageResult,
    ObserveResultPageResult,
    ObserveWebsocketEventsResult,
    ObserveWebsocketStatusResult,
    Tally,
    WebSocketEvent,
)

from .common import ago, common_origin, counted, one_line, short_url
from .form import Form, form

STACK_LINES = 3  # of an uncaught error's stack, after its message (the structured result has it all)

Event = ConsoleEvent | ExceptionEvent | NetworkBodyEvent | NetworkErrorEvent | WebSocketEvent
Request = NetworkBodyEvent | NetworkErrorEvent
E = TypeVar("E", bound=Event)


class Listed(Protocol):
    """What a list of captured events says besides its entries."""

    @property
    def total(self) -> int: ...
    @property
    def next_cursor(self) -> str | MISSING: ...
    @property
    def tally(self) -> list[Tally] | MISSING: ...
    @property
    def settling(self) -> str | MISSING: ...


def page_url(event: Event) -> str | None:
    """The page an event happened on: a request's page, else the event's own URL."""
    page = given(event.pageUrl) if isinstance(event, NetworkBodyEvent | NetworkErrorEvent) else None
    return page or given(event.url)


def listing(result: Listed, entries: Sequence[E], noun: str, line: Callable[[E, str, float], str], now: float) -> str:
    """A list result: how many, one line per entry (newest first), where the URLs are, and how to go
    on; or, with summary_only, how many of each kind."""
    total = result.total
    settling = given(result.settling)
    waiting = [f"capture may be incomplete: {settling}; ask again shortly"] if settling else []
    if tally := given(result.tally):
        kinds = ", ".join(f"{each.count} {each.kind}" for each in tally)
        return "\n".join([f"{counted(total, noun)}: {kinds}", *waiting])
    base = common_origin(page_url(entry) for entry in entries)
    head = counted(total, noun) + (f", newest {len(entries)} shown" if len(entries) < total else "")
    lines = [head + (f" (on {base})" if base else "")]
    lines += [line(entry, base, now) for entry in entries]
    if next_cursor := given(result.next_cursor):
        lines.append(f"more: cursor={next_cursor}")
    return "\n".join(lines + waiting)


def request_line(event: Request, base: str) -> str:
    """GET /api/items 500 Internal Server Error (fetch, 35 ms)."""
    error = given(event.error, "") if isinstance(event, NetworkErrorEvent) else ""
    outcome = f"{event.status} {error}".strip() if event.status else f"no response: {error}"
    duration = given(event.duration)
    took = f", {duration:.0f} ms" if duration is not None else ""
    initiator = event.initiator if isinstance(event, NetworkErrorEvent) else None
    how = f" ({initiator}{took})" if initiator else f" ({took[2:]})" if took else ""
    return f"{event.method} {short_url(event.url, base)} {outcome.strip()}{how}"


def event_line(event: Event, base: str, now: float) -> str:
    """An error or a console line; any other event as its own list shows it."""
    if isinstance(event, ConsoleEvent):
        source = given(event.source)
        where = f" at {short_url(source, base)}" if source else ""
        return f"{ago(event.ts, now)} console.{event.level} {one_line(event.message)}{where}"
    if isinstance(event, ExceptionEvent):
        return exception_line(event, base, now)
    if isinstance(event, NetworkErrorEvent):
        return f"{ago(event.ts, now)} request failed: {request_line(event, base)}"
    if isinstance(event, NetworkBodyEvent):
        return body_entry(event, base, now)
    return websocket_line(event, base, now)


def exception_line(event: ExceptionEvent, base: str, now: float) -> str:
    """The error's message, then the first lines of its stack, or where it was thrown."""
    kind = "unhandled rejection" if event.kind == "unhandledrejection" else "uncaught"
    frames = [
        one_line(line.replace(f"{base}/", "/") if base else line, 160)
        for line in given(event.stack, "").splitlines()[1 : 1 + STACK_LINES]
    ]
    if frames:
        where = "".join(f"\n    {frame}" for frame in frames)
    elif filename := given(event.filename):
        where = f" at {short_url(filename, base)}:{given(event.line, '?')}:{given(event.column, '?')}"
    else:
        where = ""
    return f"{ago(event.ts, now)} {kind} {one_line(event.message)}{where}"


def errors(result: ObserveErrorsResult, now: float) -> str:
    return listing(result, [entry.root for entry in result.entries], "error", event_line, now)


def failed_requests(result: ObserveFailedRequestsResult, now: float) -> str:
    return listing(
        result,
        result.entries,
        "failed request",
        lambda event, base, now: f"{ago(event.ts, now)} {request_line(event, base)}",
        now,
    )


def logs(result: ObserveLogsResult, now: float) -> str:
    return listing(result, result.entries, "console line", event_line, now)


def body_entry(event: NetworkBodyEvent, base: str, now: float) -> str:
    head = f"{ago(event.ts, now)} {request_line(event, base)}"
    if content_type := given(event.contentType):
        head += f" {content_type}"
    parts = [head + (" (cut)" if given(event.truncated) else "")]
    for side, body in (("sent", given(event.requestBody)), ("got", given(event.responseBody))):
        if body:
            parts.append(f"  {side}: {body}")
    return "\n".join(parts)


def network_bodies(result: ObserveNetworkBodiesResult, now: float) -> str:
    text = listing(result, result.entries, "request", body_entry, now)
    if result.capturing is False:
        text += "\nCapture Network Bodies is off in the extension popup; failed_requests lists failures whatever it is."
    return text


def websocket_line(event: WebSocketEvent, base: str, now: float) -> str:
    when, name = ago(event.ts, now), f"ws {event.id[:8]}"
    if event.event == "message":
        arrow = "<-" if event.direction == "incoming" else "->"
        return f"{when} {name} {arrow} {one_line(given(event.data), 500)}"
    if event.event == "close":
        return f"{when} {name} closed {given(event.code, '')} {one_line(given(event.reason, ''))}".rstrip()
    return f"{when} {name} {event.event} {given(event.url, '')}".rstrip()


def websocket_events(result: ObserveWebsocketEventsResult, now: float) -> str:
    return listing(result, result.entries, "WebSocket event", websocket_line, now)


def websocket_status(result: ObserveWebsocketStatusResult, now: float) -> str:
    connections = result.connections
    lines = [f"{counted(len(connections), 'connection')}: {result.open_count} open"]
    base = common_origin(connection.url for connection in connections)
    for connection in connections:
        line = (
            f"{connection.id[:8]} {connection.state} {short_url(connection.url, base)}: "
            f"{connection.messages_in} in, {connection.messages_out} out"
        )
        if last_message_at := given(connection.last_message_at):
            line += f", last {ago(last_message_at, now)}"
        if connection.state == "closed":
            line += f", closed {given(connection.close_code, '')} {given(connection.close_reason, '')}".rstrip()
        lines.append(line)
    return "\n".join(lines)


def page(result: ObservePageResult, now: float) -> str:
    if not result.extension_connected:
        return "no extension connected"
    url = given(result.url)
    if not url:
        return "extension connected; no tab reported yet"
    how = "tracked tab" if result.tracked else "active tab"
    return f"{how} {given(result.tab_id)}: {given(result.title, '')} {url}"


def result_page(result: ObserveResultPageResult, now: float) -> str:
    next_cursor = given(result.next_cursor)
    more = f"\nmore: cursor={next_cursor}" if next_cursor else ""
    return f"{result.text}{more}"


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("observe", "errors"): form(ObserveErrorsResult, errors),
    ("observe", "failed_requests"): form(ObserveFailedRequestsResult, failed_requests),
    ("observe", "logs"): form(ObserveLogsResult, logs),
    ("observe", "network_bodies"): form(ObserveNetworkBodiesResult, network_bodies),
    ("observe", "websocket_events"): form(ObserveWebsocketEventsResult, websocket_events),
    ("observe", "websocket_status"): form(ObserveWebsocketStatusResult, websocket_status),
    ("observe", "page"): form(ObservePageResult, page),
    ("observe", "result_page"): form(ObserveResultPageResult, result_page),
}

"""observe: read what has been captured and produced, without changing anything."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any, Protocol, TypeVar

from pydantic import MISSING, BaseModel

from gasoline.capture.extension import ExtensionLink
from gasoline.capture.pages import Page, paginate
from gasoline.capture.store import Captured, CaptureStore, merged
from gasoline.code.tools import CodeTools
from gasoline.contract import CallContext
from gasoline.control.backend import Backend
from gasoline.core.background import BackgroundCalls
from gasoline.core.cursors import BadCursor
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline.core.missing import given
from gasoline.core.results import Continuations
from gasoline_generated.models import (
    ObserveAuditLogParams,
    ObserveAuditLogResult,
    ObserveBackendStateParams,
    ObserveBackendStateResult,
    ObserveCommandResultParams,
    ObserveCommandResultResult,
    ObserveErrorsParams,
    ObserveErrorsResult,
    ObserveFailedRequestsParams,
    ObserveFailedRequestsResult,
    ObserveLogsParams,
    ObserveLogsResult,
    ObserveModificationLogParams,
    ObserveModificationLogResult,
    ObserveNetworkBodiesParams,
    ObserveNetworkBodiesResult,
    ObservePageParams,
    ObservePageResult,
    ObserveResultPageParams,
    ObserveResultPageResult,
    ObserveWebsocketEventsParams,
    ObserveWebsocketEventsResult,
    ObserveWebsocketStatusParams,
    ObserveWebsocketStatusResult,
    Tally,
)
from gasoline_generated.policy import LIMITS

# A page's text is escaped once more inside its own JSON result, which at most doubles it.
PAGE_BYTES = LIMITS.results.max_result_bytes // 2 - 1024
LEVELS = ("debug", "log", "info", "warn", "error")

Filter = Callable[[Captured], bool]
Listing = TypeVar("Listing", bound=BaseModel)


def all_of(*filters: Filter | None) -> Filter | None:
    """The filters given, as one (None when none is given: every entry is kept)."""
    chosen = [f for f in filters if f is not None]
    if len(chosen) <= 1:
        return chosen[0] if chosen else None
    return lambda entry: all(f(entry) for f in chosen)


def page_url_contains(text: str | None) -> Filter | None:
    if text is None:
        return None
    return lambda entry: text in (entry.event.get("url") or entry.event.get("pageUrl") or "")


def url_contains(text: str | None) -> Filter | None:
    if text is None:
        return None
    return lambda entry: text in entry.event["url"]


def method_is(method: str | None) -> Filter | None:
    """Requests of this HTTP method, in any case."""
    if method is None:
        return None
    wanted = method.upper()
    return lambda entry: bool(entry.event["method"].upper() == wanted)


def status_within(low: int | None, high: int | None) -> Filter | None:
    if low is None and high is None:
        return None
    return lambda entry: (
        (low is None or entry.event["status"] >= low) and (high is None or entry.event["status"] <= high)
    )


def at_or_after(since: datetime | None) -> Filter | None:
    if since is None:
        return None
    threshold = since.timestamp()
    return lambda entry: entry.at >= threshold


class ListParams(Protocol):
    """What every list mode takes besides its filters."""

    limit: int
    cursor: Any
    summary_only: bool


Kind = Callable[[dict[str, Any]], str]


def error_kind(event: dict[str, Any]) -> str:
    if event["type"] == "network_error":
        return "failed request"
    if event["type"] == "exception":
        return "unhandled rejection" if event.get("kind") == "unhandledrejection" else "uncaught error"
    return "console.error"


def status_kind(event: dict[str, Any]) -> str:
    return str(event["status"]) if event["status"] else "no response"


def status_class(event: dict[str, Any]) -> str:
    return f"{event['status'] // 100}xx" if event["status"] else "no response"


def websocket_kind(event: dict[str, Any]) -> str:
    return str(event.get("direction") or event["event"]) if event["event"] == "message" else str(event["event"])


def listing(result: type[Listing], page: Page, settling: str | None) -> Listing:
    """A list result: the page's entries, how many, how many match in all, the next cursor, and why
    more may still be on its way."""
    return result(
        entries=[entry.event for entry in page.entries],
        count=len(page.entries),
        total=page.total,
        next_cursor=page.next_cursor or MISSING,
        settling=settling or MISSING,
    )


class ObserveHandlers:
    def __init__(
        self,
        captured: CaptureStore,
        extension: ExtensionLink,
        background: BackgroundCalls,
        continuations: Continuations,
        backend: Backend,
        code: CodeTools,
    ) -> None:
        self.captured = captured
        self.extension = extension
        self.background = background
        self.continuations = continuations
        self.backend = backend
        self.code = code

    def audit_log(self, params: ObserveAuditLogParams, ctx: CallContext) -> ObserveAuditLogResult:
        """The backend operations run in the calling client's repository (gasoline.control)."""
        return self.backend.audit_log(ctx, params)

    def backend_state(self, params: ObserveBackendStateParams, ctx: CallContext) -> ObserveBackendStateResult:
        return self.backend.state(ctx, params)

    def errors(self, params: ObserveErrorsParams, ctx: CallContext) -> ObserveErrorsResult:
        keep = all_of(page_url_contains(given(params.url_filter)), at_or_after(given(params.since)))
        return self._list(ObserveErrorsResult, ctx, self._failures, keep, params, error_kind)

    def failed_requests(self, params: ObserveFailedRequestsParams, ctx: CallContext) -> ObserveFailedRequestsResult:
        def failed(entry: Captured) -> bool:
            return bool(entry.event["type"] == "network_error")

        keep = all_of(
            failed,
            url_contains(given(params.url_filter)),
            status_within(given(params.status_min), given(params.status_max)),
            at_or_after(given(params.since)),
        )
        return self._list(ObserveFailedRequestsResult, ctx, self._buffer("errors"), keep, params, status_kind)

    def logs(self, params: ObserveLogsParams, ctx: CallContext) -> ObserveLogsResult:
        lowest = LEVELS.index(params.level)

        def at_level(entry: Captured) -> bool:
            return LEVELS.index(entry.event["level"]) >= lowest

        keep = all_of(
            at_level if lowest else None, page_url_contains(given(params.url_filter)), at_or_after(given(params.since))
        )
        return self._list(ObserveLogsResult, ctx, self._buffer("logs"), keep, params, lambda event: str(event["level"]))

    def network_bodies(self, params: ObserveNetworkBodiesParams, ctx: CallContext) -> ObserveNetworkBodiesResult:
        keep = all_of(
            url_contains(given(params.url_filter)),
            method_is(given(params.method)),
            status_within(given(params.status_min), given(params.status_max)),
        )
        result = self._list(ObserveNetworkBodiesResult, ctx, self._buffer("network_bodies"), keep, params, status_class)
        synced = self.extension.current()
        if synced is not None:
            result.capturing = synced.settings.captureNetworkBodies
        return result

    def websocket_events(self, params: ObserveWebsocketEventsParams, ctx: CallContext) -> ObserveWebsocketEventsResult:
        connection, url, direction = given(params.connection_id), given(params.url_filter), given(params.direction)
        connections = self.captured.websockets

        def on_connection(entry: Captured) -> bool:
            return bool(entry.event["id"] == connection)

        def in_direction(entry: Captured) -> bool:
            return bool(entry.event.get("direction") == direction)

        def on_url(entry: Captured) -> bool:
            event = entry.event
            return url is not None and url in (connections.url_of(event["id"]) or event.get("url", ""))

        keep = all_of(
            on_connection if connection is not None else None,
            in_direction if direction is not None else None,
            on_url if url is not None else None,
        )
        return self._list(
            ObserveWebsocketEventsResult, ctx, self._buffer("websocket_events"), keep, params, websocket_kind
        )

    def websocket_status(self, params: ObserveWebsocketStatusParams, ctx: CallContext) -> ObserveWebsocketStatusResult:
        connections = self.captured.websockets.summaries(given(params.url_filter))
        open_count = sum(c.state == "open" for c in connections)
        return ObserveWebsocketStatusResult(
            connections=connections, open_count=open_count, closed_count=len(connections) - open_count
        )

    def modification_log(self, params: ObserveModificationLogParams, ctx: CallContext) -> ObserveModificationLogResult:
        """The code tools' changes in the calling client's repository (gasoline.code)."""
        return self.code.modification_log(ctx, params)

    def page(self, params: ObservePageParams, ctx: CallContext) -> ObservePageResult:
        sync = self.extension.current()
        if sync is None:
            return ObservePageResult(extension_connected=False, tracked=False)
        if sync.tab is MISSING:
            return ObservePageResult(extension_connected=True, tracked=False)
        tab = sync.tab
        return ObservePageResult(
            extension_connected=True, tracked=tab.tracked, tab_id=tab.id, url=tab.url, title=tab.title
        )

    def command_result(self, params: ObserveCommandResultParams, ctx: CallContext) -> ObserveCommandResultResult:
        return self.background.status(params.correlation_id)

    def result_page(self, params: ObserveResultPageParams, ctx: CallContext) -> ObserveResultPageResult:
        try:
            page = self.continuations.page(params.cursor, PAGE_BYTES)
        except KeyError:
            message = f"cursor {params.cursor!r} is unknown or has expired; repeat the original call"
            raise self._bad_cursor(ctx, message, "unknown or expired") from None
        return ObserveResultPageResult(
            text=page.text, offset=page.offset, total_bytes=page.total_bytes, next_cursor=page.next_cursor or MISSING
        )

    def _list(
        self,
        result: type[Listing],
        ctx: CallContext,
        read: Callable[[], list[Captured]],
        keep: Filter | None,
        params: ListParams,
        kind: Kind,
    ) -> Listing:
        """A page of the entries `read` finds that the filter keeps (or, with summary_only, how many of
        each kind), read once the tab's page has settled, or saying why it has not within
        capture.settle_wait_ms."""
        settling = self.extension.wait_settled(LIMITS.capture.settle_wait_ms / 1000)
        entries = read()
        if not params.summary_only:
            return listing(result, self._page(ctx, entries, keep, params.limit, params.cursor), settling)
        counts = Counter(kind(entry.event) for entry in entries if keep is None or keep(entry))
        tally = [Tally(kind=name, count=count) for name, count in counts.most_common()]
        return result(entries=[], count=0, total=sum(counts.values()), tally=tally, settling=settling or MISSING)

    def _buffer(self, name: str) -> Callable[[], list[Captured]]:
        """What reads the entries of one buffer, newest first."""
        return partial(self.captured.newest_first, name)

    def _failures(self) -> list[Captured]:
        """Everything in the errors buffer and the console's errors, newest first."""
        console = [entry for entry in self.captured.newest_first("logs") if entry.event["level"] == "error"]
        return merged(self.captured.newest_first("errors"), console)

    def _page(self, ctx: CallContext, entries: list[Captured], keep: Filter | None, limit: int, cursor: Any) -> Page:
        try:
            return paginate(entries, keep, limit, given(cursor))
        except BadCursor as error:
            raise self._bad_cursor(ctx, str(error), "not a cursor of this mode") from None

    @staticmethod
    def _bad_cursor(ctx: CallContext, message: str, problem: str) -> ToolFailure:
        return bad_argument(ctx.entry, "cursor", message, problem)

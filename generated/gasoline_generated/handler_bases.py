# Generated from spec/tools/*/*.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Base classes for the hand-written handlers in gasoline.handlers: one method per mode.

Each published mode's method must be overridden by the tool's handler class (a test checks
it); a planned mode's stub says what its handler will have to provide.
"""

from __future__ import annotations

from gasoline.contract import CallContext, ModeNotImplemented

from . import models


class ObserveHandlerBase:
    """Modes of `observe` (spec/tools/observe/). Implemented by gasoline.handlers.observe.ObserveHandlers."""

    def audit_log(self, params: models.ObserveAuditLogParams, ctx: CallContext) -> models.ObserveAuditLogResult:
        """The audit log of backend-control operations, newest first: what ran on which service, its outcome, changes, checksums and snapshots. (planned, read_only)"""
        raise ModeNotImplemented("observe", "audit_log")

    def backend_state(self, params: models.ObserveBackendStateParams, ctx: CallContext) -> models.ObserveBackendStateResult:
        """Read a backend service's state: values of named keys, the control operations it offers, or whether it is reachable. (planned, read_only)"""
        raise ModeNotImplemented("observe", "backend_state")

    def command_result(self, params: models.ObserveCommandResultParams, ctx: CallContext) -> models.ObserveCommandResultResult:
        """Status and result of a background browser command by its correlation_id: pending, ok, error, timeout or expired. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "command_result")

    def errors(self, params: models.ObserveErrorsParams, ctx: CallContext) -> models.ObserveErrorsResult:
        """Uncaught errors, unhandled promise rejections and console errors from the browser, newest first. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "errors")

    def logs(self, params: models.ObserveLogsParams, ctx: CallContext) -> models.ObserveLogsResult:
        """Console output from the browser (console.log, warn, error...), newest first, filtered by minimum level, page URL and time. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "logs")

    def modification_log(self, params: models.ObserveModificationLogParams, ctx: CallContext) -> models.ObserveModificationLogResult:
        """The log of code edits Gasoline made, newest first: file, operation, lines, reason, git staging, rollback and test results. (planned, read_only)"""
        raise ModeNotImplemented("observe", "modification_log")

    def network_bodies(self, params: models.ObserveNetworkBodiesParams, ctx: CallContext) -> models.ObserveNetworkBodiesResult:
        """Captured fetch/XHR requests with their request and response bodies, newest first, filtered by URL, method and status. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "network_bodies")

    def page(self, params: models.ObservePageParams, ctx: CallContext) -> models.ObservePageResult:
        """The tab Gasoline works on: its id, URL and title, whether it is tracked, and whether the extension is connected. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "page")

    def result_page(self, params: models.ObserveResultPageParams, ctx: CallContext) -> models.ObserveResultPageResult:
        """The next part of a tool result that was too large to return at once. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "result_page")

    def websocket_events(self, params: models.ObserveWebsocketEventsParams, ctx: CallContext) -> models.ObserveWebsocketEventsResult:
        """WebSocket connection events and messages (open, message, close, error), newest first, by connection, URL or direction. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "websocket_events")

    def websocket_status(self, params: models.ObserveWebsocketStatusParams, ctx: CallContext) -> models.ObserveWebsocketStatusResult:
        """Open and recently closed WebSocket connections with state, message counts, message rates and last activity. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "websocket_status")


class AnalyzeHandlerBase:
    """Modes of `analyze` (spec/tools/analyze/). Implemented by gasoline.handlers.analyze.AnalyzeHandlers."""

    def accessibility(self, params: models.AnalyzeAccessibilityParams, ctx: CallContext) -> models.AccessibilityAuditResult:
        """Run an axe-core accessibility audit of the page (or part of it) and list the violations with the failing elements and how to fix them. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "accessibility")

    def dom(self, params: models.DomQueryParams, ctx: CallContext) -> models.DomQueryResult:
        """Query the live DOM by CSS selector; returns tag, attributes, text, box, visibility, and optionally computed styles and children. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "dom")

    def page_info(self, params: models.PageInfoParams, ctx: CallContext) -> models.PageInfoResult:
        """Page overview without a selector: URL, title, viewport, scroll, document height, forms, headings and element counts. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "page_info")


class InteractHandlerBase:
    """Modes of `interact` (spec/tools/interact/). Implemented by gasoline.handlers.interact.InteractHandlers."""

    def backend_control(self, params: models.InteractBackendControlParams, ctx: CallContext) -> models.InteractBackendControlResult:
        """Run a named operation on a backend service (reset data, inject test records, simulate failures), with before/after snapshots and an audit entry. (planned, destructive)"""
        raise ModeNotImplemented("interact", "backend_control")

    def click(self, params: models.ClickParams, ctx: CallContext) -> models.ClickResult:
        """Click an element of the page by CSS selector. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "click")

    def code_modify(self, params: models.InteractCodeModifyParams, ctx: CallContext) -> models.InteractCodeModifyResult:
        """Replace, insert or delete lines in a repository file; the change is staged in git (never committed) and can be rolled back. (planned, mutating)"""
        raise ModeNotImplemented("interact", "code_modify")

    def code_read(self, params: models.InteractCodeReadParams, ctx: CallContext) -> models.InteractCodeReadResult:
        """Read a repository file, whole or a range of lines, with its language, line count and git status. (planned, read_only)"""
        raise ModeNotImplemented("interact", "code_read")

    def code_rollback(self, params: models.InteractCodeRollbackParams, ctx: CallContext) -> models.InteractCodeRollbackResult:
        """Undo one change made by code_modify, restoring the file's previous lines from git. (planned, destructive)"""
        raise ModeNotImplemented("interact", "code_rollback")

    def code_search(self, params: models.InteractCodeSearchParams, ctx: CallContext) -> models.InteractCodeSearchResult:
        """Search the repository's files for a regular expression; returns ranked matches with file, line and context. (planned, read_only)"""
        raise ModeNotImplemented("interact", "code_search")

    def delete_state(self, params: models.DeleteStateParams, ctx: CallContext) -> models.DeleteStateResult:
        """Delete a saved browser state snapshot. (implemented, destructive)"""
        raise ModeNotImplemented("interact", "delete_state")

    def execute_js(self, params: models.ExecuteJsParams, ctx: CallContext) -> models.ExecuteJsResult:
        """Run JavaScript in the page and return its JSON-serializable result, e.g. to read app state, globals or framework internals. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "execute_js")

    def highlight(self, params: models.HighlightParams, ctx: CallContext) -> models.HighlightResult:
        """Outline an element on the page in red for a few seconds so the user can see which one you mean. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "highlight")

    def list_states(self, params: models.ListStatesParams, ctx: CallContext) -> models.ListStatesResult:
        """List the saved browser state snapshots with their URL, time and size. (implemented, read_only)"""
        raise ModeNotImplemented("interact", "list_states")

    def load_state(self, params: models.LoadStateParams, ctx: CallContext) -> models.LoadStateResult:
        """Replace the page's localStorage, sessionStorage and cookies with a saved snapshot, and go back to its URL. (implemented, destructive)"""
        raise ModeNotImplemented("interact", "load_state")

    def navigate(self, params: models.NavigateParams, ctx: CallContext) -> models.NavigateResult:
        """Load a URL in the tracked (or active) tab and wait for the page to load. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "navigate")

    def new_tab(self, params: models.NewTabParams, ctx: CallContext) -> models.NewTabResult:
        """Open a new browser tab, optionally at a URL, and optionally make it the tracked tab. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "new_tab")

    def refresh(self, params: models.RefreshParams, ctx: CallContext) -> models.RefreshResult:
        """Reload the tracked (or active) tab, optionally bypassing the cache. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "refresh")

    def run_tests(self, params: models.InteractRunTestsParams, ctx: CallContext) -> models.InteractRunTestsResult:
        """Run the project's tests (or a given test command) and return pass/fail counts and the tail of the output. (planned, destructive)"""
        raise ModeNotImplemented("interact", "run_tests")

    def save_state(self, params: models.SaveStateParams, ctx: CallContext) -> models.SaveStateResult:
        """Save the page's localStorage, sessionStorage, cookies and URL as a named snapshot to restore later. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "save_state")

    def type(self, params: models.TypeTextParams, ctx: CallContext) -> models.TypeTextResult:
        """Type text into an input, text area or editable element, optionally clearing it first and pressing Enter after. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "type")

    def upload(self, params: models.InteractUploadParams, ctx: CallContext) -> models.UploadResult:
        """Attach a file from the repository to a file input on the page. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "upload")


class ConfigureHandlerBase:
    """Modes of `configure` (spec/tools/configure/). Implemented by gasoline.handlers.configure.ConfigureHandlers."""

    def agent_watch(self, params: models.ConfigureAgentWatchParams, ctx: CallContext) -> models.ConfigureAgentWatchResult:
        """Turn the agent's automatic watch on or off for errors, network failures, security findings or WebSocket trouble, or show its state. (planned, mutating)"""
        raise ModeNotImplemented("configure", "agent_watch")

    def clear(self, params: models.ConfigureClearParams, ctx: CallContext) -> models.ConfigureClearResult:
        """Empty Gasoline's capture buffers (console logs, errors, network bodies, WebSocket events, command results), all or some. (implemented, mutating)"""
        raise ModeNotImplemented("configure", "clear")

    def health(self, params: models.ConfigureHealthParams, ctx: CallContext) -> models.ConfigureHealthResult:
        """Name, version, process, uptime, transports and buffer usage of the server, and which tool modes it offers. (implemented, read_only)"""
        raise ModeNotImplemented("configure", "health")

    def snapshot(self, params: models.ConfigureSnapshotParams, ctx: CallContext) -> models.ConfigureSnapshotResult:
        """Create, restore, list or delete snapshots of a backend service's state (database, cache, config). (planned, destructive)"""
        raise ModeNotImplemented("configure", "snapshot")


HANDLER_BASES: dict[str, type] = {
    "observe": ObserveHandlerBase,
    "analyze": AnalyzeHandlerBase,
    "interact": InteractHandlerBase,
    "configure": ConfigureHandlerBase,
}

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
        """Backend-control operations run: outcome, changes, checksums, snapshots. (planned, read_only)"""
        raise ModeNotImplemented("observe", "audit_log")

    def backend_state(self, params: models.ObserveBackendStateParams, ctx: CallContext) -> models.ObserveBackendStateResult:
        """A backend service's key values, control operations or reachability. (planned, read_only)"""
        raise ModeNotImplemented("observe", "backend_state")

    def command_result(self, params: models.ObserveCommandResultParams, ctx: CallContext) -> models.ObserveCommandResultResult:
        """Status and result of a background command. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "command_result")

    def errors(self, params: models.ObserveErrorsParams, ctx: CallContext) -> models.ObserveErrorsResult:
        """Uncaught errors, unhandled rejections and console errors. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "errors")

    def logs(self, params: models.ObserveLogsParams, ctx: CallContext) -> models.ObserveLogsResult:
        """Browser console output. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "logs")

    def modification_log(self, params: models.ObserveModificationLogParams, ctx: CallContext) -> models.ObserveModificationLogResult:
        """Code edits Gasoline made: lines, reason, git staging, rollback, tests. (planned, read_only)"""
        raise ModeNotImplemented("observe", "modification_log")

    def network_bodies(self, params: models.ObserveNetworkBodiesParams, ctx: CallContext) -> models.ObserveNetworkBodiesResult:
        """Captured fetch/XHR requests with their bodies. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "network_bodies")

    def page(self, params: models.ObservePageParams, ctx: CallContext) -> models.ObservePageResult:
        """The tab Gasoline works on, and whether the extension is connected. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "page")

    def result_page(self, params: models.ObserveResultPageParams, ctx: CallContext) -> models.ObserveResultPageResult:
        """The next part of a result too large to return at once. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "result_page")

    def websocket_events(self, params: models.ObserveWebsocketEventsParams, ctx: CallContext) -> models.ObserveWebsocketEventsResult:
        """WebSocket lifecycle events and messages. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "websocket_events")

    def websocket_status(self, params: models.ObserveWebsocketStatusParams, ctx: CallContext) -> models.ObserveWebsocketStatusResult:
        """WebSocket connections, open and recent: state, message counts and rates. (implemented, read_only)"""
        raise ModeNotImplemented("observe", "websocket_status")


class AnalyzeHandlerBase:
    """Modes of `analyze` (spec/tools/analyze/). Implemented by gasoline.handlers.analyze.AnalyzeHandlers."""

    def accessibility(self, params: models.AnalyzeAccessibilityParams, ctx: CallContext) -> models.AccessibilityAuditResult:
        """axe-core audit: violations, failing elements, how to fix them. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "accessibility")

    def dom(self, params: models.DomQueryParams, ctx: CallContext) -> models.DomQueryResult:
        """Elements matching a CSS selector: tag, attributes, text, box, visibility. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "dom")

    def page_info(self, params: models.PageInfoParams, ctx: CallContext) -> models.PageInfoResult:
        """Page overview: URL, title, viewport, scroll, height, forms, headings, element counts. (implemented, read_only)"""
        raise ModeNotImplemented("analyze", "page_info")


class InteractHandlerBase:
    """Modes of `interact` (spec/tools/interact/). Implemented by gasoline.handlers.interact.InteractHandlers."""

    def backend_control(self, params: models.InteractBackendControlParams, ctx: CallContext) -> models.InteractBackendControlResult:
        """Run a backend service's operation (reset data, seed records, simulate failures), with snapshots and audit. (planned, destructive)"""
        raise ModeNotImplemented("interact", "backend_control")

    def click(self, params: models.ClickParams, ctx: CallContext) -> models.ClickResult:
        """Click an element. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "click")

    def code_modify(self, params: models.InteractCodeModifyParams, ctx: CallContext) -> models.InteractCodeModifyResult:
        """Replace, insert or delete lines of a file; staged in git, can be rolled back. (planned, mutating)"""
        raise ModeNotImplemented("interact", "code_modify")

    def code_read(self, params: models.InteractCodeReadParams, ctx: CallContext) -> models.InteractCodeReadResult:
        """Read a file, with its language, line count and git status. (planned, read_only)"""
        raise ModeNotImplemented("interact", "code_read")

    def code_rollback(self, params: models.InteractCodeRollbackParams, ctx: CallContext) -> models.InteractCodeRollbackResult:
        """Undo one code_modify change. (planned, destructive)"""
        raise ModeNotImplemented("interact", "code_rollback")

    def code_search(self, params: models.InteractCodeSearchParams, ctx: CallContext) -> models.InteractCodeSearchResult:
        """Search the repository by regular expression: ranked matches with context. (planned, read_only)"""
        raise ModeNotImplemented("interact", "code_search")

    def delete_state(self, params: models.DeleteStateParams, ctx: CallContext) -> models.DeleteStateResult:
        """Delete a saved browser state. (implemented, destructive)"""
        raise ModeNotImplemented("interact", "delete_state")

    def execute_js(self, params: models.ExecuteJsParams, ctx: CallContext) -> models.ExecuteJsResult:
        """Run JavaScript in the page and return its JSON result (app state, globals...). (implemented, mutating)"""
        raise ModeNotImplemented("interact", "execute_js")

    def highlight(self, params: models.HighlightParams, ctx: CallContext) -> models.HighlightResult:
        """Outline an element in red for a while, to show it to the user. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "highlight")

    def list_states(self, params: models.ListStatesParams, ctx: CallContext) -> models.ListStatesResult:
        """List the saved browser states. (implemented, read_only)"""
        raise ModeNotImplemented("interact", "list_states")

    def load_state(self, params: models.LoadStateParams, ctx: CallContext) -> models.LoadStateResult:
        """Restore a saved browser state (storage, cookies, URL). (implemented, destructive)"""
        raise ModeNotImplemented("interact", "load_state")

    def navigate(self, params: models.NavigateParams, ctx: CallContext) -> models.NavigateResult:
        """Load a URL in the tab. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "navigate")

    def new_tab(self, params: models.NewTabParams, ctx: CallContext) -> models.NewTabResult:
        """Open a browser tab. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "new_tab")

    def refresh(self, params: models.RefreshParams, ctx: CallContext) -> models.RefreshResult:
        """Reload the page. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "refresh")

    def run_tests(self, params: models.InteractRunTestsParams, ctx: CallContext) -> models.InteractRunTestsResult:
        """Run the project's tests: pass/fail counts and the output's tail. (planned, destructive)"""
        raise ModeNotImplemented("interact", "run_tests")

    def save_state(self, params: models.SaveStateParams, ctx: CallContext) -> models.SaveStateResult:
        """Save the page's storage, cookies and URL under a name. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "save_state")

    def type(self, params: models.TypeTextParams, ctx: CallContext) -> models.TypeTextResult:
        """Type text into a field. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "type")

    def upload(self, params: models.InteractUploadParams, ctx: CallContext) -> models.UploadResult:
        """Attach a repository file to a file input. (implemented, mutating)"""
        raise ModeNotImplemented("interact", "upload")


class ConfigureHandlerBase:
    """Modes of `configure` (spec/tools/configure/). Implemented by gasoline.handlers.configure.ConfigureHandlers."""

    def agent_watch(self, params: models.ConfigureAgentWatchParams, ctx: CallContext) -> models.ConfigureAgentWatchResult:
        """Turn the agent's automatic watch on or off, or show it. (planned, mutating)"""
        raise ModeNotImplemented("configure", "agent_watch")

    def clear(self, params: models.ConfigureClearParams, ctx: CallContext) -> models.ConfigureClearResult:
        """Empty capture buffers. (implemented, mutating)"""
        raise ModeNotImplemented("configure", "clear")

    def health(self, params: models.ConfigureHealthParams, ctx: CallContext) -> models.ConfigureHealthResult:
        """Server version, uptime, transports, buffer usage and the modes it offers. (implemented, read_only)"""
        raise ModeNotImplemented("configure", "health")

    def snapshot(self, params: models.ConfigureSnapshotParams, ctx: CallContext) -> models.ConfigureSnapshotResult:
        """Create, restore, list or delete backend state snapshots. (planned, destructive)"""
        raise ModeNotImplemented("configure", "snapshot")


HANDLER_BASES: dict[str, type] = {
    "observe": ObserveHandlerBase,
    "analyze": AnalyzeHandlerBase,
    "interact": InteractHandlerBase,
    "configure": ConfigureHandlerBase,
}

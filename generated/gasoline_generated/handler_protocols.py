# Generated from spec/tools/*/*.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""What the hand-written handlers in gasoline.handlers provide: one Protocol per tool, with a
method for each published mode the generated dispatch table does not forward to the browser
by itself, and the plain words for an approval of each such mode that needs one.

The composition root hands a ToolHandlers to dispatch.handler_table, so the type checker
proves that every published mode has a handler with the exact signature.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from gasoline.contract import Assessment, CallContext

from . import models


class ObserveModes(Protocol):
    """The hand-written modes of `observe` (spec/tools/observe/), provided by gasoline.handlers.observe."""

    def audit_log(self, params: models.ObserveAuditLogParams, ctx: CallContext) -> models.ObserveAuditLogResult:
        """Backend operations run: outcome, changes, snapshots."""
        ...

    def backend_state(self, params: models.ObserveBackendStateParams, ctx: CallContext) -> models.ObserveBackendStateResult:
        """A service's values, operations or health."""
        ...

    def command_result(self, params: models.ObserveCommandResultParams, ctx: CallContext) -> models.ObserveCommandResultResult:
        """Status and result of a background command."""
        ...

    def errors(self, params: models.ObserveErrorsParams, ctx: CallContext) -> models.ObserveErrorsResult:
        """Uncaught errors, rejections, console errors, failed requests."""
        ...

    def failed_requests(self, params: models.ObserveFailedRequestsParams, ctx: CallContext) -> models.ObserveFailedRequestsResult:
        """Requests that got status 400+ or no response."""
        ...

    def logs(self, params: models.ObserveLogsParams, ctx: CallContext) -> models.ObserveLogsResult:
        """Browser console output."""
        ...

    def modification_log(self, params: models.ObserveModificationLogParams, ctx: CallContext) -> models.ObserveModificationLogResult:
        """Code edits made: lines, reason, staging, rollback, tests."""
        ...

    def network_bodies(self, params: models.ObserveNetworkBodiesParams, ctx: CallContext) -> models.ObserveNetworkBodiesResult:
        """Captured fetch/XHR requests with their bodies."""
        ...

    def page(self, params: models.ObservePageParams, ctx: CallContext) -> models.ObservePageResult:
        """The tab Gasoline works on; whether the extension is connected."""
        ...

    def result_page(self, params: models.ObserveResultPageParams, ctx: CallContext) -> models.ObserveResultPageResult:
        """The rest of a result too large for one answer."""
        ...

    def websocket_events(self, params: models.ObserveWebsocketEventsParams, ctx: CallContext) -> models.ObserveWebsocketEventsResult:
        """WebSocket lifecycle events and messages."""
        ...

    def websocket_status(self, params: models.ObserveWebsocketStatusParams, ctx: CallContext) -> models.ObserveWebsocketStatusResult:
        """WebSocket connections: state, message counts, rates."""
        ...


class AnalyzeModes(Protocol):
    """The hand-written modes of `analyze` (spec/tools/analyze/), provided by gasoline.handlers.analyze."""

    def accessibility(self, params: models.AnalyzeAccessibilityParams, ctx: CallContext) -> models.AccessibilityAuditResult:
        """axe-core audit: violations, failing elements, how to fix them."""
        ...


class InteractModes(Protocol):
    """The hand-written modes of `interact` (spec/tools/interact/), provided by gasoline.handlers.interact."""

    def backend_control(self, params: models.InteractBackendControlParams, ctx: CallContext) -> models.InteractBackendControlResult:
        """Run a service's operation (reset, seed, fail)."""
        ...

    def assess_backend_control(self, params: models.InteractBackendControlParams, ctx: CallContext) -> Assessment:
        """What this call of backend_control would do: its mutation class and the words for an approval."""
        ...

    def code_modify(self, params: models.InteractCodeModifyParams, ctx: CallContext) -> models.InteractCodeModifyResult:
        """Edit a file by lines or exact text; staged, never committed."""
        ...

    def assess_code_modify(self, params: models.InteractCodeModifyParams, ctx: CallContext) -> Assessment:
        """What this call of code_modify would do: its mutation class and the words for an approval."""
        ...

    def code_read(self, params: models.InteractCodeReadParams, ctx: CallContext) -> models.InteractCodeReadResult:
        """A file's lines, outline and git status."""
        ...

    def code_rollback(self, params: models.InteractCodeRollbackParams, ctx: CallContext) -> models.InteractCodeRollbackResult:
        """Undo one code_modify change."""
        ...

    def describe_code_rollback(self, params: models.InteractCodeRollbackParams) -> str:
        """What this call of code_rollback would do, in plain words, for the person asked to approve it."""
        ...

    def code_search(self, params: models.InteractCodeSearchParams, ctx: CallContext) -> models.InteractCodeSearchResult:
        """Regex search of the repository, ranked."""
        ...

    def run_tests(self, params: models.InteractRunTestsParams, ctx: CallContext) -> models.InteractRunTestsResult:
        """Run the project's tests: counts and failures."""
        ...

    def assess_run_tests(self, params: models.InteractRunTestsParams, ctx: CallContext) -> Assessment:
        """What this call of run_tests would do: its mutation class and the words for an approval."""
        ...

    def upload(self, params: models.InteractUploadParams, ctx: CallContext) -> models.UploadResult:
        """Attach a repository file to a file input."""
        ...

    def assess_upload(self, params: models.InteractUploadParams, ctx: CallContext) -> Assessment:
        """What this call of upload would do: its mutation class and the words for an approval."""
        ...


class ConfigureModes(Protocol):
    """The hand-written modes of `configure` (spec/tools/configure/), provided by gasoline.handlers.configure."""

    def agent_watch(self, params: models.ConfigureAgentWatchParams, ctx: CallContext) -> models.ConfigureAgentWatchResult:
        """Turn the agent's automatic watch on or off, or show it."""
        ...

    def describe_agent_watch(self, params: models.ConfigureAgentWatchParams) -> str:
        """What this call of agent_watch would do, in plain words, for the person asked to approve it."""
        ...

    def clear(self, params: models.ConfigureClearParams, ctx: CallContext) -> models.ConfigureClearResult:
        """Empty capture buffers."""
        ...

    def describe_clear(self, params: models.ConfigureClearParams) -> str:
        """What this call of clear would do, in plain words, for the person asked to approve it."""
        ...

    def health(self, params: models.ConfigureHealthParams, ctx: CallContext) -> models.ConfigureHealthResult:
        """Version, uptime, transports, buffers and modes."""
        ...

    def snapshot(self, params: models.ConfigureSnapshotParams, ctx: CallContext) -> models.ConfigureSnapshotResult:
        """Create, restore, list or delete backend state snapshots."""
        ...

    def describe_snapshot(self, params: models.ConfigureSnapshotParams) -> str:
        """What this call of snapshot would do, in plain words, for the person asked to approve it."""
        ...


@dataclass(frozen=True)
class ToolHandlers:
    """One handler object per tool that has hand-written modes."""

    observe: ObserveModes

    analyze: AnalyzeModes

    interact: InteractModes

    configure: ConfigureModes


# Each tool's Protocol, to check a handler class at run time (the type checker does it statically).
HANDLER_PROTOCOLS: dict[str, type] = {
    "observe": ObserveModes,
    "analyze": AnalyzeModes,
    "interact": InteractModes,
    "configure": ConfigureModes,
}

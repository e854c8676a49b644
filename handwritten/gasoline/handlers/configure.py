"""configure: the server's own settings and state."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from pydantic import MISSING

from gasoline.capture.extension import ExtensionLink
from gasoline.capture.store import CaptureStore
from gasoline.contract import CallContext, ModeEntry
from gasoline.control.backend import Backend
from gasoline.core.background import BackgroundCalls
from gasoline.core.clock import ServerClock
from gasoline.panel.watch import AgentWatch
from gasoline.safety.approvals import ApprovalEngine
from gasoline.safety.redaction import Redactor
from gasoline.transports.status import TransportStatus
from gasoline_generated.models import (
    ConfigureAgentWatchParams,
    ConfigureAgentWatchResult,
    ConfigureClearCounts,
    ConfigureClearParams,
    ConfigureClearResult,
    ConfigureHealthParams,
    ConfigureHealthResult,
    ConfigureSnapshotParams,
    ConfigureSnapshotResult,
    HealthApprovals,
    HealthIngest,
    HealthPolicy,
    HealthToolModes,
)
from gasoline_generated.policy import APPROVAL_POLICY_VERSION, LIMITS_VERSION


def modes_by_tool(modes: Iterable[ModeEntry]) -> list[HealthToolModes]:
    """Each tool with its published and planned modes, in tools/list order."""
    tools: dict[str, HealthToolModes] = {}
    for entry in modes:
        listed = tools.setdefault(entry.tool, HealthToolModes(name=entry.tool, published_modes=[], planned_modes=[]))
        (listed.published_modes if entry.published else listed.planned_modes).append(entry.mode)
    return list(tools.values())


def entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"


class ConfigureHandlers:
    def __init__(
        self,
        modes: Iterable[ModeEntry],
        clock: ServerClock,
        captured: CaptureStore,
        extension: ExtensionLink,
        redactor: Redactor,
        approvals: ApprovalEngine,
        background: BackgroundCalls,
        transports: TransportStatus,
        log_file: Path | None,
        backend: Backend,
        watch: AgentWatch,
    ) -> None:
        self.tools = modes_by_tool(modes)
        self.clock = clock
        self.captured = captured
        self.extension = extension
        self.redactor = redactor
        self.approvals = approvals
        self.background = background
        self.transports = transports
        self.log_file = log_file
        self.backend = backend
        self.watch = watch

    def agent_watch(self, params: ConfigureAgentWatchParams, ctx: CallContext) -> ConfigureAgentWatchResult:
        if params.operation == "status":
            return self.watch.status()
        events = tuple(params.events) if params.events is not MISSING else None
        return self.watch.configure(
            params.operation == "enable", events, params.rate_limit_per_min, params.dedupe_window_seconds
        )

    def describe_agent_watch(self, params: ConfigureAgentWatchParams) -> str:
        """What an agent_watch call would do, for the person asked to approve it."""
        if params.operation == "disable":
            return "Turn agent_watch off: the panel's model is no longer asked when the page fails."
        events = ", ".join(params.events) if params.events is not MISSING else ", ".join(self.watch.settings.events)
        return (
            f"Turn agent_watch on for {events}: when the page fails, its redacted evidence is posted to the "
            f"agent panel and sent to the panel's model provider (at most {params.rate_limit_per_min} a minute); "
            "the model may only read."
        )

    def snapshot(self, params: ConfigureSnapshotParams, ctx: CallContext) -> ConfigureSnapshotResult:
        return self.backend.snapshot(ctx, params)

    def describe_snapshot(self, params: ConfigureSnapshotParams) -> str:
        """What a snapshot call would do, for the person asked to approve it."""
        service = params.service if params.service is not MISSING else "its service"
        snapshot_id = params.snapshot_id if params.snapshot_id is not MISSING else "(none given)"
        if params.session_action == "create":
            return f"Take a snapshot of {service}'s whole state, kept in .gasoline/snapshots/."
        if params.session_action == "restore":
            return (
                f"Replace {service}'s current state with snapshot {snapshot_id}; "
                "the current state is snapshotted first, so this can be undone."
            )
        return f"Delete snapshot {snapshot_id}; it can no longer be restored."

    def health(self, params: ConfigureHealthParams, ctx: CallContext) -> ConfigureHealthResult:
        transports = self.transports.now()
        return ConfigureHealthResult(
            service="gasoline",
            version=self.clock.version,
            pid=os.getpid(),
            started_at=self.clock.started_at,
            uptime_seconds=self.clock.uptime_seconds(),
            tools=self.tools,
            policy=HealthPolicy(approval_version=APPROVAL_POLICY_VERSION, limits_version=LIMITS_VERSION),
            buffers=[buffer.usage() for buffer in self.captured.buffers.values()],
            ingest=HealthIngest(accepted=self.captured.accepted, rejected=self.captured.rejected),
            extension=self.extension.status(),
            redaction=self.redactor.stats(),
            approvals=HealthApprovals(pending=self.approvals.pending_count()),
            transports=MISSING if transports is None else transports,
            log_file=MISSING if self.log_file is None else str(self.log_file),
        )

    def clear(self, params: ConfigureClearParams, ctx: CallContext) -> ConfigureClearResult:
        buffers = self.captured.buffers
        cleared = {name: buffers[name].clear() for name in self._buffers_named(params)}
        if "websocket_events" in cleared:
            self.captured.websockets.clear()
        if {"all", "command_results"} & set(params.buffers):
            cleared["command_results"] = self.background.clear()
        return ConfigureClearResult(cleared=ConfigureClearCounts.model_validate(cleared), total=sum(cleared.values()))

    def describe_clear(self, params: ConfigureClearParams) -> str:
        """What clear would do, for the person asked to approve it."""
        named = self._buffers_named(params)
        buffers = self.captured.buffers
        emptied = ", ".join(f"{name} ({entries(buffers[name].usage().entries)} now)" for name in named)
        kept = [name for name in buffers if name not in named]
        return f"Empty the capture buffers {emptied}; what they hold is lost." + (
            f" {', '.join(kept)} keep what they hold." if kept else ""
        )

    def _buffers_named(self, params: ConfigureClearParams) -> list[str]:
        """The daemon's buffers the call names, in their usual order."""
        return [name for name in self.captured.buffers if "all" in params.buffers or name in params.buffers]

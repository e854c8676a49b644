"""configure: the server's own settings and state."""

from __future__ import annotations

import os

from gasoline.contract import CallContext
from gasoline.runtime import Runtime
from gasoline_generated.dispatch import MODES
from gasoline_generated.handler_bases import ConfigureHandlerBase
from gasoline_generated.models import (
    ConfigureClearCounts,
    ConfigureClearParams,
    ConfigureClearResult,
    ConfigureHealthParams,
    ConfigureHealthResult,
    HealthApprovals,
    HealthBuffer,
    HealthExtension,
    HealthIngest,
    HealthPolicy,
    HealthRedaction,
    HealthToolModes,
    HealthTransports,
)
from gasoline_generated.policy import APPROVAL_POLICY_VERSION, LIMITS_VERSION


def modes_by_tool() -> list[HealthToolModes]:
    """Each tool with its published and planned modes, in tools/list order (fixed for the process)."""
    tools: dict[str, dict[str, list[str]]] = {}
    for entry in MODES.values():
        modes = tools.setdefault(entry.tool, {"published_modes": [], "planned_modes": []})
        modes["published_modes" if entry.published else "planned_modes"].append(entry.mode)
    return [HealthToolModes(name=name, **modes) for name, modes in tools.items()]


def entries(count: int) -> str:
    return f"{count} entry" if count == 1 else f"{count} entries"


class ConfigureHandlers(ConfigureHandlerBase):
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime
        self.tools = modes_by_tool()

    def health(self, params: ConfigureHealthParams, ctx: CallContext) -> ConfigureHealthResult:
        served_by_daemon = {}
        if self.runtime.transport_status is not None:
            served_by_daemon["transports"] = HealthTransports.model_validate(self.runtime.transport_status())
        if self.runtime.log_file is not None:
            served_by_daemon["log_file"] = str(self.runtime.log_file)
        return ConfigureHealthResult(
            service="gasoline",
            version=self.runtime.version,
            pid=os.getpid(),
            started_at=self.runtime.started_at,
            uptime_seconds=self.runtime.uptime_seconds(),
            tools=self.tools,
            policy=HealthPolicy(approval_version=APPROVAL_POLICY_VERSION, limits_version=LIMITS_VERSION),
            buffers=[HealthBuffer(**buffer.usage()) for buffer in self.runtime.captured.buffers.values()],
            ingest=HealthIngest(accepted=self.runtime.captured.accepted, rejected=self.runtime.captured.rejected),
            extension=HealthExtension(**self.runtime.extension.status()),
            redaction=HealthRedaction(**self.runtime.redactor.stats()),
            approvals=HealthApprovals(pending=self.runtime.approvals.pending_count()),
            **served_by_daemon,
        )

    def clear(self, params: ConfigureClearParams, ctx: CallContext) -> ConfigureClearResult:
        buffers = self.runtime.captured.buffers
        cleared = {name: buffers[name].clear() for name in self._buffers_named(params)}
        if "websocket_events" in cleared:
            self.runtime.captured.websockets.clear()
        if {"all", "command_results"} & set(params.buffers):
            cleared["command_results"] = self.runtime.background.clear()
        return ConfigureClearResult(cleared=ConfigureClearCounts(**cleared), total=sum(cleared.values()))

    def describe_clear(self, params: ConfigureClearParams) -> str:
        """What clear would do, for the person asked to approve it."""
        named = self._buffers_named(params)
        buffers = self.runtime.captured.buffers
        emptied = ", ".join(f"{name} ({entries(buffers[name].usage()['entries'])} now)" for name in named)
        kept = [name for name in buffers if name not in named]
        return f"Empty the capture buffers {emptied}; what they hold is lost." + (
            f" {', '.join(kept)} keep what they hold." if kept else ""
        )

    def _buffers_named(self, params: ConfigureClearParams) -> list[str]:
        """The daemon's buffers the call names, in their usual order."""
        return [name for name in self.runtime.captured.buffers if "all" in params.buffers or name in params.buffers]

"""configure: the server's own settings and state."""

from __future__ import annotations

import os

from gasoline_generated.dispatch import MODES
from gasoline_generated.handler_bases import ConfigureHandlerBase
from gasoline_generated.models import ConfigureHealthParams, ConfigureHealthResult, HealthPolicy, HealthToolModes
from gasoline_generated.policy import APPROVAL_POLICY_VERSION, LIMITS_VERSION

from gasoline.contract import CallContext
from gasoline.runtime import Runtime


class ConfigureHandlers(ConfigureHandlerBase):
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    def health(self, params: ConfigureHealthParams, ctx: CallContext) -> ConfigureHealthResult:
        tools: dict[str, HealthToolModes] = {}
        for entry in MODES.values():
            modes = tools.setdefault(entry.tool, HealthToolModes(name=entry.tool, published_modes=[], planned_modes=[]))
            (modes.published_modes if entry.published else modes.planned_modes).append(entry.mode)
        return ConfigureHealthResult(
            service="gasoline",
            version=self.runtime.version,
            pid=os.getpid(),
            started_at=self.runtime.started_at,
            uptime_seconds=self.runtime.uptime_seconds(),
            tools=list(tools.values()),
            policy=HealthPolicy(approval_version=APPROVAL_POLICY_VERSION, limits_version=LIMITS_VERSION),
        )

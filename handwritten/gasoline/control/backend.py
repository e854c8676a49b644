"""The backend-control service the handlers use: one HTTP client and one discovery cache for the
daemon; the services, snapshots and audit log of the calling client's repository."""

from __future__ import annotations

from functools import partial

from gasoline.contract import Assessment, CallContext
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import (
    ConfigureSnapshotParams,
    ConfigureSnapshotResult,
    InteractBackendControlParams,
    InteractBackendControlResult,
    ObserveAuditLogParams,
    ObserveAuditLogResult,
    ObserveBackendStateParams,
    ObserveBackendStateResult,
)

from . import run, snapshot_mode, state
from .audit import AuditLog, audit_log
from .client import ControlClient
from .discovery import Discovery
from .link import ServiceLink


class Backend:
    def __init__(self, redactor: Redactor) -> None:
        self.client = ControlClient()
        self.discovery = Discovery(self.client)
        self.redactor = redactor

    def link(self, ctx: CallContext, service: str) -> ServiceLink:
        return ServiceLink.open(ctx, self.client, self.discovery, service)

    def audit(self, ctx: CallContext) -> AuditLog:
        return AuditLog(ctx.repository(), self.redactor)

    def assess(self, ctx: CallContext, params: InteractBackendControlParams) -> Assessment:
        target = run.service_of(ctx, params)
        if target.token_needs_approval:
            return run.assess_sending_token(target, params)
        return run.assess(ServiceLink(ctx, self.client, self.discovery, target), params)

    def control(self, ctx: CallContext, params: InteractBackendControlParams) -> InteractBackendControlResult:
        link = ServiceLink(ctx, self.client, self.discovery, run.service_of(ctx, params))
        return run.backend_control(link, self.audit(ctx), params)

    def state(self, ctx: CallContext, params: ObserveBackendStateParams) -> ObserveBackendStateResult:
        return state.backend_state(ctx, self.client, self.discovery, params)

    def snapshot(self, ctx: CallContext, params: ConfigureSnapshotParams) -> ConfigureSnapshotResult:
        return snapshot_mode.snapshot(ctx, partial(self.link, ctx), self.audit(ctx), params)

    def audit_log(self, ctx: CallContext, params: ObserveAuditLogParams) -> ObserveAuditLogResult:
        return audit_log(ctx, self.audit(ctx), params)

"""The backend-control service the handlers use: one HTTP client and one discovery cache for the
daemon; the services, snapshots and audit log of the calling client's repository (its workspace)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path

from gasoline.contract import Assessment, CallContext
from gasoline.safety.redaction import Redactor
from gasoline.workspace.workspace import Workspace
from gasoline.workspace.workspaces import Workspaces
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

from .calls import backend_control as run
from .calls.audit import AuditLog, audit_log
from .calls.backend_state import backend_state
from .service.client import ControlClient
from .service.discovery import Discovery
from .service.link import ServiceLink
from .service.targets import find_service
from .snapshots.snapshot_mode import snapshot
from .snapshots.store import SnapshotStore


class Backend:
    def __init__(self, redactor: Redactor, workspaces: Workspaces) -> None:
        self.client = ControlClient()
        self.discovery = Discovery(self.client)
        self.workspaces = workspaces
        self.audit_of: Callable[[Path], AuditLog] = partial(AuditLog, redactor=redactor)

    def link(self, ctx: CallContext, workspace: Workspace, service: str) -> ServiceLink:
        return ServiceLink(ctx, self.client, self.discovery, find_service(ctx, workspace, service))

    def assess(self, ctx: CallContext, params: InteractBackendControlParams) -> Assessment:
        target = run.service_of(ctx, self.workspaces.of(ctx), params)
        if target.token_needs_approval:
            return run.assess_sending_token(target, params)
        return run.assess(ServiceLink(ctx, self.client, self.discovery, target), params)

    def control(self, ctx: CallContext, params: InteractBackendControlParams) -> InteractBackendControlResult:
        workspace = self.workspaces.of(ctx)
        link = ServiceLink(ctx, self.client, self.discovery, run.service_of(ctx, workspace, params))
        return run.backend_control(link, workspace.kept(self.audit_of), workspace.kept(SnapshotStore), params)

    def state(self, ctx: CallContext, params: ObserveBackendStateParams) -> ObserveBackendStateResult:
        target = find_service(ctx, self.workspaces.of(ctx), params.service)
        return backend_state(ctx, self.client, self.discovery, target, params)

    def snapshot(self, ctx: CallContext, params: ConfigureSnapshotParams) -> ConfigureSnapshotResult:
        workspace = self.workspaces.of(ctx)
        audit, store = workspace.kept(self.audit_of), workspace.kept(SnapshotStore)
        return snapshot(ctx, partial(self.link, ctx, workspace), audit, store, params)

    def audit_log(self, ctx: CallContext, params: ObserveAuditLogParams) -> ObserveAuditLogResult:
        return audit_log(ctx, self.workspaces.of(ctx).kept(self.audit_of), params)

"""The code tools as the handlers use them: each call works in the calling client's workspace."""

from __future__ import annotations

from gasoline.contract import Assessment, CallContext
from gasoline.workspace.workspaces import Workspaces
from gasoline_generated.models import (
    InteractCodeModifyParams,
    InteractCodeModifyResult,
    InteractCodeReadParams,
    InteractCodeReadResult,
    InteractCodeRollbackParams,
    InteractCodeRollbackResult,
    InteractCodeSearchParams,
    InteractCodeSearchResult,
    InteractRunTestsParams,
    InteractRunTestsResult,
    ObserveModificationLogParams,
    ObserveModificationLogResult,
)

from . import approvals
from .log_view import modification_log
from .modify import modify
from .read import read
from .rollback import rollback
from .search import search
from .testing.runs import project_command, run_and_record


class CodeTools:
    def __init__(self, workspaces: Workspaces) -> None:
        self.workspaces = workspaces

    def search(self, ctx: CallContext, params: InteractCodeSearchParams) -> InteractCodeSearchResult:
        return search(ctx, self.workspaces.of(ctx), params)

    def read(self, ctx: CallContext, params: InteractCodeReadParams) -> InteractCodeReadResult:
        return read(ctx, self.workspaces.of(ctx), params)

    def modify(self, ctx: CallContext, params: InteractCodeModifyParams) -> InteractCodeModifyResult:
        return modify(ctx, self.workspaces.of(ctx), params)

    def assess_modify(self, ctx: CallContext, params: InteractCodeModifyParams) -> Assessment:
        return Assessment(ctx.entry.mutation, approvals.describe_modify(ctx, self.workspaces.of(ctx), params))

    def rollback(self, ctx: CallContext, params: InteractCodeRollbackParams) -> InteractCodeRollbackResult:
        return rollback(ctx, self.workspaces.of(ctx), params)

    def run_tests(self, ctx: CallContext, params: InteractRunTestsParams) -> InteractRunTestsResult:
        workspace = self.workspaces.of(ctx)
        return run_and_record(workspace, params, project_command(ctx, workspace, params), ctx.progress)

    def assess_run_tests(self, ctx: CallContext, params: InteractRunTestsParams) -> Assessment:
        return Assessment(ctx.entry.mutation, approvals.describe_tests(ctx, self.workspaces.of(ctx), params))

    def modification_log(self, ctx: CallContext, params: ObserveModificationLogParams) -> ObserveModificationLogResult:
        return modification_log(ctx, self.workspaces.of(ctx), params)

"""The code section of the calling client's repository's .gasoline/config.yaml."""

from __future__ import annotations

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import ProjectCode


def code_settings(ctx: CallContext, repository: Workspace) -> ProjectCode:
    config = repository.config(ctx)
    return config.code if config.code is not MISSING else ProjectCode()

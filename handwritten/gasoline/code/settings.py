"""The code section of the calling client's repository's .gasoline/config.yaml, read at each call."""

from __future__ import annotations

from pathlib import Path

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline.project import ProjectConfigError, load_project_config
from gasoline_generated.models import ProjectCode


def code_settings(ctx: CallContext, root: Path) -> ProjectCode:
    try:
        config = load_project_config(root)
    except ProjectConfigError as error:
        raise ToolFailure.of(ctx.entry, "handler_failed", f"{ctx.entry.label}: {error}") from error
    return config.code if config.code is not MISSING else ProjectCode()

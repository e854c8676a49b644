"""interact: AI Web Pilot actions in the browser.

The dispatcher has already checked the AI Web Pilot toggle and the approval by the time a
handler runs. Each action goes to the tab the approval was granted for: the tab the extension
last reported (tracked, otherwise active).
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from gasoline.contract import CallContext
from gasoline.core.errors import bad_argument
from gasoline.project import project_dir
from gasoline.runtime import Runtime
from gasoline_generated.handler_bases import InteractHandlerBase
from gasoline_generated.models import (
    ClickParams,
    ClickResult,
    DeleteStateParams,
    DeleteStateResult,
    ExecuteJsParams,
    ExecuteJsResult,
    HighlightParams,
    HighlightResult,
    InteractUploadParams,
    ListStatesParams,
    ListStatesResult,
    LoadStateParams,
    LoadStateResult,
    NavigateParams,
    NavigateResult,
    NewTabParams,
    NewTabResult,
    RefreshParams,
    RefreshResult,
    SaveStateParams,
    SaveStateResult,
    TypeTextParams,
    TypeTextResult,
    UploadParams,
    UploadResult,
)
from gasoline_generated.policy import LIMITS


class InteractHandlers(InteractHandlerBase):
    def __init__(self, runtime: Runtime, repository: Path | None = None) -> None:
        self.runtime = runtime
        self.browser = runtime.browser
        self.repository = (repository or project_dir()).resolve()

    def highlight(self, params: HighlightParams, ctx: CallContext) -> HighlightResult:
        return self._in_tab(ctx, "highlight", params)

    def click(self, params: ClickParams, ctx: CallContext) -> ClickResult:
        return self._in_tab(ctx, "click", params)

    def type(self, params: TypeTextParams, ctx: CallContext) -> TypeTextResult:
        return self._in_tab(ctx, "type", params)

    def execute_js(self, params: ExecuteJsParams, ctx: CallContext) -> ExecuteJsResult:
        return self._in_tab(ctx, "execute_js", params, timeout_ms=params.timeout_ms)

    def navigate(self, params: NavigateParams, ctx: CallContext) -> NavigateResult:
        return self._in_tab(ctx, "navigate", params)

    def refresh(self, params: RefreshParams, ctx: CallContext) -> RefreshResult:
        return self._in_tab(ctx, "refresh", params)

    def new_tab(self, params: NewTabParams, ctx: CallContext) -> NewTabResult:
        return self.browser.run(ctx, "new_tab", params)

    def save_state(self, params: SaveStateParams, ctx: CallContext) -> SaveStateResult:
        return self._in_tab(ctx, "save_state", params)

    def load_state(self, params: LoadStateParams, ctx: CallContext) -> LoadStateResult:
        return self._in_tab(ctx, "load_state", params)

    def list_states(self, params: ListStatesParams, ctx: CallContext) -> ListStatesResult:
        return self.browser.run(ctx, "list_states", params)

    def delete_state(self, params: DeleteStateParams, ctx: CallContext) -> DeleteStateResult:
        return self.browser.run(ctx, "delete_state", params)

    def upload(self, params: InteractUploadParams, ctx: CallContext) -> UploadResult:
        path = self._repository_file(ctx, params.file_path)
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        content = base64.b64encode(path.read_bytes()).decode("ascii")
        upload = UploadParams(
            selector=params.selector, file_name=path.name, mime_type=mime_type, content_base64=content
        )
        return self._in_tab(ctx, "upload", upload)

    def _in_tab(self, ctx: CallContext, kind: str, params: BaseModel, **options: Any) -> Any:
        """Run in the tab the extension last reported: the one an approval names (tab:<id>)."""
        return self.browser.run(ctx, kind, params, tab_id=self.runtime.extension.tab_id(), **options)

    def _repository_file(self, ctx: CallContext, relative: str) -> Path:
        path = (self.repository / relative).resolve()
        problem = None
        if not path.is_relative_to(self.repository):
            problem = f"{relative!r} is outside the repository ({self.repository})"
        elif not path.is_file():
            problem = f"{relative!r} is not a file in the repository"
        elif path.stat().st_size > LIMITS.pilot.upload_max_bytes:
            problem = f"{relative!r} is larger than {LIMITS.pilot.upload_max_bytes} bytes"
        if problem:
            raise bad_argument(ctx.entry, "file_path", problem)
        return path

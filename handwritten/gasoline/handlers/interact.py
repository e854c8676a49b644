"""interact: actions in the browser, backend control and the code tools. The AI Web Pilot actions that only
forward their browser command are sent by the dispatch table; upload reads a file of the calling
client's repository first; the code tools work in that repository too (gasoline.code.tools).

The dispatcher has already checked the AI Web Pilot toggle and the approval by the time a
handler runs. Each action goes to the tab the approval was granted for: the tab the extension
last reported (tracked, otherwise active).
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from gasoline.code.approvals import describe_rollback
from gasoline.code.tools import CodeTools
from gasoline.commands.browser import Browser
from gasoline.contract import Assessment, CallContext
from gasoline.control.backend import Backend
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline.workspace.workspaces import Workspaces
from gasoline_generated.models import (
    InteractBackendControlParams,
    InteractBackendControlResult,
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
    InteractUploadParams,
    UploadParams,
    UploadResult,
)
from gasoline_generated.policy import LIMITS


class InteractHandlers:
    def __init__(self, browser: Browser, workspaces: Workspaces, code: CodeTools, backend: Backend) -> None:
        self.browser = browser
        self.workspaces = workspaces
        self.code = code
        self.backend = backend

    def backend_control(self, params: InteractBackendControlParams, ctx: CallContext) -> InteractBackendControlResult:
        return self.backend.control(ctx, params)

    def assess_backend_control(self, params: InteractBackendControlParams, ctx: CallContext) -> Assessment:
        return self.backend.assess(ctx, params)

    def code_search(self, params: InteractCodeSearchParams, ctx: CallContext) -> InteractCodeSearchResult:
        return self.code.search(ctx, params)

    def code_read(self, params: InteractCodeReadParams, ctx: CallContext) -> InteractCodeReadResult:
        return self.code.read(ctx, params)

    def code_modify(self, params: InteractCodeModifyParams, ctx: CallContext) -> InteractCodeModifyResult:
        return self.code.modify(ctx, params)

    def assess_code_modify(self, params: InteractCodeModifyParams, ctx: CallContext) -> Assessment:
        return self.code.assess_modify(ctx, params)

    def code_rollback(self, params: InteractCodeRollbackParams, ctx: CallContext) -> InteractCodeRollbackResult:
        return self.code.rollback(ctx, params)

    def describe_code_rollback(self, params: InteractCodeRollbackParams) -> str:
        return describe_rollback(params)

    def run_tests(self, params: InteractRunTestsParams, ctx: CallContext) -> InteractRunTestsResult:
        return self.code.run_tests(ctx, params)

    def assess_run_tests(self, params: InteractRunTestsParams, ctx: CallContext) -> Assessment:
        return self.code.assess_run_tests(ctx, params)

    def upload(self, params: InteractUploadParams, ctx: CallContext) -> UploadResult:
        path = self._repository_file(params.file_path, ctx)
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        content = base64.b64encode(path.read_bytes()).decode("ascii")
        upload = UploadParams(
            selector=params.selector, file_name=path.name, mime_type=mime_type, content_base64=content
        )
        return self.browser.run(ctx, "upload", upload, UploadResult, tab_id=self.browser.tab_for(ctx))

    def assess_upload(self, params: InteractUploadParams, ctx: CallContext) -> Assessment:
        """What upload would do, for the person asked to approve it (the gates still come first, so a
        file that cannot be sent is said here, and refused when the call runs)."""
        target = f"the file input {params.selector!r} of the page"
        try:
            path = self._repository_file(params.file_path, ctx)
        except ToolFailure as failure:
            return Assessment(ctx.entry.mutation, f"Put {params.file_path!r} into {target}; the call will fail: "
                              f"{failure.error.message}.")  # fmt: skip
        summary = f"Put the repository file {params.file_path!r} ({path.stat().st_size} bytes) into {target}."
        return Assessment(ctx.entry.mutation, summary)

    def _repository_file(self, given: str, ctx: CallContext) -> Path:
        """The file of the calling client's repository; ToolFailure (path_refused, invalid_arguments) otherwise."""
        path = self.workspaces.of(ctx).file(ctx, given)
        if not path.is_file():
            raise bad_argument(ctx.entry, "file_path", f"{given!r} is not a file in the repository")
        if path.stat().st_size > LIMITS.pilot.upload_max_bytes:
            raise bad_argument(
                ctx.entry, "file_path", f"{given!r} is larger than {LIMITS.pilot.upload_max_bytes} bytes"
            )
        return path

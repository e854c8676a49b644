"""interact: actions in the browser, backend control and the code tools. The AI Web Pilot actions that only
forward their browser command are sent by the dispatch table; upload reads a file of the
repository first; the code tools run in the calling client's repository (gasoline.code).

The dispatcher has already checked the AI Web Pilot toggle and the approval by the time a
handler runs. Each action goes to the tab the approval was granted for: the tab the extension
last reported (tracked, otherwise active).
"""

from __future__ import annotations

import base64
import mimetypes
from pathlib import Path

from gasoline.code import approvals
from gasoline.code.modification_log import record_test_run
from gasoline.code.modify import modify
from gasoline.code.read import read
from gasoline.code.rollback import rollback
from gasoline.code.search import search
from gasoline.code.testing.runs import calling_repository, run_tests
from gasoline.commands.browser import Browser
from gasoline.contract import Assessment, CallContext
from gasoline.control.backend import Backend
from gasoline.core.errors import bad_argument
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
    def __init__(self, browser: Browser, repository: Path, backend: Backend) -> None:
        self.browser = browser
        self.repository = repository.resolve()
        self.backend = backend

    def backend_control(self, params: InteractBackendControlParams, ctx: CallContext) -> InteractBackendControlResult:
        return self.backend.control(ctx, params)

    def assess_backend_control(self, params: InteractBackendControlParams, ctx: CallContext) -> Assessment:
        return self.backend.assess(ctx, params)

    def code_search(self, params: InteractCodeSearchParams, ctx: CallContext) -> InteractCodeSearchResult:
        return search(ctx, params)

    def code_read(self, params: InteractCodeReadParams, ctx: CallContext) -> InteractCodeReadResult:
        return read(ctx, params)

    def code_modify(self, params: InteractCodeModifyParams, ctx: CallContext) -> InteractCodeModifyResult:
        return modify(ctx, params)

    def assess_code_modify(self, params: InteractCodeModifyParams, ctx: CallContext) -> Assessment:
        return Assessment(ctx.entry.mutation, approvals.describe_modify(ctx, params))

    def code_rollback(self, params: InteractCodeRollbackParams, ctx: CallContext) -> InteractCodeRollbackResult:
        return rollback(ctx, params)

    def describe_code_rollback(self, params: InteractCodeRollbackParams) -> str:
        return approvals.describe_rollback(params)

    def run_tests(self, params: InteractRunTestsParams, ctx: CallContext) -> InteractRunTestsResult:
        root, command = calling_repository(ctx, params)
        run = run_tests(root, params, command, ctx.progress)
        record_test_run(root, run)
        return run

    def assess_run_tests(self, params: InteractRunTestsParams, ctx: CallContext) -> Assessment:
        return Assessment(ctx.entry.mutation, approvals.describe_tests(ctx, params))

    def upload(self, params: InteractUploadParams, ctx: CallContext) -> UploadResult:
        path = self._repository_file(params.file_path)
        if isinstance(path, str):
            raise bad_argument(ctx.entry, "file_path", path)
        mime_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        content = base64.b64encode(path.read_bytes()).decode("ascii")
        upload = UploadParams(
            selector=params.selector, file_name=path.name, mime_type=mime_type, content_base64=content
        )
        return self.browser.run(ctx, "upload", upload, UploadResult, tab_id=self.browser.tab_for(ctx))

    def describe_upload(self, params: InteractUploadParams) -> str:
        """What upload would do, for the person asked to approve it."""
        path = self._repository_file(params.file_path)
        target = f"the file input {params.selector!r} of the page"
        if isinstance(path, str):
            return f"Put {params.file_path!r} into {target}; the call will fail: {path}."
        return f"Put the repository file {params.file_path!r} ({path.stat().st_size} bytes) into {target}."

    def _repository_file(self, relative: str) -> Path | str:
        """The file, or what is wrong with the name."""
        path = (self.repository / relative).resolve()
        if not path.is_relative_to(self.repository):
            return f"{relative!r} is outside the repository ({self.repository})"
        if not path.is_file():
            return f"{relative!r} is not a file in the repository"
        if path.stat().st_size > LIMITS.pilot.upload_max_bytes:
            return f"{relative!r} is larger than {LIMITS.pilot.upload_max_bytes} bytes"
        return path

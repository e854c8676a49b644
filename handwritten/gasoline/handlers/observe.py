"""observe: read what has been captured and produced, without changing anything."""

from __future__ import annotations

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline.runtime import Runtime
from gasoline_generated.handler_bases import ObserveHandlerBase
from gasoline_generated.models import ObserveResultPageParams, ObserveResultPageResult
from gasoline_generated.policy import LIMITS

# A page's text is escaped once more inside its own JSON result, which at most doubles it.
PAGE_BYTES = LIMITS.results.max_result_bytes // 2 - 1024


class ObserveHandlers(ObserveHandlerBase):
    def __init__(self, runtime: Runtime) -> None:
        self.runtime = runtime

    def result_page(self, params: ObserveResultPageParams, ctx: CallContext) -> ObserveResultPageResult:
        try:
            page = self.runtime.continuations.page(params.cursor, PAGE_BYTES)
        except KeyError:
            raise ToolFailure(
                "invalid_arguments",
                f"{ctx.entry.label}: cursor {params.cursor!r} is unknown or has expired; repeat the original call",
                tool=ctx.entry.tool,
                mode=ctx.entry.mode,
                problems=[("cursor", "unknown or expired")],
            ) from None
        more = {"next_cursor": page.next_cursor} if page.next_cursor else {}
        return ObserveResultPageResult(text=page.text, offset=page.offset, total_bytes=page.total_bytes, **more)

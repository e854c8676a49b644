"""analyze: ask the browser about the page as it is now (DOM, page overview, accessibility)."""

from __future__ import annotations

from gasoline.contract import CallContext
from gasoline.runtime import Runtime
from gasoline_generated.handler_bases import AnalyzeHandlerBase
from gasoline_generated.models import (
    AccessibilityAuditParams,
    AccessibilityAuditResult,
    AnalyzeAccessibilityParams,
    DomQueryParams,
    DomQueryResult,
    PageInfoParams,
    PageInfoResult,
)


class AnalyzeHandlers(AnalyzeHandlerBase):
    def __init__(self, runtime: Runtime) -> None:
        self.browser = runtime.browser

    def dom(self, params: DomQueryParams, ctx: CallContext) -> DomQueryResult:
        return self.browser.run(ctx, "dom_query", params)

    def page_info(self, params: PageInfoParams, ctx: CallContext) -> PageInfoResult:
        return self.browser.run(ctx, "page_info", params)

    def accessibility(self, params: AnalyzeAccessibilityParams, ctx: CallContext) -> AccessibilityAuditResult:
        audit = AccessibilityAuditParams.model_validate(params.model_dump(mode="json", exclude={"background"}))
        return self.browser.run(ctx, "accessibility_audit", audit, selector_parameter="scope")

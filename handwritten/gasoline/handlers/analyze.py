"""analyze: ask the browser about the page as it is now. dom and page_info forward their browser
command as they are (the dispatch table does it); the accessibility audit is run here."""

from __future__ import annotations

from gasoline.commands.browser import Browser
from gasoline.contract import CallContext
from gasoline_generated.models import AccessibilityAuditParams, AccessibilityAuditResult, AnalyzeAccessibilityParams


class AnalyzeHandlers:
    def __init__(self, browser: Browser) -> None:
        self.browser = browser

    def accessibility(self, params: AnalyzeAccessibilityParams, ctx: CallContext) -> AccessibilityAuditResult:
        audit = AccessibilityAuditParams.model_validate(params.model_dump(mode="json", exclude={"background"}))
        return self.browser.run(ctx, "accessibility_audit", audit, AccessibilityAuditResult, selector_parameter="scope")

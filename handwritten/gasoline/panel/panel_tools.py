"""The four tools as the panel's agent calls them: through the one dispatcher, with the same gates
as any MCP client's call (validation, the AI Web Pilot switch, approvals), then the server stage
of redaction. What comes back is what the model and the panel may see."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from gasoline.contract import MutationClass
from gasoline.core.catalog import published_tools
from gasoline.core.dispatch import Dispatcher
from gasoline.core.errors import RedactionUnavailable, UnknownTool
from gasoline.core.tool_result import ToolResult
from gasoline.safety.redaction import Redactor
from gasoline.text_forms.untrusted import fenced
from gasoline_generated.dispatch import MODES
from gasoline_generated.models import ProviderTool, ToolError

from .actions import RecentActions, action_line


@dataclass(frozen=True)
class Ran:
    """A tool call's outcome, redacted: the text the model reads, and the structured result."""

    ok: bool
    text: str
    structured: dict[str, Any] = field(default_factory=dict)
    error_code: str | None = None

    @property
    def details(self) -> dict[str, Any]:
        """A failure's details (an approval_required error's request)."""
        details = self.structured.get("details")
        return details if isinstance(details, dict) else {}


class PanelTools:
    def __init__(self, dispatcher: Dispatcher, redactor: Redactor, text_chars: int, actions: RecentActions) -> None:
        self.dispatcher = dispatcher
        self.redactor = redactor
        self.text_chars = text_chars
        self.actions = actions

    def offered(self) -> list[ProviderTool]:
        """The tools as tools/list publishes them."""
        return [
            ProviderTool(name=tool["name"], description=tool["description"], input_schema=tool["inputSchema"])
            for tool in published_tools()
        ]

    def mutation(self, tool: str, arguments: dict[str, Any]) -> MutationClass | None:
        """The most a call can change, before it runs: its mode's class, or a rule's for its
        arguments (None when it names no mode)."""
        for (name, _), entry in MODES.items():
            if name == tool and arguments.get(entry.mode_key) == entry.mode:
                ruled = [r.mutation for r in entry.mutation_rules if arguments.get(r.param) == r.equals]
                return ruled[0] if ruled else entry.mutation
        return None

    def run(self, tool: str, arguments: dict[str, Any], most: MutationClass = "destructive", fence: bool = True) -> Ran:
        """One call, redacted. Its text fences what the page wrote as data, unless the caller fences
        it itself (fence=False: the evidence, which goes to the model in one fence)."""
        try:
            result = self.dispatcher.call(tool, arguments, most=most, allow_list=False)
        except UnknownTool as error:
            return Ran(False, str(error), {"error": "unknown_tool", "message": str(error)}, "unknown_tool")
        try:
            safe = replace(result, structured=self.redactor.value(result.structured))
        except RedactionUnavailable as error:
            message = f"{tool}: the result was withheld: {error}"
            return Ran(False, message, {"error": "redaction_failed", "message": message}, "redaction_failed")
        if tool == "interact":
            self.actions.note(action_line(tool, self.redactor.value(arguments), not safe.is_error))
        text = self._clamped(safe.unfenced_text)
        return Ran(
            not safe.is_error, fenced(text) if fence and safe.from_page else text, safe.structured, error_code(safe)
        )

    def _clamped(self, text: str) -> str:
        if len(text) <= self.text_chars:
            return text
        return text[: self.text_chars] + f"\n[cut: {len(text) - self.text_chars} more characters]"


def error_code(result: ToolResult) -> str | None:
    if not result.is_error:
        return None
    return ToolError.model_validate(result.structured).error

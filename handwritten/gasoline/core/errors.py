"""Failures of a tool call, as the client sees them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from pydantic import MISSING

from gasoline_generated.models import ArgumentProblem, ToolError

from .tool_result import ToolResult

if TYPE_CHECKING:
    from gasoline.contract import ModeEntry


class RedactionUnavailable(Exception):
    """The redaction policy could not be loaded or applied: withhold the data, never pass it on raw."""


class UnknownTool(LookupError):
    """No published tool has this name: a protocol error, not a tool result."""

    def __init__(self, name: str, known: Iterable[str]) -> None:
        self.name = name
        super().__init__(f"unknown tool {name!r}; the tools are: {', '.join(known)}")


class ToolFailure(Exception):
    """A failed call, returned to the client as an isError result carrying a ToolError."""

    def __init__(
        self,
        code: str,
        message: str,
        *,
        tool: str | None = None,
        mode: str | None = None,
        problems: Iterable[tuple[str, str]] = (),
        details: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        fields: dict[str, Any] = {"error": code, "message": message}
        if tool is not None:
            fields["tool"] = tool
        if mode is not None:
            fields["mode"] = mode
        if problems:
            fields["problems"] = [ArgumentProblem(parameter=p, message=m) for p, m in problems]
        if details:
            fields["details"] = dict(details)
        self.error = ToolError.model_validate(fields)

    @classmethod
    def of(
        cls,
        entry: ModeEntry,
        code: str,
        message: str,
        *,
        problems: Iterable[tuple[str, str]] = (),
        details: Mapping[str, Any] | None = None,
    ) -> ToolFailure:
        """A failure of a call of one mode, naming its tool and mode."""
        return cls(code, message, tool=entry.tool, mode=entry.mode, problems=problems, details=details)

    def with_details(self, **details: Any) -> ToolFailure:
        """The same failure, with more details (what was recorded of it, how to undo it)."""
        error = self.error
        known = error.details if error.details is not MISSING else {}
        return ToolFailure(
            error.error,
            error.message,
            tool=error.tool if error.tool is not MISSING else None,
            mode=error.mode if error.mode is not MISSING else None,
            problems=[(p.parameter, p.message) for p in error.problems] if error.problems is not MISSING else (),
            details={**known, **details},
        )

    def result(self) -> ToolResult:
        """The failed call's result: an isError result carrying the ToolError."""
        return ToolResult(self.error.model_dump(mode="json", by_alias=True), is_error=True)


def bad_argument(entry: ModeEntry, parameter: str, message: str, problem: str | None = None) -> ToolFailure:
    """invalid_arguments, blaming one parameter of the call (problem: what is wrong with it, if not message)."""
    problems = [(parameter, problem or message)]
    return ToolFailure.of(entry, "invalid_arguments", f"{entry.label}: {message}", problems=problems)

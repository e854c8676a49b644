"""The outcome of one tool call, before redaction and clamping: the structured result, whether it
failed, and which mode's text form it reads in."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from gasoline.text_forms import text_form


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False
    form: tuple[str, str] = ("", "")  # the (tool, mode) whose text form the text takes; none: the generic one

    @cached_property
    def text(self) -> str:
        """What a model reads: a compact rendering of the structured result (which clients that read
        structured content get whole), or a failure's message."""
        if self.is_error:
            return str(self.structured["message"])
        return text_form(*self.form, self.structured)

"""The outcome of one tool call, before redaction and clamping: the structured result, whether it
failed, and which mode's text form it reads in."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from gasoline.text_forms import SHOWN_PAGE_FIELDS, text_form
from gasoline.text_forms.untrusted import carries_page_content, fenced


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False
    form: tuple[str, str] = ("", "")  # the (tool, mode) whose text form the text takes; none: the generic one

    @cached_property
    def text(self) -> str:
        """What a model reads: a compact rendering of the structured result (which clients that read
        structured content get whole), fenced as the page's data when it holds what the page wrote;
        or a failure's message."""
        return fenced(self.unfenced_text) if self.from_page else self.unfenced_text

    @property
    def from_page(self) -> bool:
        """Whether it holds what the page wrote (a success whose page-content fields are not empty)."""
        return not self.is_error and carries_page_content(self.structured, SHOWN_PAGE_FIELDS.get(self.form))

    @cached_property
    def unfenced_text(self) -> str:
        """The text without its fence, for a reader that fences the page's data itself (the panel's
        evidence, all of it in one fence)."""
        if self.is_error:
            return str(self.structured["message"])
        return text_form(*self.form, self.structured)

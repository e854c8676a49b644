"""The outcome of one tool call, before redaction and clamping: the structured result, whether it
failed, and which mode's text form it reads in."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from .ports import TextForms

if TYPE_CHECKING:  # annotations only: a result's module stays light to import (the bridge's start)
    from pydantic import BaseModel


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False
    form: tuple[str, str] = ("", "")  # the (tool, mode) whose text form the text takes; none: the generic one
    forms: TextForms | None = None  # how a success reads; a failure reads as its message
    # The handler's result model and the JSON it was dumped to, which `structured` is until a
    # redactor replaces it with a copy.
    source: tuple[BaseModel, dict[str, Any]] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, model: BaseModel, form: tuple[str, str], forms: TextForms) -> ToolResult:
        """A handler's result: structured as its JSON, its text read from the model itself."""
        structured = model.model_dump(mode="json", by_alias=True)
        return cls(structured, form=form, forms=forms, source=(model, structured))

    @property
    def model(self) -> BaseModel | None:
        """The handler's result model while `structured` says the same: once a redactor has masked
        something in it, the model tells what was masked, and the text must not."""
        if self.source is None:
            return None
        model, dumped = self.source
        return model if self.structured is dumped or self.structured == dumped else None

    @cached_property
    def text(self) -> str:
        """What a model reads: a compact rendering of the structured result (which clients that read
        structured content get whole), fenced as the page's data when it holds what the page wrote;
        or a failure's message."""
        if self.forms is not None and self.from_page:
            return self.forms.fenced(self.unfenced_text)
        return self.unfenced_text

    @property
    def from_page(self) -> bool:
        """Whether it holds what the page wrote (a success whose page-content fields are not empty)."""
        return not self.is_error and self.forms is not None and self.forms.from_page(self.form, self.structured)

    @cached_property
    def unfenced_text(self) -> str:
        """The text without its fence, for a reader that fences the page's data itself (the panel's
        evidence, all of it in one fence)."""
        if self.is_error or self.forms is None:
            return str(self.structured["message"])
        return self.forms.text(self.form, self.structured, self.model)

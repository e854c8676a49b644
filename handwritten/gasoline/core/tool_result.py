"""The outcome of one tool call, before redaction and clamping: the structured result and whether it failed."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from pydantic_core import to_json


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False

    @cached_property
    def text(self) -> str:
        """The compact text form that accompanies the structured result: its JSON, written by
        pydantic_core several times faster than by json (as json.dumps with compact separators and
        ensure_ascii=False would, but for the spelling of a few floats: 1e-05 is written 0.00001)."""
        if self.is_error:
            return str(self.structured["message"])
        return to_json(self.structured).decode()

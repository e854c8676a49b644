"""The outcome of one tool call, before redaction and clamping: the structured result and whether it failed."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from typing import Any


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False

    @cached_property
    def text(self) -> str:
        """The compact text form that accompanies the structured result."""
        if self.is_error:
            return str(self.structured["message"])
        return json.dumps(self.structured, separators=(",", ":"), ensure_ascii=False)

"""Optional arguments of generated models are MISSING when the caller left them out."""

from __future__ import annotations

from typing import Any

from pydantic import MISSING


def given(value: Any, default: Any = None) -> Any:
    """An optional field's value, or `default` when it was left out."""
    return default if value is MISSING else value

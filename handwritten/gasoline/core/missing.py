"""Optional arguments of generated models are MISSING when the caller left them out."""

from __future__ import annotations

from typing import TypeVar, overload

from pydantic import MISSING

T = TypeVar("T")
D = TypeVar("D")


@overload
def given(value: T | MISSING) -> T | None: ...
@overload
def given(value: T | MISSING, default: D) -> T | D: ...
def given(value: object, default: object = None) -> object:
    """An optional field's value, or `default` when it was left out."""
    return default if value is MISSING else value

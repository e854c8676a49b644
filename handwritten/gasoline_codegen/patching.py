"""Exact edits of text that another tool generated, which fail loudly when they stop applying.

A patch that silently matched nothing would leave the output quietly wrong the day the tool's
output changes, so every replacement states how often its text must occur.
"""

from __future__ import annotations


class GenerationError(Exception):
    """The spec is valid but its output could not be produced: the generator itself needs a fix."""


def replace(text: str, patch: str, old: str, new: str, count: int | None = None) -> str:
    """text with every old replaced by new; old must occur exactly count times (None: at least once)."""
    found = text.count(old)
    if found == 0 or (count is not None and found != count):
        expected = "at least once" if count is None else f"{count} time(s)"
        raise GenerationError(
            f"patch {patch!r} no longer applies: {old!r} occurs {found} time(s) in the generated text, "
            f"expected {expected}; the tool's output changed, so update the patch"
        )
    return text.replace(old, new)

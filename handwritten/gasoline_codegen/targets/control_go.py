"""The control protocol's go bindings for the copier template (not written yet)."""

from __future__ import annotations

from typing import Any


def render(schemas: dict[str, dict[str, Any]], version: str, sources: tuple[str, ...]) -> dict[str, str]:
    return {}

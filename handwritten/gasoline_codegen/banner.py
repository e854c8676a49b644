"""The first line of every generated file: where it comes from and how to regenerate it."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

REGENERATE = "python3 tasks.py gen"


def banner(sources: Iterable[str]) -> str:
    return f"Generated from {', '.join(sources)} by `{REGENERATE}`. Do not edit by hand."


def python_banner(sources: Iterable[str]) -> str:
    return f"# {banner(sources)}\n"


def ts_banner(sources: Iterable[str]) -> str:
    return f"// {banner(sources)}\n"


def dump_json(value: Any) -> str:
    return json.dumps(value, indent=2, ensure_ascii=False) + "\n"

"""Jinja environment for the generated Python modules, and a Python literal writer."""

from __future__ import annotations

import dataclasses
import json
from pathlib import PurePosixPath
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from .schema import pascal


def py_literal(value: Any) -> str:
    """Source text for a JSON-like value (or a generator dataclass), in the house style."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, tuple | list):
        items = ", ".join(py_literal(item) for item in value)
        return (
            f"({items},)"
            if isinstance(value, tuple) and len(value) == 1
            else (f"({items})" if isinstance(value, tuple) else f"[{items}]")
        )
    if isinstance(value, dict):
        return "{" + ", ".join(f"{py_literal(k)}: {py_literal(v)}" for k, v in value.items()) + "}"
    if dataclasses.is_dataclass(value):
        fields = (py_literal(getattr(value, f.name)) for f in dataclasses.fields(value))
        return f"{type(value).__name__}({', '.join(fields)})"
    raise TypeError(f"no literal for {value!r}")


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("gasoline_codegen", "templates"),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
        autoescape=False,
    )
    env.filters.update(py=py_literal, pascal=pascal, dict=dict, parent=lambda path: str(PurePosixPath(path).parent))
    return env

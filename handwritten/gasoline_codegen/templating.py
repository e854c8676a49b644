"""The Jinja environment every generated text file is rendered with, and its filters."""

from __future__ import annotations

import dataclasses
import json
from pathlib import PurePosixPath
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined

from .schema import pascal, ref_name


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


def json_literal(value: Any) -> str:
    """A JSON value on one line: also a TypeScript literal."""
    return json.dumps(value, ensure_ascii=False)


def ts_type(schema: dict[str, Any]) -> str:
    """The TypeScript type of a (normalized) schema: records are references to their interfaces."""
    target = ref_name(schema)
    if target is not None:
        return target
    if "const" in schema:
        return json_literal(schema["const"])
    if "enum" in schema:
        return " | ".join(json_literal(value) for value in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts_type({**schema, "type": k}) for k in kind)
    if kind == "array":
        item = ts_type(schema.get("items", {}))
        return f"Array<{item}>" if " " in item else f"{item}[]"
    if kind == "object":
        extra = schema.get("additionalProperties", True)
        return f"{{ [key: string]: {ts_type(extra) if isinstance(extra, dict) else 'unknown'} }}"
    scalars = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}
    return scalars.get(kind, "unknown") if isinstance(kind, str) else "unknown"


def doc_text(text: str) -> str:
    """Text for a /** */ comment: on one line, and unable to close the comment early."""
    return " ".join(text.split()).replace("*/", "*\\/")


def environment() -> Environment:
    env = Environment(
        loader=PackageLoader("gasoline_codegen", "templates"),
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=StrictUndefined,
        autoescape=False,
    )
    env.filters.update(
        py=py_literal,
        json=json_literal,
        ts_type=ts_type,
        doc_text=doc_text,
        pascal=pascal,
        dict=dict,
        parent=lambda path: str(PurePosixPath(path).parent),
    )
    return env

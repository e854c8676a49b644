"""Schemas in one global namespace of named definitions.

Every record (an object with properties, or a closed object) becomes a named definition
referenced by "$ref", so it gets one stable class name in Python and one interface in
TypeScript. A nested record without a title is named after its parent and property:
ObserveErrorsResult.entries -> ObserveErrorsResultEntriesItem. A set of values several
schemas share is named once too, as a top-level enum (a `defs` entry with only a type, its
values and words for readers): a Literal alias in Python and a union type in TypeScript.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from typing import Any

from .model import Definition

REF_PREFIX = "#/$defs/"
COMPONENT_PREFIX = "#/components/schemas/"  # where an OpenAPI document keeps its named schemas
# Keywords that constrain values rather than shapes; TypeScript types cannot express them.
VALUE_KEYWORDS = frozenset(
    {
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "minItems",
        "maxItems",
        "uniqueItems",
    }
)
ANNOTATION_KEYWORDS = frozenset({"title", "description", "default", "$comment"})
# All a named enum may say: what a reference to it stands for is exactly its values.
ENUM_KEYWORDS = frozenset({"title", "description", "$comment", "type", "enum"})
# Kept beside a reference and on a hoisted record: the contract version that added it, and
# whether it is deprecated (the compatibility gate and the changelog read them).
VERSIONING_KEYWORDS = ("x-since", "deprecated")

Report = Callable[[str, str], None]  # (where, message)


def pascal(name: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[_\-\s.]+", name) if part)


def ref(name: str) -> dict[str, str]:
    return {"$ref": REF_PREFIX + name}


def ref_name(schema: dict[str, Any]) -> str | None:
    target = schema.get("$ref")
    return target.removeprefix(REF_PREFIX) if isinstance(target, str) else None


def is_enum(schema: dict[str, Any]) -> bool:
    """A scalar schema that lists its values: as a top-level definition, a named enum."""
    return "enum" in schema and schema.get("type") in ("string", "integer", "number", "boolean")


def is_record(schema: dict[str, Any]) -> bool:
    """An object schema with named fields (or closed and empty): it becomes a class."""
    if schema.get("type") != "object":
        return False
    extra = schema.get("additionalProperties", False)
    return "properties" in schema or extra is False


class Namespace:
    """Collects named definitions, hoisting nested records, and reports clashes."""

    def __init__(self, report: Report) -> None:
        self.definitions: dict[str, Definition] = {}
        self._report = report

    def add(self, name: str, schema: dict[str, Any], source: str, family: str) -> str:
        """Register a top-level schema under name (or its own title); return the definition name.

        A top-level "$ref" registers nothing and returns the referenced name.
        """
        target = ref_name(schema)
        if target is not None and set(schema) <= {"$ref", "description"}:
            return target
        name = schema.get("title", name)
        if is_enum(schema):
            for keyword in sorted(set(schema) - ENUM_KEYWORDS):
                self._report(source, f"{name}: a named enum says only its type, its values and words, not {keyword}")
            named = {"title": name, **{key: value for key, value in schema.items() if key != "title"}}
            self._register(Definition(name, named, source, family))
            return name
        normalized = self._normalize(schema, name, source, family)
        if ref_name(normalized) != name:
            self._report(source, f"{name}: a top-level schema must be an object with properties, or an enum")
        return name

    def add_union(
        self, name: str, members: list[str], discriminator: str, source: str, family: str, description: str
    ) -> None:
        schema = {
            "title": name,
            "description": description,
            "oneOf": [ref(m) for m in members],
            "discriminator": {"propertyName": discriminator},
        }
        self._register(Definition(name, schema, source, family))

    def check_refs(self) -> None:
        for definition in self.definitions.values():
            for target in references(definition.schema):
                if target not in self.definitions:
                    self._report(definition.source, f"{definition.name}: $ref to unknown definition {target!r}")

    def _register(self, definition: Definition) -> None:
        existing = self.definitions.get(definition.name)
        if existing is not None:
            self._report(definition.source, f"definition {definition.name!r} is also defined in {existing.source}")
            return
        self.definitions[definition.name] = definition

    def _normalize(self, schema: dict[str, Any], hint: str, source: str, family: str) -> dict[str, Any]:
        schema = dict(schema)
        if is_record(schema):
            name = schema.pop("title", hint)
            properties = {
                key: self._normalize(value, hint_for(name, key), source, family)
                for key, value in schema.get("properties", {}).items()
            }
            extra = schema.get("additionalProperties", False)
            if properties and extra not in (True, False):
                self._report(
                    source, f"{name}: an object has either properties or additionalProperties as a schema, not both"
                )
            record = {
                "title": name,
                **{k: v for k, v in schema.items() if k in ("description", "$comment", *VERSIONING_KEYWORDS)},
                "type": "object",
                "properties": properties,
                "additionalProperties": extra,
            }
            if schema.get("required"):
                record["required"] = list(schema["required"])
                for missing in sorted(set(schema["required"]) - set(properties)):
                    self._report(source, f"{name}: required property {missing!r} is not among its properties")
            self._register(Definition(name, record, source, family))
            kept = ("description", *VERSIONING_KEYWORDS)
            return {**ref(name), **{k: schema[k] for k in kept if k in schema}}
        if isinstance(schema.get("items"), dict):
            schema["items"] = self._normalize(schema["items"], hint + "Item", source, family)
        if isinstance(schema.get("additionalProperties"), dict):
            schema["additionalProperties"] = self._normalize(
                schema["additionalProperties"], hint + "Value", source, family
            )
        return schema


def hint_for(parent: str, key: str) -> str:
    return parent + pascal(key)


def references(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        target = ref_name(schema)
        found = [target] if target else []
        return found + [t for value in schema.values() for t in references(value)]
    if isinstance(schema, list):
        return [t for value in schema for t in references(value)]
    return []


def from_openapi(schema: Any) -> Any:
    """An OpenAPI component schema in the spec's own dialect: references to "#/$defs/", no examples
    or x- extensions but x-since, and an object that does not say otherwise open to any property, as JSON
    Schema means it (in the spec's dialect an object is closed unless it says otherwise)."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key == "examples" or (key.startswith("x-") and key not in VERSIONING_KEYWORDS):
            continue
        if key == "$ref" and isinstance(value, str):
            value = REF_PREFIX + value.removeprefix(COMPONENT_PREFIX)
        elif key == "properties":
            value = {name: from_openapi(sub) for name, sub in value.items()}
        elif key in ("items", "additionalProperties"):
            value = from_openapi(value)
        out[key] = value
    if out.get("type") == "object" and "additionalProperties" not in out:
        out["additionalProperties"] = True
    return out


def substitute_variants(schema: Any, fill: dict[str, dict[str, Any]]) -> Any:
    """Replace {"$variant": part} markers of the command envelope with a kind's own schemas."""
    if isinstance(schema, dict):
        if "$variant" in schema:
            return copy.deepcopy(fill[schema["$variant"]])
        return {key: substitute_variants(value, fill) for key, value in schema.items()}
    if isinstance(schema, list):
        return [substitute_variants(value, fill) for value in schema]
    return schema


def inline(schema: dict[str, Any], definitions: dict[str, Definition], seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A self-contained copy of a schema, as a client is shown it: references replaced by their
    targets, titles and x-since dropped (and a named enum's description, which is the type's).

    Raises ValueError on a recursive reference, which a flat published schema cannot express.
    """
    target = ref_name(schema)
    if target is not None:
        if target in seen:
            raise ValueError(f"recursive reference to {target!r}")
        resolved = inline(definitions[target].schema, definitions, (*seen, target))
        if is_enum(resolved):  # its description documents the generated type; a use says what it means itself
            resolved.pop("description", None)
        if "description" in schema:
            resolved["description"] = schema["description"]
        return resolved
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in ("title", "x-since"):
            continue
        if key == "properties":
            out[key] = {name: inline(sub, definitions, seen) for name, sub in value.items()}
        elif key in ("items", "additionalProperties") and isinstance(value, dict):
            out[key] = inline(value, definitions, seen)
        else:
            out[key] = copy.deepcopy(value)
    return out


def structural(schema: Any) -> Any:
    """The part of a schema a TypeScript type can express: no value constraints, integer as number."""
    if isinstance(schema, dict):
        out: dict[str, Any] = {}
        for key, value in schema.items():
            if key in VALUE_KEYWORDS:
                continue
            if key == "type":
                out[key] = _number_for_integer(value)
            elif key in ("properties", "$defs"):
                out[key] = {name: structural(sub) for name, sub in value.items()}
            elif key in ("items", "additionalProperties", "oneOf"):
                out[key] = structural(value)
            else:
                out[key] = value
        return out
    if isinstance(schema, list):
        return [structural(item) for item in schema]
    return schema


def _number_for_integer(type_: str | list[str]) -> str | list[str]:
    if isinstance(type_, list):
        return sorted({"number" if t == "integer" else t for t in type_})
    return "number" if type_ == "integer" else type_

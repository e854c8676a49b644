"""No definition restates another: two definitions of the same shape are a problem.

The shape of a definition is its schema with references followed and the words for readers
(title, description, examples, $comment) left out; value constraints and defaults count. A shape
with fewer than MIN_PROPERTIES properties in all, nested records included (an empty object, a
one-field wrapper), is too small for a shared name to say anything, and every mode and command
has its own Params and Result definitions by construction, so those are not compared.

Nor is a named enum's list of values written out again: an enum inside a definition that could be
a reference to a named enum (the same type and values, nothing a reference cannot say beside it)
is a problem naming both.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from ..model import Definition
from ..schema import ENUM_KEYWORDS, VERSIONING_KEYWORDS, is_enum, ref_name
from ..specload import Problem
from .context import BuildContext

IGNORED_KEYWORDS = frozenset({"title", "description", "examples", "$comment"})
MIN_PROPERTIES = 2
# What an enum written out may say and still be only a reference to a named enum.
REFERENCE_KEYWORDS = ENUM_KEYWORDS | set(VERSIONING_KEYWORDS)


def shape(schema: Any, definitions: dict[str, Definition], seen: tuple[str, ...] = ()) -> Any:
    """The schema as a comparable value: references followed (a cycle stays a reference), annotations left out."""
    if isinstance(schema, list):
        return [shape(item, definitions, seen) for item in schema]
    if not isinstance(schema, dict):
        return schema
    target = ref_name(schema)
    if target is not None:
        if target in seen or target not in definitions:
            return {"$ref": target}
        return shape(definitions[target].schema, definitions, (*seen, target))
    return {
        key: (
            {name: shape(sub, definitions, seen) for name, sub in value.items()}
            if key == "properties"
            else shape(value, definitions, seen)
        )
        for key, value in schema.items()
        if key not in IGNORED_KEYWORDS
    }


def property_count(schema: Any) -> int:
    """How many properties a shape has, those of nested records included."""
    if not isinstance(schema, dict):
        return 0
    properties = schema.get("properties", {})
    nested = [*properties.values(), *schema.get("oneOf", [])]
    nested += [schema[key] for key in ("items", "additionalProperties") if isinstance(schema.get(key), dict)]
    return len(properties) + sum(property_count(sub) for sub in nested)


def enum_values(schema: dict[str, Any]) -> tuple[str, ...]:
    """An enum's type and values, in any order, as a comparable key."""
    return (json.dumps(schema.get("type")), *sorted(json.dumps(value) for value in schema["enum"]))


def inner_schemas(schema: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every schema written out inside a definition, with its path (references are not followed)."""
    parts = [(f"{path}.{name}", sub) for name, sub in schema.get("properties", {}).items()]
    parts += [(f"{path}[*]", schema["items"])] if isinstance(schema.get("items"), dict) else []
    extra = schema.get("additionalProperties")
    parts += [(f"{path}.*", extra)] if isinstance(extra, dict) else []
    for where, sub in parts:
        yield where, sub
        yield from inner_schemas(sub, where)


def check_restated_enums(ctx: BuildContext) -> None:
    definitions = ctx.namespace.definitions
    named = {enum_values(d.schema): d for d in definitions.values() if is_enum(d.schema)}
    for definition in definitions.values():
        for where, schema in inner_schemas(definition.schema):
            found = named.get(enum_values(schema)) if is_enum(schema) and set(schema) <= REFERENCE_KEYWORDS else None
            if found is not None:
                ctx.problems.append(
                    Problem(
                        definition.source,
                        "$",
                        f"{definition.name}{where} restates the enum {found.name} of {found.source}: "
                        f'use $ref: "#/$defs/{found.name}"',
                    )
                )


def check_duplicates(ctx: BuildContext) -> None:
    check_restated_enums(ctx)
    definitions = ctx.namespace.definitions
    groups: dict[str, list[Definition]] = defaultdict(list)
    for definition in definitions.values():
        comparable = shape(definition.schema, definitions, (definition.name,))
        if property_count(comparable) >= MIN_PROPERTIES:
            groups[json.dumps(comparable, sort_keys=True)].append(definition)
    for group in groups.values():
        first, *others = sorted(group, key=lambda d: (d.source, d.name))
        for other in others:
            ctx.problems.append(
                Problem(
                    other.source,
                    "$",
                    f"{other.name} restates {first.name} of {first.source} (the same schema once titles, "
                    f'descriptions and examples are ignored): use $ref: "#/$defs/{first.name}"',
                )
            )

"""A message as this daemon knows it: what an extension of a newer minor contract version may add
(optional properties, spec/contracts.yaml) is dropped before the message is validated, so that the
rest is read rather than the whole sync, batch or event refused for one field the daemon cannot
read.

The walk follows the daemon's own model of the message (its JSON Schema): in a union (an event)
the discriminator picks the record, and properties are dropped from that record and from every
record nested in it, at any depth and in lists. Open maps (request and response headers) keep
every key. A value of the wrong shape, or an event type the daemon does not know, is left as it
is for validation to reject with its reason.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel

Schema = dict[str, Any]


@cache
def schema_of(model: type[BaseModel]) -> Schema:
    return model.model_json_schema()


def known_fields(value: Any, model: type[BaseModel]) -> Any:
    """The value without the properties the daemon's model of it does not know."""
    root = schema_of(model)
    return _Pruning(root.get("$defs", {})).pruned(value, root)


class _Pruning:
    def __init__(self, definitions: Schema) -> None:
        self.definitions = definitions

    def pruned(self, value: Any, schema: Schema) -> Any:
        schema = self.resolved(schema)
        if isinstance(value, list) and "items" in schema:
            return [self.pruned(item, schema["items"]) for item in value]
        if not isinstance(value, dict):
            return value
        if "discriminator" in schema:
            choice = schema["discriminator"]
            variant = choice["mapping"].get(value.get(choice["propertyName"]))
            return value if variant is None else self.pruned(value, {"$ref": variant})
        properties: Schema = schema.get("properties", {})
        others = schema.get("additionalProperties", True)
        kept = {}
        for key, item in value.items():
            if key in properties:
                kept[key] = self.pruned(item, properties[key])
            elif isinstance(others, dict):
                kept[key] = self.pruned(item, others)
            elif others is not False:
                kept[key] = item
        return kept

    def resolved(self, schema: Schema) -> Schema:
        """The definition a `#/$defs/Name` reference names; any other schema as it is."""
        reference = schema.get("$ref")
        if reference is None:
            return schema
        found: Schema = self.definitions[reference.removeprefix("#/$defs/")]
        return found

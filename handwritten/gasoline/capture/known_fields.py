"""An event as this daemon knows it: what an extension of a newer minor contract version may add
(optional properties, spec/contracts.yaml) is dropped before the event is validated, so that the
rest is stored rather than the whole event rejected for one field the daemon cannot read.

The walk follows the daemon's own CaptureEvent model (its JSON Schema): the event type picks the
record, and properties are dropped from that record and from every record nested in it, at any
depth and in lists. Open maps (request and response headers) keep every key. A value of the
wrong shape, or an event type the daemon does not know, is left as it is for validation to reject
with its reason.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from gasoline_generated.models import CaptureEvent

Schema = dict[str, Any]


@cache
def event_schema() -> Schema:
    return CaptureEvent.model_json_schema()


def known_fields(event: Any) -> Any:
    """The event without the properties the daemon's model of it does not know."""
    return pruned(event, event_schema())


def pruned(value: Any, schema: Schema) -> Any:
    schema = resolved(schema)
    if isinstance(value, list) and "items" in schema:
        return [pruned(item, schema["items"]) for item in value]
    if not isinstance(value, dict):
        return value
    if "discriminator" in schema:
        choice = schema["discriminator"]
        variant = choice["mapping"].get(value.get(choice["propertyName"]))
        return value if variant is None else pruned(value, {"$ref": variant})
    properties: Schema = schema.get("properties", {})
    others = schema.get("additionalProperties", True)
    kept = {}
    for key, item in value.items():
        if key in properties:
            kept[key] = pruned(item, properties[key])
        elif isinstance(others, dict):
            kept[key] = pruned(item, others)
        elif others is not False:
            kept[key] = item
    return kept


def resolved(schema: Schema) -> Schema:
    """The definition a `#/$defs/Name` reference names; any other schema as it is."""
    reference = schema.get("$ref")
    if reference is None:
        return schema
    found: Schema = event_schema()["$defs"][reference.removeprefix("#/$defs/")]
    return found

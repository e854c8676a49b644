"""The daemon's HTTP API: its OpenAPI document, with the spec definitions it names copied in."""

from __future__ import annotations

import json
from typing import Any

from ..banner import banner, dump_json
from ..model import Spec
from ..schema import COMPONENT_PREFIX, REF_PREFIX, references
from ..specload import borrowed_schemas


def closure(spec: Spec, names: set[str]) -> list[str]:
    """The named definitions and every definition they refer to, sorted."""
    found: set[str] = set()
    pending = list(names)
    while pending:
        name = pending.pop()
        if name not in found:
            found.add(name)
            pending.extend(references(spec.definitions[name].schema))
    return sorted(found)


def bundled_document(spec: Spec) -> dict[str, Any]:
    """The daemon's OpenAPI document with the spec definitions it names copied in."""
    document = spec.daemon_api
    borrowed = {
        name: json.loads(json.dumps(spec.definitions[name].schema).replace(f'"{REF_PREFIX}', f'"{COMPONENT_PREFIX}'))
        for name in closure(spec, borrowed_schemas(document))
    }
    components = document.get("components", {})
    schemas = {**components.get("schemas", {}), **borrowed}
    return {**document, "components": {**components, "schemas": dict(sorted(schemas.items()))}}


def render(spec: Spec) -> dict[str, str]:
    sources = (spec.daemon_api_source, "spec/events", "spec/messages", "spec/tools/configure")
    return {"generated/openapi/daemon.json": dump_json({"x-generated": banner(sources), **bundled_document(spec)})}

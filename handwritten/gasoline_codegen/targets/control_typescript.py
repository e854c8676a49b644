"""The control protocol's TypeScript bindings for the Node copier template.

One module: an interface per component schema (through the emitter the extension's types use),
the protocol version, and the schemas themselves, so that the template checks requests against
the protocol it was generated from and sends no field that protocol version lacks.
"""

from __future__ import annotations

import json
from typing import Any

from ..banner import ts_banner
from ..model import Definition
from ..schema import Namespace, from_openapi
from ..templating import environment

BINDINGS = "gasoline-control/protocol.generated.ts"


def definitions(schemas: dict[str, dict[str, Any]], source: str) -> list[Definition]:
    """The component schemas as named definitions in the spec's dialect, sorted by name."""
    problems: list[str] = []
    namespace = Namespace(lambda where, message: problems.append(f"{where}: {message}"))
    for name, schema in schemas.items():
        namespace.add(name, {"title": name, **from_openapi(schema)}, source, "control")
    namespace.check_refs()
    if problems:
        raise ValueError("; ".join(problems))
    return sorted(namespace.definitions.values(), key=lambda definition: definition.name)


def render(schemas: dict[str, dict[str, Any]], version: str, sources: tuple[str, ...]) -> dict[str, str]:
    converted = {name: from_openapi(schema) for name, schema in sorted(schemas.items())}
    text = (
        environment()
        .get_template("control_protocol.ts.j2")
        .render(
            banner=ts_banner(sources),
            imports={},
            definitions=definitions(schemas, sources[0]),
            commands=[],
            version=version,
            schemas=json.dumps(converted, indent=2, ensure_ascii=False),
        )
    )
    return {BINDINGS: text}

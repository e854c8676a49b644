"""The control protocol's TypeScript bindings for the Node copier template.

One module: an interface per component schema (through the emitter the extension's types use);
ResponseFields, the response the endpoint builds with the current protocol's fields (ControlResponse
itself, or where the version's ControlResponse is another one, an interface of the current one);
the version the service announces; the schemas themselves, so that the template checks requests
against the protocol it was generated from; and the glue from the endpoint's terms to this
version's (see control_bindings.py), which reads the template's own Operation.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ..banner import ts_banner
from ..model import Definition
from ..schema import Namespace, from_openapi
from ..templating import environment

if TYPE_CHECKING:
    from .control_bindings import Protocol

BINDINGS = "gasoline-control/protocol.generated.ts"
# The template's own types that the glue reads, by module.
TEMPLATE_TYPES = {"registry.ts": ["Operation"]}
RESPONSE_FIELDS = "ResponseFields"
RESPONSE_FIELDS_DOC = (
    "A response as the endpoint builds it, with the current protocol's fields; "
    "wireResponse keeps those of this version."
)


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


def render(protocol: Protocol) -> dict[str, str]:
    declared = protocol.schemas
    if not protocol.response_is_current:
        declared = {**declared, RESPONSE_FIELDS: {**protocol.response, "description": RESPONSE_FIELDS_DOC}}
    converted = {name: from_openapi(schema) for name, schema in sorted(protocol.schemas.items())}
    text = (
        environment()
        .get_template("control_protocol.ts.j2")
        .render(
            banner=ts_banner((protocol.source,)),
            imports=TEMPLATE_TYPES,
            definitions=definitions(declared, protocol.source),
            commands=[],
            protocol=protocol,
            schemas=json.dumps(converted, indent=2, ensure_ascii=False),
        )
    )
    return {BINDINGS: text}

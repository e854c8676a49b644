"""The control protocol's Go bindings for the copier template: gasolinecontrol/protocol_generated.go.

One struct per component schema, with json tags. A required field is a value; an optional scalar
is a pointer, so that absence stays apart from false, 0 and "" (a response says `applied: false`
and `duration_ms: 0`, and a request that omits `shadow_mode` is not one that sends false); an
optional object, array or record is nil when absent. A string enum gets a named type with a
constant per value. The ControlRequest schema is also embedded as JSON, because the endpoint
checks every request body against it before decoding: the Go types alone cannot reject a null,
an empty idempotency key or a misspelt field.

ResponseFields is the response the endpoint builds, with the current protocol's fields: an alias of
ControlResponse where the version's is the current one, else a struct of the current ControlResponse
that shares the version's enum types (ControlResponseStatus). Then the glue from the endpoint's
terms to this version's (see control_bindings.py), which reads ResponseFields and the template's
own Operation (registry.go): the same package compiles against the bindings of every version.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..banner import banner
from ..patching import GenerationError
from ..schema import COMPONENT_PREFIX, pascal
from ..templating import environment

if TYPE_CHECKING:
    from .control_bindings import Field as ProtocolField
    from .control_bindings import Protocol

PACKAGE = "gasolinecontrol"
PATH = f"{PACKAGE}/protocol_generated.go"
REQUEST_SCHEMA = "ControlRequest"
REQUEST_SCHEMA_CONSTANT = "controlRequestSchema"
RESPONSE_FIELDS = "ResponseFields"
RESPONSE_FIELDS_DOC = (
    f"{RESPONSE_FIELDS} is a response as the endpoint builds it, with the current protocol's fields; "
    "wireResponse keeps those of this version."
)
COMMENT_WIDTH = 100
# Name parts Go spells in capitals (some of golint's initialisms).
INITIALISMS = {"id": "ID", "url": "URL", "json": "JSON", "http": "HTTP"}
SCALARS = {"string": "string", "integer": "int", "number": "float64", "boolean": "bool"}


@dataclass(frozen=True)
class Field:
    name: str
    type: str
    tag: str
    doc: list[str]


@dataclass(frozen=True)
class Enum:
    type: str
    doc: list[str]
    constants: list[tuple[str, str]]  # (constant name, Go string literal)
    width: int  # of the longest constant name, which gofmt aligns the others to


@dataclass(frozen=True)
class Struct:
    name: str
    doc: list[str]
    fields: list[Field]
    enums: list[Enum]


@dataclass(frozen=True)
class CompositeLiteral:
    """A composite literal of a struct, one field a line, its values aligned as gofmt aligns them."""

    type: str
    values: list[tuple[str, str]]  # (field, Go expression)

    @property
    def width(self) -> int:
        return max(len(field) for field, _ in self.values) + 1


def go_name(json_name: str) -> str:
    """correlation_id -> CorrelationID: Pascal case with Go's initialisms."""
    return "".join(INITIALISMS.get(part, pascal(part)) for part in json_name.split("_"))


def comment(text: str) -> list[str]:
    """A description as // lines of at most COMMENT_WIDTH columns."""
    return [f"// {line}" for line in textwrap.wrap(" ".join(text.split()), COMMENT_WIDTH - 3)]


def sentence_after(subject: str, text: str) -> str:
    """'A service and ...' -> 'ControlDiscovery is a service and ...' (Go doc comments start with the name)."""
    first_word = text.split(" ", 1)[0]
    lowered = text[:1].lower() + text[1:] if first_word[1:] == first_word[1:].lower() else text
    return f"{subject} is {lowered}"


def go_literal(text: str) -> str:
    """A Go interpreted string literal (a JSON string is one)."""
    return json.dumps(text)


def field_doc(schema: dict[str, Any], schemas: dict[str, dict[str, Any]]) -> list[str]:
    """The field's description (or, for a bare reference, its record's), its default and its x-since."""
    target = schemas.get(str(schema.get("$ref", "")).removeprefix(COMPONENT_PREFIX), {})
    parts = [schema.get("description", target.get("description", ""))]
    if "default" in schema:
        parts.append(f"Default: {json.dumps(schema['default'])}.")
    if "x-since" in schema:
        parts.append(f"Since protocol {schema['x-since']}.")
    return comment(" ".join(part for part in parts if part))


def enum_for(struct: str, field: str, schema: dict[str, Any]) -> Enum:
    type_name = struct + go_name(field)
    constants = [(type_name + pascal(str(value)), go_literal(str(value))) for value in schema["enum"]]
    doc = comment(f"{type_name} is a value of {struct}.{field}: one of {', '.join(map(str, schema['enum']))}.")
    return Enum(type_name, doc, constants, max(len(name) for name, _ in constants))


def value_type(schema: dict[str, Any], enum: Enum | None) -> str:
    """The Go type of a value of this schema when it is present."""
    target = schema.get("$ref")
    if isinstance(target, str):
        return target.removeprefix(COMPONENT_PREFIX)
    if enum is not None:
        return enum.type
    kind = schema.get("type")
    if kind == "array":
        return "[]" + value_type(schema.get("items", {}), None)
    if kind == "object":
        return "map[string]any"
    if kind == "string" and schema.get("format") == "date-time":
        return "time.Time"
    if isinstance(kind, str) and kind in SCALARS:
        return SCALARS[kind]
    return "any"


def field_type(schema: dict[str, Any], enum: Enum | None, required: bool) -> str:
    """Required: the value. Optional: a pointer, except for the nil-able maps and slices."""
    go_type = value_type(schema, enum)
    nilable = go_type.startswith(("[]", "map[")) or go_type == "any"
    return go_type if required or nilable else "*" + go_type


def struct_for(name: str, schema: dict[str, Any], schemas: dict[str, dict[str, Any]]) -> Struct:
    required = set(schema.get("required", ()))
    fields, enums = [], []
    for json_name, property_schema in schema.get("properties", {}).items():
        enum = enum_for(name, json_name, property_schema) if "enum" in property_schema else None
        if enum is not None:
            enums.append(enum)
        optional = "" if json_name in required else ",omitempty"
        fields.append(
            Field(
                go_name(json_name),
                field_type(property_schema, enum, json_name in required),
                f'`json:"{json_name}{optional}"`',
                field_doc(property_schema, schemas),
            )
        )
    return Struct(name, comment(sentence_after(name, schema.get("description", "a protocol record."))), fields, enums)


def response_fields(protocol: Protocol, response: Struct) -> Struct:
    """ResponseFields as a struct of the current ControlResponse, with the enum types of the
    version's `response` (and its own for a field the version does not have)."""
    current = struct_for(response.name, protocol.response, protocol.schemas)
    declared = {enum.type for enum in response.enums}
    enums = [enum for enum in current.enums if enum.type not in declared]
    return Struct(RESPONSE_FIELDS, comment(RESPONSE_FIELDS_DOC), current.fields, enums)


def request_schema_json(schema: dict[str, Any]) -> str:
    """The request schema as JSON for a Go raw string (x-invalid-examples are the spec's own test data)."""
    published = {key: value for key, value in schema.items() if key != "x-invalid-examples"}
    text = json.dumps(published, indent=2, ensure_ascii=False)
    if "`" in text:
        raise GenerationError(f"{REQUEST_SCHEMA} contains a backquote, which a Go raw string cannot hold")
    return text


def glue_literal(struct: Struct, fields: Iterable[ProtocolField], source: str, values_only: bool) -> CompositeLiteral:
    """The version's struct made of `source`, whose fields are named as the current protocol names
    them: JSON text where the version wants that, and, when `values_only` (the source has no
    pointers), a pointer to the value where the version's field is optional."""
    types = {field.name: field.type for field in struct.fields}
    values = []
    for field in fields:
        name, value = go_name(field.name), f"{source}.{go_name(field.current)}"
        if field.as_text:
            value = f"jsonTexts({value})"
        elif values_only and types[name].startswith("*"):
            value = "&" + value
        values.append((name, value))
    return CompositeLiteral(struct.name, values)


def render(protocol: Protocol) -> dict[str, str]:
    schemas = protocol.schemas
    structs = {name: struct_for(name, schema, schemas) for name, schema in schemas.items()}
    operation, response = structs["ControlOperation"], structs["ControlResponse"]
    if not protocol.response_is_current:
        structs[RESPONSE_FIELDS] = response_fields(protocol, response)
    uses_time = any("time.Time" in field.type for struct in structs.values() for field in struct.fields)
    imports = (["encoding/json"] if protocol.writes_text else []) + (["time"] if uses_time else [])
    text = (
        environment()
        .get_template("control_go.go.j2")
        .render(
            banner=banner((protocol.source,)),
            package=PACKAGE,
            version=go_literal(protocol.wire_version),
            imports=imports,
            structs=list(structs.values()),
            request_schema_name=REQUEST_SCHEMA,
            request_schema_constant=REQUEST_SCHEMA_CONSTANT,
            request_schema=request_schema_json(schemas[REQUEST_SCHEMA]),
            protocol=protocol,
            discovery_entry=glue_literal(operation, protocol.operation_fields, "operation", values_only=True),
            idempotency_key=go_name(protocol.idempotency_key),
            wire_response=glue_literal(response, protocol.response_fields, "answer", values_only=False),
        )
    )
    return {PATH: text}

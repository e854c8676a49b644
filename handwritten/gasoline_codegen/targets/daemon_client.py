"""The extension's client of the daemon: a typed method per route the extension calls.

The routes are the operations of spec/daemon/api.yaml tagged `extension`. Each becomes a path
builder and a method of `DaemonClient`, named by its operationId, with its path parameters as
arguments, its query parameters as one object, its request body typed by the generated messages
and its answer by the response schema of its successful statuses. Sending is left to a
hand-written `DaemonTransport` (the daemon's address, the token, time limits, refusals), so the
generated file only states what the spec says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from ..banner import ts_banner
from ..compat.views import HTTP_METHODS, dialect, resolve
from ..model import Spec
from ..schema import pascal, references
from ..templating import environment, json_literal, ts_type
from .typescript import FAMILY_FILES, TS_DIR, TypeScriptError, exported_definitions

CLIENT_TAG = "extension"
JSON_MEDIA = "application/json"


@dataclass(frozen=True)
class Parameter:
    name: str  # as the spec and the wire name it
    argument: str  # as the TypeScript argument is named
    location: str  # path, query or header
    type: str
    required: bool
    description: str

    @property
    def key(self) -> str:
        """Its name as a TypeScript property: quoted unless it is an identifier."""
        return self.name if self.name.isidentifier() else json_literal(self.name)

    @property
    def value(self) -> str:
        """Its value in a query object named `query`."""
        return f"query.{self.name}" if self.name.isidentifier() else f"query[{self.key}]"


@dataclass(frozen=True)
class Operation:
    id: str
    method: str
    path: str
    summary: str
    parameters: tuple[Parameter, ...]
    body_type: str | None
    answer_type: str | None  # None: the answer is not only JSON (a stream, a file), read by the caller
    types: tuple[str, ...]  # the generated types its body and answer name

    @property
    def path_parameters(self) -> list[Parameter]:
        return [p for p in self.parameters if p.location == "path"]

    @property
    def query_parameters(self) -> list[Parameter]:
        """The query's parameters; header parameters are the browser's (Origin) and left out."""
        return [p for p in self.parameters if p.location == "query"]

    @property
    def query_type(self) -> str:
        return f"{pascal(self.id)}Query"

    @property
    def path_template(self) -> str:
        """The path as a TypeScript expression, each path parameter encoded."""
        if not self.path_parameters:
            return json_literal(self.path)
        names = {p.name: p.argument for p in self.path_parameters}
        return "`" + re.sub(r"\{([^}]+)\}", lambda m: f"${{encodeURIComponent({names[m.group(1)]})}}", self.path) + "`"

    def arguments(self, with_body: bool) -> list[str]:
        """The typed arguments of its path builder (without the body) or of its method (with it)."""
        found = [f"{p.argument}: {p.type}" for p in self.path_parameters]
        if with_body and self.body_type:
            found.append(f"body: {self.body_type}")
        if self.query_parameters:
            optional = not any(p.required for p in self.query_parameters)
            found.append(f"query: {self.query_type}{' = {}' if optional else ''}")
        return found

    @property
    def path_call(self) -> str:
        """The arguments its method passes to its path builder."""
        return ", ".join([p.argument for p in self.path_parameters] + (["query"] if self.query_parameters else []))


def camel(name: str) -> str:
    joined = pascal(name)
    return joined[:1].lower() + joined[1:]


def _parameter(where: str, raw: dict[str, Any], components: dict[str, Any]) -> Parameter:
    parameter = resolve(raw, components)
    schema = dialect(parameter.get("schema", {}))
    if parameter["in"] == "query" and schema.get("type") != "string":
        raise TypeScriptError(f"{where}: query parameter {parameter['name']} must be a string to be sent as one")
    return Parameter(
        name=parameter["name"],
        argument=camel(parameter["name"]),
        location=parameter["in"],
        type=ts_type(schema),
        required=bool(parameter.get("required")),
        description=parameter.get("description", ""),
    )


def _answer_schemas(operation: dict[str, Any], components: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The JSON bodies of the successful statuses, or None when one of them is not only JSON."""
    schemas = []
    for status, raw in sorted(operation.get("responses", {}).items()):
        if not status.startswith("2"):
            continue
        content = resolve(raw, components).get("content", {})
        if set(content) != {JSON_MEDIA}:
            return None
        schemas.append(dialect(content[JSON_MEDIA]["schema"]))
    return schemas or None


def _operation(spec: Spec, path: str, method: str, item: dict[str, Any], operation: dict[str, Any]) -> Operation:
    components = spec.daemon_api.get("components", {})
    where = f"{spec.daemon_api_source}: {method.upper()} {path}"
    raw_parameters = [*item.get("parameters", []), *operation.get("parameters", [])]
    body = resolve(operation.get("requestBody", {}), components).get("content", {}).get(JSON_MEDIA)
    body_schema = dialect(body["schema"]) if body else None
    answers = _answer_schemas(operation, components)
    answer_types = list(dict.fromkeys(ts_type(schema) for schema in answers or []))
    named = references([body_schema or {}, *(answers or [])])
    return Operation(
        id=operation["operationId"],
        method=method.upper(),
        path=path,
        summary=operation.get("summary", ""),
        parameters=tuple(_parameter(where, p, components) for p in raw_parameters),
        body_type=ts_type(body_schema) if body_schema else None,
        answer_type=" | ".join(answer_types) if answers else None,
        types=tuple(dict.fromkeys(named)),
    )


def client_operations(spec: Spec) -> list[Operation]:
    """The operations tagged for the extension, in the order the spec lists them."""
    return [
        _operation(spec, path, method, item, item[method])
        for path, item in spec.daemon_api.get("paths", {}).items()
        for method in HTTP_METHODS
        if method in item and CLIENT_TAG in item[method].get("tags", ())
    ]


def render(spec: Spec) -> dict[str, str]:
    operations = client_operations(spec)
    definitions = exported_definitions(spec)
    imports: dict[str, set[str]] = {}
    for operation in operations:
        for name in operation.types:
            if name not in definitions:
                raise TypeScriptError(
                    f"{spec.daemon_api_source}: {operation.id} names {name}, which is no event or message definition"
                )
            imports.setdefault(FAMILY_FILES[definitions[name].family], set()).add(name)
    text = (
        environment()
        .get_template("daemon_client.ts.j2")
        .render(
            banner=ts_banner((spec.daemon_api_source,)),
            imports={module: sorted(names) for module, names in sorted(imports.items())},
            methods=sorted({operation.method for operation in operations}),
            operations=operations,
        )
    )
    return {f"{TS_DIR}/daemon-client.ts": text}

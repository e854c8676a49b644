"""A contract family as two versions are compared: its messages (what one party writes and another
reads), the named definitions they refer to, and its hints (values whose meaning is the contract).

A family's contract is what a release file keeps: an OpenAPI document ({"openapi": ...}), or named
definitions with the messages rooted in them. Both are read into one ContractView, in the spec's
schema dialect ("#/$defs/Name" references, an object open unless it says otherwise).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..model import ContractFamily, Spec
from ..schema import COMPONENT_PREFIX, REF_PREFIX, ref, references

BACKWARD, FORWARD = "backward", "forward"
DIRECTIONS = {BACKWARD: frozenset({BACKWARD}), FORWARD: frozenset({FORWARD}), "full": frozenset({BACKWARD, FORWARD})}
HTTP_METHODS = ("get", "put", "post", "delete", "options", "head", "patch")
# The spec's own test data and documentation, which no party reads.
NOT_CONTRACT = frozenset({"examples", "x-invalid-examples", "example"})
PARAMS, RESULT = "params", "result"  # a tool mode's two messages


@dataclass(frozen=True)
class ContractView:
    messages: dict[str, dict[str, Any]]
    definitions: dict[str, dict[str, Any]]
    hints: dict[str, Any] = field(default_factory=dict)


def current_contract(spec: Spec, family: ContractFamily) -> dict[str, Any]:
    """The family's contract as the spec states it now, in the form a release keeps."""
    if family.name == "tools":
        return tools_contract(spec)
    if family.openapi == spec.control_source:
        return {"openapi": spec.control}
    if family.openapi == spec.daemon_api_source:
        from ..targets.daemon_api import bundled_document

        return {"openapi": bundled_document(spec)}
    return schema_contract(spec, {name: ref(name) for name in family.messages})


def schema_contract(spec: Spec, messages: dict[str, dict[str, Any]]) -> dict[str, Any]:
    return {"messages": messages, "definitions": closure(spec, messages)}


def tools_contract(spec: Spec) -> dict[str, Any]:
    """Each published mode's params and result, and its hints: mutation class, rules and gates."""
    messages: dict[str, dict[str, Any]] = {}
    hints: dict[str, Any] = {}
    for tool in spec.tools:
        for mode in tool.published_modes:
            label = f"{tool.name}.{mode.name}"
            messages[f"{label} {PARAMS}"] = ref(mode.params_definition)
            messages[f"{label} {RESULT}"] = ref(mode.result_definition)
            hints[label] = {
                "mutation": mode.mutation,
                "mutation_when": [[rule.param, rule.equals, rule.mutation] for rule in mode.mutation_rules],
                "gates": list(mode.gates),
            }
    return {**schema_contract(spec, messages), "hints": hints}


def closure(spec: Spec, messages: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The definitions the messages refer to, directly or through each other."""
    found: dict[str, dict[str, Any]] = {}
    pending = [name for schema in messages.values() for name in references(schema)]
    while pending:
        name = pending.pop()
        if name not in found:
            found[name] = spec.definitions[name].schema
            pending.extend(references(found[name]))
    return dict(sorted(found.items()))


def view_of(contract: dict[str, Any], family: ContractFamily) -> ContractView:
    if "openapi" in contract:
        return openapi_view(contract["openapi"], family)
    return ContractView(contract["messages"], contract["definitions"], contract.get("hints", {}))


def openapi_view(document: dict[str, Any], family: ContractFamily) -> ContractView:
    """An OpenAPI document's messages: each operation's parameters (one object, as a client fills
    it), request body, and each response's body and headers; and the component schemas it declares
    as messages of their own in spec/contracts.yaml (where the document has them)."""
    components = document.get("components", {})
    definitions = {name: dialect(schema) for name, schema in components.get("schemas", {}).items()}
    messages: dict[str, dict[str, Any]] = {}
    for path, item in document.get("paths", {}).items():
        for method in HTTP_METHODS:
            operation = item.get(method)
            if operation is None:
                continue
            where = f"{method.upper()} {path}"
            parameters = [
                resolve(p, components) for p in [*item.get("parameters", []), *operation.get("parameters", [])]
            ]
            if parameters:
                messages[f"{where} parameters"] = parameters_object(parameters)
            if "requestBody" in operation:
                messages[f"{where} request"] = body_schema(resolve(operation["requestBody"], components))
            for status, response in operation.get("responses", {}).items():
                response = resolve(response, components)
                messages[f"{where} {status}"] = body_schema(response)
                for header, spec in response.get("headers", {}).items():
                    messages[f"{where} {status} header {header}"] = dialect(resolve(spec, components).get("schema", {}))
    for name in family.messages.keys() & definitions.keys():
        messages[name] = ref(name)
    return ContractView(messages, definitions)


def compatibility_of(family: ContractFamily, message: str) -> frozenset[str]:
    """The directions a message must keep (BACKWARD: old writers' data still read; FORWARD: old
    readers still read new data)."""
    if message in family.messages:
        return DIRECTIONS[family.messages[message].compatibility]
    if family.name == "tools":
        return DIRECTIONS[BACKWARD if message.endswith(f" {PARAMS}") else FORWARD]
    if message.endswith((" request", " parameters")):
        return DIRECTIONS[family.requests]
    return DIRECTIONS[family.responses]


def resolve(item: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """A parameter, body or response that is a reference to #/components/<kind>/<name>, looked up."""
    target = item.get("$ref")
    if not isinstance(target, str) or target.startswith(COMPONENT_PREFIX):
        return item
    _, _, kind, name = target.split("/", 3)
    found: dict[str, Any] = components[kind][name]
    return found


def body_schema(part: dict[str, Any]) -> dict[str, Any]:
    """The schema of a body's JSON content ({} for a body without content, such as a 204)."""
    content: dict[str, dict[str, Any]] = part.get("content", {})
    media = content.get("application/json") or next(iter(content.values()), {})
    schema: dict[str, Any] = dialect(media.get("schema", {}))
    return schema


def parameters_object(parameters: list[dict[str, Any]]) -> dict[str, Any]:
    """Query, path and header parameters as one closed object, "<in>:<name>" a property each."""
    properties = {f"{p['in']}:{p['name']}": dialect(p.get("schema", {})) for p in parameters}
    required = [f"{p['in']}:{p['name']}" for p in parameters if p.get("required")]
    return {"type": "object", "properties": properties, "required": required, "additionalProperties": False}


def dialect(schema: Any) -> Any:
    """An OpenAPI schema in the spec's dialect: "#/$defs/" references, without examples."""
    if not isinstance(schema, dict):
        return schema
    out: dict[str, Any] = {}
    for key, value in schema.items():
        if key in NOT_CONTRACT:
            continue
        if key == "$ref" and isinstance(value, str):
            out[key] = REF_PREFIX + value.removeprefix(COMPONENT_PREFIX)
        elif key in ("properties", "patternProperties", "$defs"):
            out[key] = {name: dialect(sub) for name, sub in value.items()}
        elif key in ("oneOf", "anyOf", "allOf", "prefixItems"):
            out[key] = [dialect(sub) for sub in value]
        elif key in ("items", "additionalProperties", "not", "contains", "propertyNames"):
            out[key] = dialect(value)
        else:
            out[key] = value
    return out

"""TypeScript for the extension: the types of events and messages, and the limits.

Only what the extension exchanges with the daemon is emitted: the definitions of the events
and messages families and everything they reference. Records become interfaces, the event
and command unions become discriminated union types.
"""

from __future__ import annotations

import json
from typing import Any

from ..banner import ts_banner
from ..model import Definition, Spec
from ..schema import ref_name, references

TS_DIR = "generated/ts"
FAMILY_FILES = {"events": "events", "messages": "messages"}
SOURCES = {"events": ("spec/events/*.yaml",), "messages": ("spec/messages/**/*.yaml",)}


class TypeScriptError(ValueError):
    pass


def exported_definitions(spec: Spec) -> dict[str, Definition]:
    """The events and messages definitions and everything they reference, by name."""
    pending = [name for name, d in spec.definitions.items() if d.family in FAMILY_FILES]
    found: dict[str, Definition] = {}
    while pending:
        name = pending.pop()
        if name in found:
            continue
        definition = spec.definitions[name]
        if definition.family not in FAMILY_FILES:
            raise TypeScriptError(
                f"{name} ({definition.source}) is referenced by an event or message but belongs to {definition.family}"
            )
        found[name] = definition
        pending.extend(references(definition.schema))
    return dict(sorted(found.items()))


def render(spec: Spec) -> dict[str, str]:
    definitions = exported_definitions(spec)
    out = {}
    for family, module in FAMILY_FILES.items():
        own = [d for d in definitions.values() if d.family == family]
        imports = sorted(
            {target for d in own for target in references(d.schema) if definitions[target].family != family}
        )
        lines = [ts_banner(SOURCES[family])]
        for other in sorted({definitions[t].family for t in imports}):
            names = ", ".join(t for t in imports if definitions[t].family == other)
            lines.append(f'import type {{ {names} }} from "./{FAMILY_FILES[other]}";\n')
        for definition in own:
            lines.append("\n" + declaration(definition))
        out[f"{TS_DIR}/{module}.ts"] = "".join(lines)
    out[f"{TS_DIR}/limits.ts"] = limits_module(spec)
    return out


def declaration(definition: Definition) -> str:
    schema = definition.schema
    doc = _doc(schema.get("description"), "")
    if "oneOf" in schema:
        members = " | ".join(ref_name(member) or "never" for member in schema["oneOf"])
        return f"{doc}export type {definition.name} = {members};\n"
    properties = schema["properties"]
    if not properties and schema["additionalProperties"] is False:
        return f"{doc}export type {definition.name} = Record<string, never>;\n"
    required = set(schema.get("required", []))
    body = "".join(
        f"{_doc(prop.get('description'), '  ')}  {name}{'' if name in required else '?'}: {ts_type(prop)};\n"
        for name, prop in properties.items()
    )
    if schema["additionalProperties"] is True:
        body += "  [key: string]: unknown;\n"
    return f"{doc}export interface {definition.name} {{\n{body}}}\n"


def ts_type(schema: dict[str, Any]) -> str:
    target = ref_name(schema)
    if target is not None:
        return target
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return " | ".join(json.dumps(value) for value in schema["enum"])
    kind = schema.get("type")
    if isinstance(kind, list):
        return " | ".join(ts_type({**schema, "type": k}) for k in kind)
    if kind == "array":
        item = ts_type(schema.get("items", {}))
        return f"Array<{item}>" if " " in item else f"{item}[]"
    if kind == "object":
        extra = schema.get("additionalProperties", True)
        return f"{{ [key: string]: {ts_type(extra) if isinstance(extra, dict) else 'unknown'} }}"
    return {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}.get(
        kind, "unknown"
    )


def limits_module(spec: Spec) -> str:
    lines = [ts_banner(("spec/policy/limits.yaml",)), f"\nexport const LIMITS_VERSION = {spec.limits_version};\n\n"]
    lines.append("/** Every size, count and time limit, shared with the daemon. */\nexport const LIMITS = {\n")
    for group in spec.limit_groups:
        lines.append(f"{_doc(group.description, '  ')}  {group.name}: {{\n")
        for limit in group.limits:
            lines.append(f"{_doc(f'{limit.description} ({limit.unit})', '    ')}    {limit.name}: {limit.value},\n")
        lines.append("  },\n")
    lines.append("} as const;\n")
    return "".join(lines)


def _doc(text: str | None, indent: str) -> str:
    if not text:
        return ""
    text = " ".join(text.split()).replace("*/", "*\\/")
    return f"{indent}/** {text} */\n"

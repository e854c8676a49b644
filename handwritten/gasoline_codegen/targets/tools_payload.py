"""The published tools/list payload: one flat inputSchema per composite tool.

Several MCP clients reject oneOf/anyOf/allOf in tool schemas, so the published schema is a
single object: the mode key as an enum of the published modes, and every parameter of those
modes once. Constraints that differ between modes are left out here; each mode's own strict
model enforces them on the server.

The payload is read by a model on every session, so it says each thing once: the tool's
description lists each mode with the parameters it takes (required ones first, "?" marking the
optional ones); a parameter is described once (its modes' shared text, or the tool's
`parameters` entry when they word it differently); a default all its modes agree on is the
schema's `default`, and only defaults that differ are spelled out.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from typing import Any

from ..banner import banner, dump_json
from ..model import Mode, Spec, Tool
from ..schema import ANNOTATION_KEYWORDS, inline
from ..templating import environment

PATH = "generated/gasoline_generated/tools_list.json"
SOURCES = ("spec/tools/*/*.yaml",)


def render(spec: Spec) -> dict[str, str]:
    return {PATH: dump_json({"$comment": banner(SOURCES), "tools": published_tools(spec)})}


def published_tools(spec: Spec) -> list[dict[str, Any]]:
    return [published_tool(tool, spec) for tool in spec.tools if tool.published_modes]


def payload_size(tools: list[dict[str, Any]]) -> int:
    """Characters of the tools/list result as a client receives it (compact JSON)."""
    return len(json.dumps({"tools": tools}, separators=(",", ":")))


def everything_published(spec: Spec) -> Spec:
    """The spec as it will be once every declared mode is implemented."""
    tools = tuple(
        dataclasses.replace(tool, modes=tuple(dataclasses.replace(m, status="implemented") for m in tool.modes))
        for tool in spec.tools
    )
    return dataclasses.replace(spec, tools=tools)


def published_tool(tool: Tool, spec: Spec) -> dict[str, Any]:
    modes = tool.published_modes
    mutations = {m.mutation for m in modes} | {r.mutation for m in modes for r in m.mutation_rules}
    signatures = [(mode, signature(params_of(mode, spec))) for mode in modes]
    description = environment().get_template("tool_description.md.j2").render(tool=tool, modes=signatures)
    read_only = mutations == {"read_only"}
    return {
        "name": tool.name,
        "title": tool.title,
        "description": description.strip(),
        "inputSchema": input_schema(tool, spec),
        "annotations": {
            "readOnlyHint": read_only,
            "destructiveHint": "destructive" in mutations,
            "idempotentHint": read_only,
            "openWorldHint": False,
        },
    }


def params_of(mode: Mode, spec: Spec) -> dict[str, Any]:
    return inline(spec.definitions[mode.params_definition].schema, spec.definitions)


def signature(params: dict[str, Any]) -> list[str]:
    """The mode's parameter names, required ones first, optional ones marked with "?"."""
    required = [name for name in params["properties"] if name in params.get("required", [])]
    return required + [f"{name}?" for name in params["properties"] if name not in required]


def input_schema(tool: Tool, spec: Spec) -> dict[str, Any]:
    modes = tool.published_modes
    # The mode key needs no description: the tool's description lists the modes.
    properties: dict[str, Any] = {tool.mode_key: {"type": "string", "enum": [m.name for m in modes]}}
    usages: dict[str, list[tuple[Mode, dict[str, Any]]]] = {}
    for mode in modes:
        for name, schema in params_of(mode, spec)["properties"].items():
            usages.setdefault(name, []).append((mode, schema))
    for name, uses in usages.items():
        properties[name] = merged_parameter(uses, tool.parameters.get(name))
    if any("approval" in m.gates for m in modes):
        schema = spec.approval_parameter_schema
        core = {k: v for k, v in schema.items() if k not in ANNOTATION_KEYWORDS}
        properties[spec.approval_parameter] = {**core, "description": " ".join(schema["description"].split())}
    return {"type": "object", "properties": properties, "required": [tool.mode_key], "additionalProperties": False}


def merged_parameter(uses: list[tuple[Mode, dict[str, Any]]], shared: str | None) -> dict[str, Any]:
    """One published schema for a parameter of several modes (the generator checked that its type
    agrees, and that a shared description exists where their descriptions differ)."""
    shapes = [{k: v for k, v in schema.items() if k not in ANNOTATION_KEYWORDS} for _, schema in uses]
    merged = shapes[0] if all(shape == shapes[0] for shape in shapes) else {"type": shapes[0]["type"]}
    text = shared or uses[0][1].get("description", "")
    defaults = [json.dumps(schema["default"]) if "default" in schema else None for _, schema in uses]
    if defaults[0] is not None and len(set(defaults)) == 1:
        merged = {**merged, "default": uses[0][1]["default"]}
    elif any(defaults):
        text = f"{text} {defaults_note(uses, defaults)}"
    return {**merged, "description": " ".join(text.split())} if text else merged


def defaults_note(uses: list[tuple[Mode, dict[str, Any]]], defaults: list[str | None]) -> str:
    """'Default 50 (network_bodies: 20).': the most common default, and the modes that differ."""
    common, _ = Counter(d for d in defaults if d is not None).most_common(1)[0]
    others = [f"{mode.name}: {d or 'none'}" for (mode, _), d in zip(uses, defaults, strict=True) if d != common]
    return f"Default {common}" + (f" ({', '.join(others)})." if others else ".")

"""The published tools/list payload: one flat inputSchema per composite tool.

Several MCP clients reject oneOf/anyOf/allOf in tool schemas, so the published schema is a
single object: the mode key as an enum of the published modes, and every parameter of those
modes once, described with the modes that use it. Constraints that differ between modes are
left out here; each mode's own strict model enforces them on the server.
"""

from __future__ import annotations

from typing import Any

from ..banner import banner, dump_json
from ..model import Mode, Spec, Tool
from ..schema import ANNOTATION_KEYWORDS, inline

PATH = "generated/gasoline_generated/tools_list.json"
SOURCES = ("spec/tools/*/*.yaml",)


def render(spec: Spec) -> dict[str, str]:
    tools = [published_tool(tool, spec) for tool in spec.tools if tool.published_modes]
    return {PATH: dump_json({"$comment": banner(SOURCES), "tools": tools})}


def published_tool(tool: Tool, spec: Spec) -> dict[str, Any]:
    modes = tool.published_modes
    mutations = {m.mutation for m in modes} | {r.mutation for m in modes for r in m.mutation_rules}
    lines = [f"- {m.name}: {m.summary}" for m in modes]
    description = f"{tool.description}\n\n{tool.mode_key} (one of):\n" + "\n".join(lines)
    return {
        "name": tool.name,
        "title": tool.title,
        "description": description,
        "inputSchema": input_schema(tool, spec),
        "annotations": {
            "title": tool.title,
            "readOnlyHint": mutations == {"read_only"},
            "destructiveHint": "destructive" in mutations,
            "idempotentHint": mutations == {"read_only"},
            "openWorldHint": False,
        },
    }


def input_schema(tool: Tool, spec: Spec) -> dict[str, Any]:
    modes = tool.published_modes
    properties: dict[str, Any] = {
        tool.mode_key: {
            "type": "string",
            "enum": [m.name for m in modes],
            "description": "The mode to run; the tool description says what each does.",
        }
    }
    usages: dict[str, list[tuple[Mode, dict[str, Any], bool]]] = {}
    for mode in modes:
        params = inline(spec.definitions[mode.params_definition].schema, spec.definitions)
        required = set(params.get("required", []))
        for name, schema in params["properties"].items():
            usages.setdefault(name, []).append((mode, schema, name in required))
    for name, uses in usages.items():
        properties[name] = merged_parameter(uses)
    gated = [m.name for m in modes if "approval" in m.gates]
    if gated:
        schema = spec.approval_parameter_schema
        core = {k: v for k, v in schema.items() if k not in ANNOTATION_KEYWORDS}
        description = " ".join(schema.get("description", "").split())
        properties[spec.approval_parameter] = {**core, "description": f"{description} Used by: {', '.join(gated)}."}
    return {"type": "object", "properties": properties, "required": [tool.mode_key], "additionalProperties": False}


def merged_parameter(uses: list[tuple[Mode, dict[str, Any], bool]]) -> dict[str, Any]:
    """One published schema for a parameter shared by several modes (the generator checked its type agrees)."""
    shapes = [{k: v for k, v in schema.items() if k not in ANNOTATION_KEYWORDS} for _, schema, _ in uses]
    merged = shapes[0] if all(shape == shapes[0] for shape in shapes) else {"type": shapes[0]["type"]}
    descriptions = {schema.get("description", "") for _, schema, _ in uses}

    def usage(mode: Mode, schema: dict[str, Any], required: bool) -> str:
        notes = ["required"] if required else []
        if "default" in schema:
            notes.append(f"default {dump_json(schema['default']).strip()}")
        return mode.name + (f" ({', '.join(notes)})" if notes else "")

    if len(descriptions) == 1:
        text = f"{descriptions.pop()} Used by: {', '.join(usage(*use) for use in uses)}."
    else:
        text = " ".join(f"{usage(*use)}: {use[1].get('description', '')}" for use in uses)
    return {**merged, "description": text.strip()}

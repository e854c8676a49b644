"""spec/tools/errors.yaml: the ToolError every failed call returns, and its codes."""

from __future__ import annotations

from .context import BuildContext, examples_of


def build_errors(ctx: BuildContext) -> None:
    spec_file = ctx.one("tool_errors")
    data = spec_file.data
    declared = data["schema"].get("properties", {}).get("error", {}).get("enum", [])
    if sorted(declared) != sorted(data["codes"]):
        ctx.problem(spec_file, ["schema", "properties", "error", "enum"], "must list exactly the codes under codes")
    name = ctx.namespace.add("ToolError", data["schema"], spec_file.rel, "errors")
    ctx.add_defs(spec_file, "errors")
    ctx.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))

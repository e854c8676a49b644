"""spec/tools/: the composite tools and their modes, with the checks that span a tool's modes."""

from __future__ import annotations

from collections import defaultdict
from pathlib import PurePosixPath
from typing import Any

from gasoline.contract import MutationRule, mode_label

from ..model import Command, Mode, Tool
from ..schema import pascal
from ..specload import SpecFile
from .context import BuildContext, described, examples_of


def build_tools(ctx: BuildContext, limits: dict[str, int], commands: dict[str, Command]) -> tuple[Tool, ...]:
    tool_files = {PurePosixPath(f.rel).parent.name: f for f in ctx.by_kind["tool"]}
    mode_files: dict[str, list[SpecFile]] = defaultdict(list)
    for spec_file in ctx.by_kind["mode"]:
        mode_files[PurePosixPath(spec_file.rel).parent.name].append(spec_file)
    for orphan in sorted(set(mode_files) - set(tool_files)):
        ctx.problem(mode_files[orphan][0], [], f"folder spec/tools/{orphan}/ has no tool.yaml")
    tools = []
    for folder, tool_file in tool_files.items():
        data = tool_file.data
        ctx.expect_file_name(tool_file, data["tool"], ["tool"], name=folder)
        files = sorted(mode_files[folder], key=lambda f: f.rel)
        modes = tuple(build_mode(ctx, data, f, limits, commands) for f in files)
        check_parameter_types(ctx, data["tool"], mode_files[folder])
        tools.append(
            Tool(
                data["tool"],
                data["position"],
                data["mode_key"],
                data["title"],
                data["description"].strip(),
                modes,
                tool_file.rel,
            )
        )
    return tuple(sorted(tools, key=lambda t: (t.position, t.name)))


def build_mode(
    ctx: BuildContext, tool: dict[str, Any], spec_file: SpecFile, limits: dict[str, int], commands: dict[str, Command]
) -> Mode:
    data = spec_file.data
    ctx.expect_file_name(spec_file, data["mode"], ["mode"])
    stem = pascal(tool["tool"]) + pascal(data["mode"])
    label = mode_label(tool["tool"], tool["mode_key"], data["mode"])
    params = ctx.namespace.add(
        f"{stem}Params", described(data["params"], f"Arguments of {label}."), spec_file.rel, "tools"
    )
    result = ctx.namespace.add(
        f"{stem}Result", described(data["result"], f"Result of {label}."), spec_file.rel, "tools"
    )
    ctx.add_defs(spec_file, "tools")
    rules = tuple(MutationRule(r["param"], r["equals"], r["mutation"]) for r in data.get("mutation_when", []))
    classes = {data["mutation"], *(rule.mutation for rule in rules)}
    if classes != {"read_only"} and "approval" not in data["gates"]:
        ctx.problem(spec_file, ["gates"], "a mode that can mutate must be gated by approval")
    scope_param = data.get("scope", {}).get("param")
    if scope_param and scope_param not in data["params"].get("properties", {}):
        ctx.problem(spec_file, ["scope", "param"], f"{scope_param!r} is not a parameter of the mode")
    if tool["mode_key"] in data["params"].get("properties", {}):
        ctx.problem(
            spec_file, ["params", "properties", tool["mode_key"]], "the mode key is not a parameter of the mode"
        )
    for index, name in enumerate(data["limits"]):
        if name not in limits:
            ctx.problem(spec_file, ["limits", index], f"unknown limit {name!r}")
    command = commands.get(data.get("command", ""))
    if "command" in data and command is None:
        ctx.problem(spec_file, ["command"], f"{data['command']!r} is not a command of spec/messages/commands")
    elif command and (params, result) != (f"{command.title}Params", f"{command.title}Result"):
        ctx.problem(spec_file, ["command"], f"a mode that forwards {command.kind} takes and returns its models")
    origin = f"{spec_file.rel}: examples"
    published = {"published_tool": tool["tool"], "mode_key": tool["mode_key"], "mode": data["mode"]}
    ctx.check(params, examples_of(origin, data["examples"]), **(published if data["status"] == "implemented" else {}))
    ctx.check(result, examples_of(origin, {"results": data["examples"]["results"]}, valid_key="results"))
    return Mode(
        tool=tool["tool"],
        name=data["mode"],
        status=data["status"],
        summary=data["summary"].strip(),
        mutation=data["mutation"],
        mutation_rules=rules,
        gates=tuple(data["gates"]),
        long_running=data["long_running"],
        limits=tuple((name, limits.get(name, 0)) for name in data["limits"]),
        params_definition=params,
        result_definition=result,
        scope=(data.get("scope", {}).get("kind", "daemon"), data.get("scope", {}).get("param")),
        command=command.kind if command else None,
        command_timeout_param=command.timeout_param if command else None,
    )


def check_parameter_types(ctx: BuildContext, tool: str, files: list[SpecFile]) -> None:
    """A parameter name means one type across a tool's modes: the published schema is flat."""
    seen: dict[str, tuple[Any, SpecFile]] = {}
    for spec_file in files:
        for name, schema in spec_file.data["params"].get("properties", {}).items():
            kind = schema.get("type", "$ref" if "$ref" in schema else None)
            if isinstance(kind, list):
                ctx.problem(
                    spec_file,
                    ["params", "properties", name, "type"],
                    "a parameter has one type; make it optional instead of nullable",
                )
            first = seen.setdefault(name, (kind, spec_file))
            if first[0] != kind:
                ctx.problem(
                    spec_file,
                    ["params", "properties", name, "type"],
                    f"{tool} parameter {name!r} is {first[0]} in {first[1].rel} but {kind} here",
                )

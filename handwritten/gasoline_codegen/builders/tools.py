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

# A command's params property that carries its time limit, which a forwarding mode passes on.
TIMEOUT_PARAM = "timeout_ms"


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
        check_parameters(ctx, tool_file, dict(zip(modes, files, strict=True)))
        tools.append(
            Tool(
                data["tool"],
                data["position"],
                data["mode_key"],
                data["title"],
                data["description"].strip(),
                modes,
                tool_file.rel,
                {name: " ".join(text.split()) for name, text in data.get("parameters", {}).items()},
            )
        )
    return tuple(sorted(tools, key=lambda t: (t.position, t.name)))


def build_mode(
    ctx: BuildContext, tool: dict[str, Any], spec_file: SpecFile, limits: dict[str, int], commands: dict[str, Command]
) -> Mode:
    data = spec_file.data
    ctx.expect_file_name(spec_file, data["mode"], ["mode"])
    published = (
        {"published_tool": tool["tool"], "mode_key": tool["mode_key"], "mode": data["mode"]}
        if data["status"] == "implemented"
        else {}
    )
    command = commands.get(data.get("command", ""))
    if "command" in data:
        params, result = forwarded_command(ctx, spec_file, command, published)
        where: list[str | int] = ["command"]
    else:
        params, result = mode_schemas(ctx, tool, spec_file, published)
        where = ["params", "properties"]
    properties = definition_properties(ctx, params)
    rules = tuple(MutationRule(r["param"], r["equals"], r["mutation"]) for r in data.get("mutation_when", []))
    classes = {data["mutation"], *(rule.mutation for rule in rules)}
    if classes != {"read_only"} and "approval" not in data["gates"]:
        ctx.problem(spec_file, ["gates"], "a mode that can mutate must be gated by approval")
    scope_param = data.get("scope", {}).get("param")
    if scope_param and scope_param not in properties:
        ctx.problem(spec_file, ["scope", "param"], f"{scope_param!r} is not a parameter of the mode")
    if tool["mode_key"] in properties:
        ctx.problem(spec_file, [*where, tool["mode_key"]], "the mode key is not a parameter of the mode")
    for index, name in enumerate(data["limits"]):
        if name not in limits:
            ctx.problem(spec_file, ["limits", index], f"unknown limit {name!r}")
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
        command_timeout_param=TIMEOUT_PARAM if command and TIMEOUT_PARAM in properties else None,
        assessed=data.get("assessed", False),
        waivable=tuple(data.get("waivable", Mode.waivable)),
    )


def mode_schemas(
    ctx: BuildContext, tool: dict[str, Any], spec_file: SpecFile, published: dict[str, str]
) -> tuple[str, str]:
    """A hand-written mode's own params and result definitions, and its examples."""
    data = spec_file.data
    stem = pascal(tool["tool"]) + pascal(data["mode"])
    label = mode_label(tool["tool"], tool["mode_key"], data["mode"])
    params = ctx.namespace.add(
        f"{stem}Params", described(data["params"], f"Arguments of {label}."), spec_file.rel, "tools"
    )
    result = ctx.namespace.add(
        f"{stem}Result", described(data["result"], f"Result of {label}."), spec_file.rel, "tools"
    )
    ctx.add_defs(spec_file, "tools")
    origin = f"{spec_file.rel}: examples"
    ctx.check(params, examples_of(origin, data["examples"]), **published)
    ctx.check(result, examples_of(origin, {"results": data["examples"]["results"]}, valid_key="results"))
    return params, result


def forwarded_command(
    ctx: BuildContext, spec_file: SpecFile, command: Command | None, published: dict[str, str]
) -> tuple[str, str]:
    """A mode that forwards a browser command takes the command's params, result and examples."""
    ctx.add_defs(spec_file, "tools")
    if command is None:
        ctx.problem(spec_file, ["command"], f"no command {spec_file.data['command']!r} in spec/messages/commands/")
        return "", ""
    if published:
        ctx.publish(command.params_definition, published["published_tool"], published["mode_key"], published["mode"])
    return command.params_definition, command.result_definition


def definition_properties(ctx: BuildContext, name: str) -> dict[str, Any]:
    definition = ctx.namespace.definitions.get(name)
    return definition.schema.get("properties", {}) if definition else {}


def check_parameters(ctx: BuildContext, tool_file: SpecFile, modes: dict[Mode, SpecFile]) -> None:
    """The published schema is flat, so a parameter name means one thing across a tool's modes:
    one type, and one description (the tool's `parameters` entry where the modes word it differently)."""
    tool, shared = tool_file.data["tool"], tool_file.data.get("parameters", {})
    seen: dict[str, tuple[Any, SpecFile]] = {}
    descriptions: dict[str, set[str]] = defaultdict(set)
    for mode, spec_file in modes.items():
        for name, schema in definition_properties(ctx, mode.params_definition).items():
            own = "properties" in spec_file.data.get("params", {})
            where = (
                ["params", "properties", name, "type"]
                if own
                else ["command" if "command" in spec_file.data else "params"]
            )
            kind = schema.get("type", "$ref" if "$ref" in schema else None)
            if isinstance(kind, list):
                ctx.problem(spec_file, where, f"{name}: a parameter has one type; make it optional instead of nullable")
            first_kind, first_file = seen.setdefault(name, (kind, spec_file))
            if first_kind != kind:
                ctx.problem(
                    spec_file, where, f"{tool} parameter {name!r} is {first_kind} in {first_file.rel} but {kind} here"
                )
            descriptions[name].add(" ".join(schema.get("description", "").split()))
    for name in sorted(set(shared) - set(descriptions)):
        ctx.problem(tool_file, ["parameters", name], f"no mode of {tool} takes a parameter {name!r}")
    for name, texts in sorted(descriptions.items()):
        if len(texts) > 1 and name not in shared:
            ctx.problem(
                tool_file,
                ["parameters"],
                f"modes of {tool} describe {name!r} differently; describe it once here, under parameters",
            )

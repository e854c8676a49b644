"""Build the Spec model from validated spec files, with the checks that span files."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import PurePosixPath
from typing import Any

from gasoline.contract import MutationRule, mode_label

from .model import Command, Example, ExampleSet, Limit, LimitGroup, Mode, Spec, Tool
from .schema import Namespace, pascal, ref, substitute_variants
from .specload import Problem, SpecError, SpecFile, borrowed_schemas, json_path, limit_values
from .targets.redaction import secret_groups

EVENT_UNION = "CaptureEvent"
EVENT_DISCRIMINATOR = "type"
COMMAND_DISCRIMINATOR = "kind"


def described(schema: dict[str, Any], text: str) -> dict[str, Any]:
    """The schema with a description (which becomes the class docstring) unless it has one or is a $ref."""
    return schema if "description" in schema or "$ref" in schema else {**schema, "description": text}


def examples_of(origin: str, block: dict[str, Any], valid_key: str = "valid") -> tuple[Example, ...]:
    valid = [Example(f"{origin}.{valid_key}[{i}]", value, True) for i, value in enumerate(block.get(valid_key, []))]
    invalid = [
        Example(f"{origin}.invalid[{i}]", item["value"], False, item["reason"])
        for i, item in enumerate(block.get("invalid", []))
    ]
    return (*valid, *invalid)


class _Builder:
    def __init__(self, files: list[SpecFile]) -> None:
        self.problems: list[Problem] = []
        self.namespace = Namespace(lambda source, message: self.problems.append(Problem(source, "$", message)))
        self.example_sets: list[ExampleSet] = []
        self.by_kind: dict[str, list[SpecFile]] = defaultdict(list)
        for spec_file in files:
            self.by_kind[spec_file.kind].append(spec_file)

    def problem(self, spec_file: SpecFile, path: list[str | int], message: str) -> None:
        self.problems.append(Problem(spec_file.rel, json_path(path), message, spec_file.line_of(path)))

    def one(self, kind: str) -> SpecFile:
        return self.by_kind[kind][0]

    def add_defs(self, spec_file: SpecFile, family: str) -> None:
        for name, schema in spec_file.data.get("defs", {}).items():
            self.namespace.add(name, {"title": name, **schema}, spec_file.rel, family)

    def check(self, definition: str, examples: tuple[Example, ...], **published: str) -> None:
        self.example_sets.append(ExampleSet(definition, examples, **published))

    def build(self) -> Spec:
        limits_file = self.one("limits")
        approval_file = self.one("approval")
        self.build_errors()
        self.check_redaction()
        self.build_project_config()
        self.build_events()
        commands = self.build_messages()
        self.build_exchanges()
        tools = self.build_tools(limit_values(limits_file.data))
        self.namespace.check_refs()
        daemon_api_file = self.one("daemon_api")
        for name in sorted(borrowed_schemas(daemon_api_file.data) - set(self.namespace.definitions)):
            self.problem(daemon_api_file, [], f"#/components/schemas/{name} is neither defined here nor in the spec")
        if self.problems:
            raise SpecError(self.problems)
        control_file = self.one("openapi")
        gates = self.one("gates").data
        return Spec(
            tools=tools,
            definitions=dict(sorted(self.namespace.definitions.items())),
            example_sets=tuple(self.example_sets),
            commands=commands,
            limits_version=limits_file.data["version"],
            limit_groups=tuple(
                LimitGroup(
                    group,
                    body["description"],
                    tuple(Limit(name, v["value"], v["unit"], v["description"]) for name, v in body["limits"].items()),
                )
                for group, body in limits_file.data["groups"].items()
            ),
            approval=approval_file.data,
            control=control_file.data,
            control_source=control_file.rel,
            daemon_api=daemon_api_file.data,
            daemon_api_source=daemon_api_file.rel,
            redaction=self.one("redaction").data,
            approval_parameter=gates["approval"]["parameter"],
            approval_parameter_schema=gates["approval"]["schema"],
        )

    def check_redaction(self) -> None:
        """Every rule compiles, names a declared class and a group it has; every key class is declared."""
        spec_file = self.one("redaction")
        data = spec_file.data
        classes = set(data["classes"])
        for index, rule in enumerate(data["rules"]):
            try:
                groups = re.compile(rule["pattern"]).groups
            except re.error as error:
                self.problem(spec_file, ["rules", index, "pattern"], f"not a regular expression: {error}")
                continue
            if max(secret_groups(rule)) > groups:
                self.problem(spec_file, ["rules", index, "secret"], f"the pattern has {groups} group(s)")
            if rule["class"] not in classes:
                self.problem(spec_file, ["rules", index, "class"], f"{rule['class']!r} is not a declared class")
        for name in sorted(set(data["keys"]) - classes):
            self.problem(spec_file, ["keys", name], "not a declared class")
        for field in ("key_pattern_class", "project_pattern_class"):
            if data[field] not in classes:
                self.problem(spec_file, [field], "not a declared class")
        for key in ("header_pattern", "key_pattern"):
            try:
                re.compile(data[key])
            except re.error as error:
                self.problem(spec_file, [key], f"not a regular expression: {error}")

    def build_project_config(self) -> None:
        spec_file = self.one("project_config")
        data = spec_file.data
        schema = described(data["schema"], data["description"].strip())
        name = self.namespace.add(data["title"], schema, spec_file.rel, "policy")
        self.add_defs(spec_file, "policy")
        self.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))

    def build_errors(self) -> None:
        spec_file = self.one("tool_errors")
        data = spec_file.data
        declared = data["schema"].get("properties", {}).get("error", {}).get("enum", [])
        if sorted(declared) != sorted(data["codes"]):
            self.problem(
                spec_file, ["schema", "properties", "error", "enum"], "must list exactly the codes under codes"
            )
        name = self.namespace.add("ToolError", data["schema"], spec_file.rel, "errors")
        self.add_defs(spec_file, "errors")
        self.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))

    def build_events(self) -> None:
        names = []
        for spec_file in self.by_kind["event"]:
            data = spec_file.data
            self.expect_file_name(spec_file, data["name"], ["name"])
            discriminator = data["schema"].get("properties", {}).get(EVENT_DISCRIMINATOR, {})
            if discriminator.get("const") != data["name"] or EVENT_DISCRIMINATOR not in data["schema"].get(
                "required", []
            ):
                self.problem(
                    spec_file,
                    ["schema", "properties", EVENT_DISCRIMINATOR],
                    f"must be required and have const: {data['name']} (the event's name)",
                )
            name = self.namespace.add(
                data["title"], described(data["schema"], data["description"].strip()), spec_file.rel, "events"
            )
            self.add_defs(spec_file, "events")
            self.check(name, examples_of(f"{spec_file.rel}: examples", data["examples"]))
            names.append(name)
        self.namespace.add_union(
            EVENT_UNION,
            names,
            EVENT_DISCRIMINATOR,
            "spec/events",
            "events",
            "Any event the extension posts, told apart by its type.",
        )

    def build_messages(self) -> tuple[Command, ...]:
        envelope_file = self.one("envelope")
        envelope = envelope_file.data
        self.add_defs(envelope_file, "messages")
        commands, command_names, result_names = [], [], []
        for spec_file in self.by_kind["command"]:
            data = spec_file.data
            self.expect_file_name(spec_file, data["kind"], ["kind"])
            title, origin = data["title"], f"{spec_file.rel}: examples"
            params = self.namespace.add(
                f"{title}Params",
                described(data["params"], f"Parameters of the {data['kind']} command."),
                spec_file.rel,
                "messages",
            )
            result = self.namespace.add(
                f"{title}Result",
                described(data["result"], f"What the {data['kind']} command returns."),
                spec_file.rel,
                "messages",
            )
            self.add_defs(spec_file, "messages")
            fill = {
                "kind": {"type": "string", "const": data["kind"], "description": "The command kind."},
                "params": ref(params),
                "result": ref(result),
            }
            for part, names in (("command", command_names), ("result", result_names)):
                schema = substitute_variants(envelope[part]["schema"], fill)
                suffix = envelope[part]["title"]
                names.append(
                    self.namespace.add(
                        title + suffix,
                        {**schema, "description": envelope[part]["description"]},
                        spec_file.rel,
                        "messages",
                    )
                )
            self.check(params, examples_of(f"{origin}.params", data["examples"]["params"]))
            self.check(result, examples_of(f"{origin}.result", data["examples"]["result"]))
            commands.append(Command(data["kind"], data["timeout_ms"]))
        for part, names in (("command", command_names), ("result", result_names)):
            self.namespace.add_union(
                envelope[part]["title"],
                names,
                COMMAND_DISCRIMINATOR,
                envelope_file.rel,
                "messages",
                envelope[part]["description"],
            )
            self.check(
                envelope[part]["title"],
                examples_of(f"{envelope_file.rel}: examples.{part}", envelope["examples"][part]),
            )
        return tuple(commands)

    def build_exchanges(self) -> None:
        """Requests sent to the daemon's own HTTP routes (by the extension, outside the command envelope, or
        by a human channel), and their answers."""
        for spec_file in self.by_kind["exchange"]:
            data = spec_file.data
            self.expect_file_name(spec_file, data["name"], ["name"])
            self.add_defs(spec_file, "messages")
            for part in ("request", "response"):
                schema = described(data[part]["schema"], data[part]["description"])
                name = self.namespace.add(data[part]["title"], schema, spec_file.rel, "messages")
                self.check(name, examples_of(f"{spec_file.rel}: examples.{part}", data["examples"][part]))

    def build_tools(self, limits: dict[str, int]) -> tuple[Tool, ...]:
        tool_files = {PurePosixPath(f.rel).parent.name: f for f in self.by_kind["tool"]}
        mode_files: dict[str, list[SpecFile]] = defaultdict(list)
        for spec_file in self.by_kind["mode"]:
            mode_files[PurePosixPath(spec_file.rel).parent.name].append(spec_file)
        for orphan in sorted(set(mode_files) - set(tool_files)):
            self.problem(mode_files[orphan][0], [], f"folder spec/tools/{orphan}/ has no tool.yaml")
        tools = []
        for folder, tool_file in tool_files.items():
            data = tool_file.data
            self.expect_file_name(tool_file, data["tool"], ["tool"], name=folder)
            modes = tuple(self.build_mode(data, f, limits) for f in sorted(mode_files[folder], key=lambda f: f.rel))
            self.check_parameter_types(data["tool"], mode_files[folder])
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

    def build_mode(self, tool: dict[str, Any], spec_file: SpecFile, limits: dict[str, int]) -> Mode:
        data = spec_file.data
        self.expect_file_name(spec_file, data["mode"], ["mode"])
        stem = pascal(tool["tool"]) + pascal(data["mode"])
        label = mode_label(tool["tool"], tool["mode_key"], data["mode"])
        params = self.namespace.add(
            f"{stem}Params", described(data["params"], f"Arguments of {label}."), spec_file.rel, "tools"
        )
        result = self.namespace.add(
            f"{stem}Result", described(data["result"], f"Result of {label}."), spec_file.rel, "tools"
        )
        self.add_defs(spec_file, "tools")
        rules = tuple(MutationRule(r["param"], r["equals"], r["mutation"]) for r in data.get("mutation_when", []))
        classes = {data["mutation"], *(rule.mutation for rule in rules)}
        if classes != {"read_only"} and "approval" not in data["gates"]:
            self.problem(spec_file, ["gates"], "a mode that can mutate must be gated by approval")
        scope_param = data.get("scope", {}).get("param")
        if scope_param and scope_param not in data["params"].get("properties", {}):
            self.problem(spec_file, ["scope", "param"], f"{scope_param!r} is not a parameter of the mode")
        if tool["mode_key"] in data["params"].get("properties", {}):
            self.problem(
                spec_file, ["params", "properties", tool["mode_key"]], "the mode key is not a parameter of the mode"
            )
        for index, name in enumerate(data["limits"]):
            if name not in limits:
                self.problem(spec_file, ["limits", index], f"unknown limit {name!r}")
        origin = f"{spec_file.rel}: examples"
        published = {"published_tool": tool["tool"], "mode_key": tool["mode_key"], "mode": data["mode"]}
        self.check(
            params, examples_of(origin, data["examples"]), **(published if data["status"] == "implemented" else {})
        )
        self.check(result, examples_of(origin, {"results": data["examples"]["results"]}, valid_key="results"))
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
        )

    def check_parameter_types(self, tool: str, files: list[SpecFile]) -> None:
        """A parameter name means one type across a tool's modes: the published schema is flat."""
        seen: dict[str, tuple[Any, SpecFile]] = {}
        for spec_file in files:
            for name, schema in spec_file.data["params"].get("properties", {}).items():
                kind = schema.get("type", "$ref" if "$ref" in schema else None)
                if isinstance(kind, list):
                    self.problem(
                        spec_file,
                        ["params", "properties", name, "type"],
                        "a parameter has one type; make it optional instead of nullable",
                    )
                first = seen.setdefault(name, (kind, spec_file))
                if first[0] != kind:
                    self.problem(
                        spec_file,
                        ["params", "properties", name, "type"],
                        f"{tool} parameter {name!r} is {first[0]} in {first[1].rel} but {kind} here",
                    )

    def expect_file_name(self, spec_file: SpecFile, value: str, path: list[str | int], name: str | None = None) -> None:
        expected = name or PurePosixPath(spec_file.rel).stem
        if value != expected:
            self.problem(spec_file, path, f"{value!r} must equal the {'folder' if name else 'file'} name {expected!r}")


def build_spec(files: list[SpecFile]) -> Spec:
    return _Builder(files).build()

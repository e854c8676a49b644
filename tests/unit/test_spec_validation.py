"""An invalid spec fails before anything is generated, naming the file, the JSON path and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from gasoline_codegen.build import spec_at
from gasoline_codegen.specload import SpecError, load_spec

from .conftest import edit

ROOT = Path(__file__).resolve().parents[2]
HEALTH = "spec/tools/configure/health.yaml"


def line_of(root: Path, rel: str, fragment: str) -> int:
    return next(n for n, line in enumerate((root / rel).read_text().splitlines(), 1) if fragment in line)


def problems(root: Path) -> str:
    with pytest.raises(SpecError) as raised:
        spec_at(root)
    return str(raised.value)


def test_the_repository_spec_is_valid() -> None:
    spec = spec_at(ROOT)
    assert [tool.name for tool in spec.tools] == ["observe", "analyze", "interact", "configure"]


def test_a_mode_that_forwards_a_command_takes_the_commands_definitions() -> None:
    spec = spec_at(ROOT)
    modes = {(mode.tool, mode.name): mode for tool in spec.tools for mode in tool.modes}
    execute_js, click = modes["interact", "execute_js"], modes["interact", "click"]
    assert (execute_js.command, execute_js.command_timeout_param) == ("execute_js", "timeout_ms")
    assert (execute_js.params_definition, execute_js.result_definition) == ("ExecuteJsParams", "ExecuteJsResult")
    assert (click.command, click.command_timeout_param) == ("click", None)
    assert modes["analyze", "accessibility"].command is None, "it does more than forward: it has its own params"
    assert modes["interact", "upload"].command is None
    (click_examples,) = [s for s in spec.example_sets if s.definition == "ClickParams"]
    assert (click_examples.published_tool, click_examples.mode) == ("interact", "click"), "checked as published too"


def test_a_combinator_in_a_schema_is_rejected_with_its_path_and_line(spec_root: Path) -> None:
    edit(spec_root, HEALTH, "  properties: {}\n", "  properties: {}\n  oneOf: [{required: [a]}]\n")
    report = problems(spec_root)
    assert f"{HEALTH}:{line_of(spec_root, HEALTH, 'oneOf')}: $.params.oneOf: 'oneOf' is not allowed here" in report


def test_a_misspelt_type_is_rejected_at_its_line(spec_root: Path) -> None:
    edit(spec_root, HEALTH, "pid: {type: integer", "pid: {type: integr")
    report = problems(spec_root)
    assert f"{HEALTH}:{line_of(spec_root, HEALTH, 'integr')}: $.result.properties.pid.type: " in report


def test_every_problem_is_reported_at_once(spec_root: Path) -> None:
    edit(spec_root, HEALTH, "pid: {type: integer", "pid: {type: integr")
    edit(spec_root, "spec/events/console.yaml", "level: {type: string, enum:", "level: {type: strin, enum:")
    report = problems(spec_root)
    assert "$.result.properties.pid.type" in report and "spec/events/console.yaml" in report


@pytest.mark.parametrize(
    ("rel", "old", "new", "expected"),
    [
        (
            "spec/events/console.yaml",
            "{$limit: capture.console_message_chars}",
            "{$limit: capture.nope}",
            "$.schema.properties.message.maxLength: unknown limit 'capture.nope'",
        ),
        (
            "spec/events/console.yaml",
            "(depth {limit:capture.console_arg_depth})",
            "(depth {limit:capture.deep})",
            "unknown limit 'capture.deep' in text",
        ),
        (HEALTH, "mode: health", "mode: healthy", "$.mode: 'healthy' must equal the file name 'health'"),
        (
            HEALTH,
            "mutation: read_only",
            "mutation: mutating",
            "$.gates: a mode that can mutate must be gated by approval",
        ),
        (HEALTH, "mutation: read_only", "mutation: harmless", "$.mutation: 'harmless' is not one of"),
        (HEALTH, "status: implemented", "status: done", "$.status: 'done' is not one of"),
        (HEALTH, "title: HealthPolicy", "title: BoundingBox", "definition 'BoundingBox' is also defined in"),
        (
            HEALTH,
            "    policy:\n      title: HealthPolicy",
            "    policy:\n      $ref: '#/$defs/NoSuchThing'\n      title: HealthPolicy",
            "$.result.properties.policy: 'title' is not one of "
            "['$ref', 'description', '$comment', 'x-since', 'deprecated']",
        ),
        (
            HEALTH,
            "    policy:\n      title: HealthPolicy",
            "    owner: {$ref: '#/$defs/NoSuchThing'}\n    policy:\n      title: HealthPolicy",
            "$ref to unknown definition 'NoSuchThing'",
        ),
        (
            "spec/messages/commands/dom_query.yaml",
            "required: [selector]",
            "required: [selector, sel]",
            "required property 'sel' is not among its properties",
        ),
        (
            "spec/tools/errors.yaml",
            "service_protocol_error, operation_unknown, snapshot_unknown]",
            "service_protocol_error, operation_unknown]",
            "$.schema.properties.error.enum: must list exactly the codes under codes",
        ),
        (
            "spec/events/websocket.yaml",
            "type: {type: string, const: websocket",
            "type: {type: string, const: ws",
            "$.schema.properties.type: must be required and have const: websocket",
        ),
        (
            "spec/control/control.yaml",
            "read_only: {type: boolean, description:",
            "read_only: {type: boolean, descripton:",
            "$.components.schemas.ControlOperation.properties.read_only.descripton: "
            "unknown schema keyword 'descripton'",
        ),
        (
            "spec/tools/interact/refresh.yaml",
            "command: refresh",
            "command: reload",
            "$.command: no command 'reload' in spec/messages/commands/",
        ),
        (
            "spec/tools/interact/click.yaml",
            "command: click",
            "command: click\nparams: {$ref: '#/$defs/ClickParams'}",
            "$.params: 'params' is not allowed here: a mode that names its command takes the command's params",
        ),
        (
            "spec/policy/approval.yaml",
            "    token_ttl_seconds: 120\n",
            "",
            "$.classes.destructive: 'token_ttl_seconds' is a required property",
        ),
    ],
)
def test_a_broken_spec_names_the_file_and_the_path(
    spec_root: Path, rel: str, old: str, new: str, expected: str
) -> None:
    edit(spec_root, rel, old, new)
    report = problems(spec_root)
    assert rel in report and expected in report, report


def test_a_parameter_has_one_type_across_the_modes_of_a_tool(spec_root: Path) -> None:
    for mode, kind in (("first", "integer"), ("second", "string")):
        text = (spec_root / HEALTH).read_text().replace("mode: health", f"mode: {mode}")
        text = text.replace(
            "  properties: {}\n", f"  properties:\n    depth: {{type: {kind}, description: How deep.}}\n", 1
        )
        (spec_root / f"spec/tools/configure/{mode}.yaml").write_text(text)
    report = problems(spec_root)
    assert "configure parameter 'depth' is integer in spec/tools/configure/first.yaml but string here" in report


RESTATED_BOX = """
defs:
  Rectangle:
    type: object
    description: Where something is, in other words.
    properties:
      x: {type: number, description: Left edge.}
      y: {type: number, description: Top edge.}
      width: {type: number, minimum: 0}
      height: {type: number, minimum: 0}
    required: [x, y, width, height]
"""


def test_a_definition_that_restates_another_is_refused(spec_root: Path) -> None:
    """The same shape under other words is caught, naming both definitions and both files."""
    (spec_root / HEALTH).write_text((spec_root / HEALTH).read_text() + RESTATED_BOX)
    report = problems(spec_root)
    assert f"{HEALTH}: $: Rectangle restates BoundingBox of spec/messages/commands/dom_query.yaml" in report, report
    assert 'use $ref: "#/$defs/BoundingBox"' in report


def test_a_definition_that_differs_by_a_constraint_is_not_a_restatement(spec_root: Path) -> None:
    (spec_root / HEALTH).write_text(
        (spec_root / HEALTH).read_text()
        + RESTATED_BOX.replace("width: {type: number, minimum: 0}", "width: {type: number}")
    )
    spec_at(spec_root)


MINIMAL_MODE = """\
mode: {mode}
status: planned
summary: A mode for the test.
description: A mode for the test.
mutation: read_only
gates: []
long_running: false
limits: []
params:
  type: object
  properties:
    depth: {{type: integer, description: {text}}}
result: {{type: object, properties: {{}}}}
examples: {{valid: [{{}}], invalid: [{{value: {{depth: x}}, reason: not a number}}], results: [{{}}]}}
"""


def add_configure_modes(root: Path, depth_descriptions: dict[str, str]) -> None:
    for mode, text in depth_descriptions.items():
        (root / f"spec/tools/configure/{mode}.yaml").write_text(MINIMAL_MODE.format(mode=mode, text=text))


def test_a_parameter_worded_differently_by_two_modes_needs_one_shared_description(spec_root: Path) -> None:
    add_configure_modes(spec_root, {"first": "How deep.", "second": "Levels to descend."})
    report = problems(spec_root)
    assert (
        "spec/tools/configure/tool.yaml:1: $.parameters: modes of configure describe 'depth' differently; "
        "describe it once here, under parameters" in report
    ), report
    tool = spec_root / "spec/tools/configure/tool.yaml"
    tool.write_text(tool.read_text() + "parameters:\n  depth: How many levels to descend.\n")
    spec = spec_at(spec_root)
    assert next(t for t in spec.tools if t.name == "configure").parameters == {"depth": "How many levels to descend."}


def test_a_shared_description_names_a_parameter_of_the_tool(spec_root: Path) -> None:
    tool = spec_root / "spec/tools/configure/tool.yaml"
    tool.write_text(tool.read_text() + "parameters:\n  depht: How deep.\n")
    assert "$.parameters.depht: no mode of configure takes a parameter 'depht'" in problems(spec_root)


def test_yaml_that_json_cannot_say_is_refused(spec_root: Path) -> None:
    edit(spec_root, HEALTH, "long_running: false", "long_running: false\nlong_running: true")
    assert "duplicate key 'long_running'" in problems(spec_root)


def test_yaml_words_stay_words(spec_root: Path) -> None:
    """'no', 'on' and dates are strings here, as in JSON; only true and false are booleans."""
    edit(spec_root, HEALTH, 'started_at: "2026-11-22T10:00:00Z"', "started_at: 2026-11-22T10:00:00Z")
    edit(spec_root, HEALTH, "version: 0.1.0", "version: no")
    example = next(f for f in load_spec(spec_root) if f.rel == HEALTH).data["examples"]["results"][0]
    assert example["started_at"] == "2026-11-22T10:00:00Z"
    assert example["version"] == "no"


def test_unparsable_yaml_is_reported_with_its_line(spec_root: Path) -> None:
    edit(spec_root, HEALTH, "gates: []", "gates: [")
    assert f"{HEALTH}:" in problems(spec_root) and "not valid YAML" in problems(spec_root)


def test_a_file_no_meta_schema_covers_is_refused(spec_root: Path) -> None:
    (spec_root / "spec/tools/notes.md").write_text("# notes\n")
    assert "spec/tools/notes.md: $: no meta-schema covers this file" in problems(spec_root)


def test_the_limits_file_is_required(spec_root: Path) -> None:
    (spec_root / "spec/policy/limits.yaml").unlink()
    assert "spec/policy/limits.yaml: $: missing" in problems(spec_root)

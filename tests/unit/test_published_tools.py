"""The published tools/list payload: flat schemas clients accept, only implemented modes, modes named."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from gasoline_codegen.build import spec_at
from gasoline_codegen.targets import tools_payload
from gasoline_generated.dispatch import MODES

ROOT = Path(__file__).resolve().parents[2]
COMBINATORS = {"oneOf", "anyOf", "allOf", "not", "if", "then", "else", "$ref", "$defs"}
# What a client reads before its first call: the budget keeps the payload a fraction of its peers'
# (chrome-devtools-mcp about 29,400 characters, Playwright MCP about 20,300). Every declared mode is
# published now (the browser, code and backend tools, and agent_watch), so both budgets are one.
EVERYTHING_BUDGET = 15_000
PUBLISHED_BUDGET = EVERYTHING_BUDGET


def published_payload() -> dict[str, Any]:
    return json.loads(resources.files("gasoline_generated").joinpath("tools_list.json").read_text())


@pytest.fixture(scope="module")
def everything_published() -> dict[str, Any]:
    """The payload as it will be once every declared mode is implemented."""
    spec = tools_payload.everything_published(spec_at(ROOT))
    return {"tools": tools_payload.published_tools(spec)}


def keys_anywhere(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in keys_anywhere(v)}
    if isinstance(value, list):
        return {k for v in value for k in keys_anywhere(v)}
    return set()


@pytest.mark.parametrize("which", ["repository", "everything_published"])
def test_input_schemas_are_flat_valid_json_schemas(which: str, request: pytest.FixtureRequest) -> None:
    payload = published_payload() if which == "repository" else request.getfixturevalue("everything_published")
    for tool in payload["tools"]:
        schema = tool["inputSchema"]
        Draft202012Validator.check_schema(schema)
        assert schema["type"] == "object" and schema["additionalProperties"] is False
        assert not keys_anywhere(schema) & COMBINATORS, f"{tool['name']} uses {keys_anywhere(schema) & COMBINATORS}"
        assert tool["description"] and tool["name"].isidentifier()


def test_only_implemented_modes_are_published() -> None:
    published = {tool["name"]: tool for tool in published_payload()["tools"]}
    for (tool, mode), entry in MODES.items():
        listed = tool in published and mode in published[tool]["inputSchema"]["properties"][entry.mode_key]["enum"]
        assert listed == entry.published, f"{entry.label}: published={entry.published} but listed={listed}"


def test_every_declared_mode_is_in_the_mode_key_enum_once_implemented(everything_published: dict[str, Any]) -> None:
    tools = {tool["name"]: tool for tool in everything_published["tools"]}
    assert list(tools) == ["observe", "analyze", "interact", "configure"]
    for (tool, mode), entry in MODES.items():
        enum = tools[tool]["inputSchema"]["properties"][entry.mode_key]["enum"]
        assert mode in enum and tools[tool]["inputSchema"]["required"] == [entry.mode_key]
        assert re.search(rf"^- {mode}[(:]", tools[tool]["description"], re.MULTILINE)


def test_each_mode_line_lists_the_parameters_of_the_mode(everything_published: dict[str, Any]) -> None:
    """The flat schema cannot say which mode takes what: each mode's line does, required ones first."""
    tools = {tool["name"]: tool for tool in everything_published["tools"]}
    for (tool, mode), entry in MODES.items():
        fields = {field.alias or name: field.is_required() for name, field in entry.params_model.model_fields.items()}
        line = next(line for line in tools[tool]["description"].splitlines() if re.match(rf"- {mode}[(:]", line))
        listed = re.match(rf"- {mode}(?:\((.*?)\))?: ", line)
        assert listed, line
        names = listed.group(1).split(", ") if listed.group(1) else []
        assert [n.rstrip("?") for n in names] == sorted(fields, key=lambda n: not fields[n]), line
        assert all(n.endswith("?") != fields[n.rstrip("?")] for n in names), line
        for name in fields:
            assert name in tools[tool]["inputSchema"]["properties"], f"{entry.label}: {name} is not published"


def test_a_shared_parameter_keeps_only_what_all_its_modes_agree_on(everything_published: dict[str, Any]) -> None:
    observe = next(t for t in everything_published["tools"] if t["name"] == "observe")["inputSchema"]["properties"]
    assert observe["limit"]["type"] == "integer"
    assert "maximum" not in observe["limit"], "modes disagree on the maximum, so the flat schema must not impose one"
    assert "default" not in observe["limit"], "modes disagree on the default"
    assert observe["limit"]["description"].endswith("Default 50 (network_bodies: 20).")


def test_a_default_all_modes_agree_on_is_the_schemas_and_is_not_restated(
    everything_published: dict[str, Any],
) -> None:
    analyze = next(t for t in everything_published["tools"] if t["name"] == "analyze")["inputSchema"]["properties"]
    assert analyze["max_depth"]["default"] == 3
    for tool in everything_published["tools"]:
        for name, schema in tool["inputSchema"]["properties"].items():
            text = schema.get("description", "")
            assert "Used by" not in text and "(default " not in text, f"{tool['name']}.{name}: {text!r}"


def test_a_parameter_is_described_once(everything_published: dict[str, Any]) -> None:
    interact = next(t for t in everything_published["tools"] if t["name"] == "interact")["inputSchema"]["properties"]
    assert interact["selector"]["description"] == "CSS selector of the element; the first match is used."


def test_annotations_follow_the_mutation_classes(everything_published: dict[str, Any]) -> None:
    hints = {tool["name"]: tool["annotations"] for tool in everything_published["tools"]}
    assert hints["observe"]["readOnlyHint"] and hints["analyze"]["readOnlyHint"]
    assert not hints["interact"]["readOnlyHint"] and hints["interact"]["destructiveHint"]
    assert not published_payload()["tools"][0]["annotations"]["destructiveHint"]


def test_the_published_payload_keeps_to_its_budget() -> None:
    size = tools_payload.payload_size(published_payload()["tools"])
    assert size <= PUBLISHED_BUDGET, f"tools/list is {size} characters, over {PUBLISHED_BUDGET}"


def test_the_payload_with_every_mode_published_keeps_to_its_budget(everything_published: dict[str, Any]) -> None:
    assert len(everything_published["tools"]) == 4
    size = tools_payload.payload_size(everything_published["tools"])
    assert size <= EVERYTHING_BUDGET, f"with every mode published tools/list is {size} characters"

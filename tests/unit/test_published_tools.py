"""The published tools/list payload: flat schemas clients accept, only implemented modes, modes named."""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from gasoline_codegen.build import build_spec
from gasoline_codegen.specload import load_spec
from gasoline_codegen.targets import tools_payload
from gasoline_generated.dispatch import MODES

ROOT = Path(__file__).resolve().parents[2]
COMBINATORS = {"oneOf", "anyOf", "allOf", "not", "if", "then", "else", "$ref", "$defs"}


def published_payload() -> dict[str, Any]:
    return json.loads(resources.files("gasoline_generated").joinpath("tools_list.json").read_text())


@pytest.fixture(scope="module")
def everything_published(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The payload as it will be once every declared mode is implemented."""
    root = tmp_path_factory.mktemp("all-published")
    shutil.copytree(ROOT / "spec", root / "spec")
    for mode_file in (root / "spec/tools").glob("*/*.yaml"):
        mode_file.write_text(mode_file.read_text().replace("status: planned", "status: implemented"))
    rendered = tools_payload.render(build_spec(load_spec(root)))
    return json.loads(rendered[tools_payload.PATH])


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
        assert f"- {mode}: " in tools[tool]["description"]


def test_each_parameter_names_the_modes_that_use_it(everything_published: dict[str, Any]) -> None:
    tools = {tool["name"]: tool for tool in everything_published["tools"]}
    users: dict[tuple[str, str], set[str]] = {}
    for (tool, mode), entry in MODES.items():
        for name in entry.params_model.model_fields:
            users.setdefault((tool, entry.params_model.model_fields[name].alias or name), set()).add(mode)
    for (tool, parameter), modes in users.items():
        description = tools[tool]["inputSchema"]["properties"][parameter]["description"]
        for mode in modes:
            assert mode in description, f"{tool}.{parameter}: description does not name {mode}: {description!r}"


def test_a_shared_parameter_keeps_only_the_constraints_all_its_modes_agree_on(
    everything_published: dict[str, Any],
) -> None:
    observe = next(t for t in everything_published["tools"] if t["name"] == "observe")["inputSchema"]["properties"]
    assert observe["limit"]["type"] == "integer"
    assert "maximum" not in observe["limit"], "modes disagree on the maximum, so the flat schema must not impose one"
    assert "default 20" in observe["limit"]["description"] and "default 50" in observe["limit"]["description"]


def test_annotations_follow_the_mutation_classes(everything_published: dict[str, Any]) -> None:
    hints = {tool["name"]: tool["annotations"] for tool in everything_published["tools"]}
    assert hints["observe"]["readOnlyHint"] and hints["analyze"]["readOnlyHint"]
    assert not hints["interact"]["readOnlyHint"] and hints["interact"]["destructiveHint"]
    assert not published_payload()["tools"][0]["annotations"]["destructiveHint"]

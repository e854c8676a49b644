"""A set of values the spec names once (a `defs` entry with a type and an enum) is a Literal alias
in the Python models and a union type in the extension's TypeScript; writing its values out again
is refused, and the compatibility gate judges a change to it wherever it is used."""

from __future__ import annotations

import inspect
import json
import typing
from pathlib import Path

import pytest

from gasoline_codegen.build import spec_at
from gasoline_codegen.specload import SpecError
from gasoline_generated import models
from gasoline_generated.enums import WatchTrigger

from .conftest import edit

ROOT = Path(__file__).resolve().parents[2]
PANEL = "spec/messages/panel.yaml"
HEALTH = "spec/tools/configure/health.yaml"
NAMED = "    enum: [errors, network_errors, security, websocket]\n"


def problems(root: Path) -> str:
    with pytest.raises(SpecError) as raised:
        spec_at(root)
    return str(raised.value)


def test_the_models_type_their_fields_with_the_alias_and_hold_plain_values() -> None:
    assert NAMED in (ROOT / PANEL).read_text(), "WatchTrigger is named in the panel's messages"
    assert typing.get_args(WatchTrigger) == ("errors", "network_errors", "security", "websocket")
    for model, field in ((models.ConfigureAgentWatchResult, "list[WatchTrigger]"), (models.PanelWatch, "WatchTrigger")):
        assert field in inspect.getsource(model), model.__name__
    assert "trigger: WatchTrigger" in inspect.getsource(models.AgentContextEnvelope)
    watched = models.PanelWatch.model_validate({"enabled": True, "events": ["security"]})
    assert watched.events == ["security"], "plain values: a root model would not equal its value"
    with pytest.raises(ValueError, match="console"):
        models.PanelWatch.model_validate({"enabled": True, "events": ["console"]})


def test_the_typescript_names_the_union_once() -> None:
    messages = (ROOT / "generated/ts/messages.ts").read_text()
    union = " | ".join(json.dumps(value) for value in typing.get_args(WatchTrigger))
    assert f"export type WatchTrigger = {union};" in messages
    assert "  trigger: WatchTrigger;" in messages and "  events?: WatchTrigger[];" in messages
    assert messages.count(union) == 1


def test_the_published_schema_lists_the_values_without_the_types_description() -> None:
    payload = json.loads((ROOT / "generated/gasoline_generated/tools_list.json").read_text())
    (configure,) = [tool for tool in payload["tools"] if tool["name"] == "configure"]
    items = configure["inputSchema"]["properties"]["events"]["items"]
    assert items == {"type": "string", "enum": list(typing.get_args(WatchTrigger))}


def watch_preferences(*enums: str) -> str:
    """A definition of the health mode's file whose properties are these enums, written out."""
    properties = "".join(f"      kind{n}: {{type: string, {enum}}}\n" for n, enum in enumerate(enums))
    return f"defs:\n  WatchPreferences:\n    type: object\n    properties:\n{properties}"


def test_an_enum_that_restates_a_named_one_is_refused(spec_root: Path) -> None:
    """Its values in another order are the same set: the problem names both and the reference to use."""
    restated = watch_preferences("enum: [websocket, security, network_errors, errors], description: Which")
    (spec_root / HEALTH).write_text((spec_root / HEALTH).read_text() + restated)
    report = problems(spec_root)
    assert f"{HEALTH}: $: WatchPreferences.kind0 restates the enum WatchTrigger of {PANEL}" in report, report
    assert 'use $ref: "#/$defs/WatchTrigger"' in report


def test_an_enum_with_other_values_or_a_default_is_no_restatement(spec_root: Path) -> None:
    others = watch_preferences(
        "enum: [errors, security]", "enum: [errors, network_errors, security, websocket], default: errors"
    )
    (spec_root / HEALTH).write_text((spec_root / HEALTH).read_text() + others)
    spec_at(spec_root)


def test_a_named_enum_says_nothing_a_reference_could_not(spec_root: Path) -> None:
    edit(spec_root, PANEL, NAMED, NAMED + "    default: errors\n")
    report = problems(spec_root)
    assert f"{PANEL}: $: WatchTrigger: a named enum says only its type, its values and words, not default" in report


def test_the_gate_judges_a_named_enum_where_it_is_used(spec_root: Path) -> None:
    edit(spec_root, PANEL, NAMED, "    enum: [errors, network_errors, websocket]\n")
    report = problems(spec_root)
    narrowed = 'enum-narrowed: ["security"] no longer allowed'
    assert f"ConfigureAgentWatchParams $.events[*]: tools 1.1 breaks release 1.0: {narrowed}" in report, report
    assert f"PanelWatch $.events[*]: daemon_api 1.2 breaks release 1.1: {narrowed}" in report
    released = "changes the released session_export 1.0; raise its version in spec/contracts.yaml"
    assert f"AgentContextEnvelope $.trigger: {released}: {narrowed}" in report

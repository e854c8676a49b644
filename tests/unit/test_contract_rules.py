"""Each rule of the compatibility gate on a minimal pair of schemas: what it finds, and which
direction of compatibility it breaks (docs/contracts.md lists the same rules)."""

from __future__ import annotations

from typing import Any

import pytest

from gasoline_codegen.compat.diff import compare
from gasoline_codegen.compat.gate import judge_addition
from gasoline_codegen.compat.rules import RULES, Finding
from gasoline_codegen.compat.views import DIRECTIONS, ContractView

STRING = {"type": "string"}


def record(properties: dict[str, Any], required: tuple[str, ...] = (), **more: Any) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": properties,
        "required": list(required),
        "additionalProperties": False,
        **more,
    }


# (rule, old message schema, new message schema, the path it is found at)
PAIRS: list[tuple[str, dict[str, Any], dict[str, Any], str]] = [
    ("property-removed", record({"a": STRING, "b": STRING}), record({"a": STRING}), "$.b"),
    ("property-added", record({"a": STRING}), record({"a": STRING, "b": {**STRING, "x-since": "1.1"}}), "$.b"),
    ("property-added-unmarked", record({"a": STRING}), record({"a": STRING, "b": STRING}), "$.b"),
    ("property-required", record({"a": STRING}), record({"a": STRING, "b": STRING}, ("b",)), "$.b"),
    ("property-required", record({"a": STRING}), record({"a": STRING}, ("a",)), "$.a"),
    ("property-optional", record({"a": STRING}, ("a",)), record({"a": STRING}), "$.a"),
    ("type-narrowed", record({"a": {"type": "number"}}), record({"a": {"type": "integer"}}), "$.a"),
    ("type-widened", record({"a": {"type": "integer"}}), record({"a": {"type": "number"}}), "$.a"),
    ("type-widened", record({"a": STRING}), record({"a": {"type": ["string", "null"]}}), "$.a"),
    ("enum-narrowed", record({"a": {"enum": ["x", "y"]}}), record({"a": {"enum": ["x"]}}), "$.a"),
    ("enum-narrowed", record({"a": STRING}), record({"a": {**STRING, "enum": ["x"]}}), "$.a"),
    ("enum-widened", record({"a": {"enum": ["x"]}}), record({"a": {"enum": ["x", "y"]}}), "$.a"),
    ("const-added", record({"a": STRING}), record({"a": {**STRING, "const": "1"}}), "$.a"),
    ("const-removed", record({"a": {**STRING, "const": "1"}}), record({"a": STRING}), "$.a"),
    ("const-changed", record({"a": {**STRING, "const": "1"}}), record({"a": {**STRING, "const": "2"}}), "$.a"),
    ("pattern-added", record({"a": STRING}), record({"a": {**STRING, "pattern": "^x"}}), "$.a"),
    ("pattern-removed", record({"a": {**STRING, "pattern": "^x"}}), record({"a": STRING}), "$.a"),
    ("pattern-changed", record({"a": {**STRING, "pattern": "^x"}}), record({"a": {**STRING, "pattern": "^y"}}), "$.a"),
    ("format-added", record({"a": STRING}), record({"a": {**STRING, "format": "uuid"}}), "$.a"),
    ("format-removed", record({"a": {**STRING, "format": "uuid"}}), record({"a": STRING}), "$.a"),
    (
        "format-changed",
        record({"a": {**STRING, "format": "uuid"}}),
        record({"a": {**STRING, "format": "date-time"}}),
        "$.a",
    ),
    ("bound-narrowed", record({"a": {"type": "integer"}}), record({"a": {"type": "integer", "minimum": 0}}), "$.a"),
    ("bound-narrowed", record({"a": {**STRING, "maxLength": 9}}), record({"a": {**STRING, "maxLength": 8}}), "$.a"),
    ("bound-narrowed", record({"a": {"type": "array"}}), record({"a": {"type": "array", "uniqueItems": True}}), "$.a"),
    (
        "bound-widened",
        record({"a": {"type": "integer", "minimum": 1}}),
        record({"a": {"type": "integer", "minimum": 0}}),
        "$.a",
    ),
    ("bound-widened", record({"a": {**STRING, "maxLength": 8}}), record({"a": STRING}), "$.a"),
    ("additional-properties-closed", {"type": "object", "properties": {}}, record({}), "$"),
    ("additional-properties-opened", record({}), record({}, additionalProperties=True), "$"),
    (
        "default-changed",
        record({"a": {"type": "boolean", "default": True}}),
        record({"a": {"type": "boolean", "default": False}}),
        "$.a",
    ),
    (
        "default-changed",
        record({"a": {"type": "boolean"}}),
        record({"a": {"type": "boolean", "default": False}}),
        "$.a",
    ),
    ("deprecated", record({"a": STRING}), record({"a": {**STRING, "deprecated": True}}), "$.a"),
    (
        "type-narrowed",
        record({"a": {"type": "array", "items": {"type": "number"}}}),
        record({"a": {"type": "array", "items": {"type": "integer"}}}),
        "$.a[*]",
    ),
    (
        "bound-narrowed",
        record({"a": {"type": "object", "additionalProperties": STRING}}),
        record({"a": {"type": "object", "additionalProperties": {**STRING, "minLength": 1}}}),
        "$.a.*",
    ),
]
# The direction each kind of rule breaks: which of (backward-only, forward-only) messages it refuses.
EXPECTED_BREAKS = {
    "property-removed": (True, True),
    "property-added": (False, False),
    "property-added-unmarked": (True, True),
    "property-required": (True, False),
    "property-optional": (False, True),
    "type-narrowed": (True, False),
    "type-widened": (False, True),
    "enum-narrowed": (True, False),
    "enum-widened": (False, True),
    "const-added": (True, False),
    "const-removed": (False, True),
    "const-changed": (True, True),
    "pattern-added": (True, False),
    "pattern-removed": (False, True),
    "pattern-changed": (True, True),
    "format-added": (True, False),
    "format-removed": (False, True),
    "format-changed": (True, True),
    "bound-narrowed": (True, False),
    "bound-widened": (False, True),
    "additional-properties-closed": (True, False),
    "additional-properties-opened": (False, True),
    "default-changed": (True, True),
    "deprecated": (False, False),
}


def findings(old: dict[str, Any], new: dict[str, Any], needs: str = "full", **views: Any) -> list[Finding]:
    found = compare(
        ContractView({"M": old}, views.get("old_definitions", {}), views.get("old_hints", {})),
        ContractView({"M": new}, views.get("new_definitions", {}), views.get("new_hints", {})),
        lambda _message: DIRECTIONS[needs],
    )
    return [judge_addition(f, "1.0", "1.1") for f in found]


@pytest.mark.parametrize(("rule", "old", "new", "path"), PAIRS, ids=[f"{p[0]}-{i}" for i, p in enumerate(PAIRS)])
def test_each_rule_is_found_on_its_minimal_pair_and_breaks_what_it_says(
    rule: str, old: dict[str, Any], new: dict[str, Any], path: str
) -> None:
    found = [(f.change.rule, f.change.path) for f in findings(old, new)]
    assert found == [(rule, path)]
    for needs, expected in zip(("backward", "forward"), EXPECTED_BREAKS[rule], strict=True):
        assert [f.breaking for f in findings(old, new, needs)] == [expected], needs


def test_a_type_changed_both_ways_is_narrowed_and_widened() -> None:
    found = {f.change.rule for f in findings(record({"a": STRING}), record({"a": {"type": "object"}}))}
    assert found == {"type-narrowed", "type-widened"}


def test_an_addition_counts_as_marked_only_with_an_x_since_after_the_release_and_up_to_the_family() -> None:
    def rule_with(since: str) -> str:
        new = record({"a": STRING, "b": {**STRING, "x-since": since}})
        return findings(record({"a": STRING}), new)[0].change.rule

    assert rule_with("1.1") == "property-added"
    assert {rule_with("1.0"), rule_with("1.2"), rule_with("2.1"), rule_with("one")} == {"property-added-unmarked"}


def test_identical_contracts_and_annotation_edits_find_nothing() -> None:
    old = record({"a": {**STRING, "description": "old words"}}, ("a",), description="x")
    new = record({"a": {**STRING, "description": "new words", "examples": ["z"]}}, ("a",), description="y")
    assert findings(old, new) == []


def test_messages_removed_and_added() -> None:
    found = compare(
        ContractView({"gone": STRING, "kept": STRING}, {}),
        ContractView({"kept": STRING, "new": STRING}, {}),
        lambda _message: DIRECTIONS["full"],
    )
    assert [(f.change.rule, f.change.where, f.breaking) for f in found] == [
        ("message-removed", "gone", True),
        ("message-added", "new", False),
    ]


def test_a_definition_reached_by_several_messages_is_compared_once_with_every_direction_they_need() -> None:
    old_defs = {"Shared": record({"a": STRING})}
    new_defs = {"Shared": record({"a": STRING}, ("a",))}
    ref = {"$ref": "#/$defs/Shared"}
    needs = {"read": DIRECTIONS["forward"], "written": DIRECTIONS["backward"]}
    found = compare(
        ContractView({"read": ref, "written": {"type": "array", "items": ref}}, old_defs),
        ContractView({"read": ref, "written": {"type": "array", "items": ref}}, new_defs),
        needs.__getitem__,
    )
    assert [(f.change.rule, f.change.where, f.change.path, f.breaking) for f in found] == [
        ("property-required", "Shared", "$.a", True)
    ]
    assert found[0].needs == DIRECTIONS["full"]


def test_a_renamed_definition_is_compared_with_the_one_it_replaced() -> None:
    found = compare(
        ContractView({"M": {"$ref": "#/$defs/Old"}}, {"Old": record({"a": STRING})}),
        ContractView({"M": {"$ref": "#/$defs/New"}}, {"New": record({})}),
        lambda _message: DIRECTIONS["full"],
    )
    assert [(f.change.rule, f.change.where, f.change.path) for f in found] == [
        ("property-removed", "New (was Old)", "$.a")
    ]


def test_union_members_removed_break_old_writers_and_added_ones_need_x_since() -> None:
    def union(*members: str) -> dict[str, Any]:
        return {"oneOf": [{"$ref": f"#/$defs/{m}"} for m in members], "discriminator": {"propertyName": "type"}}

    definitions = {"A": record({}), "B": record({}), "C": record({}, **{"x-since": "1.1"})}
    removed = compare(
        ContractView({"M": union("A", "B")}, definitions),
        ContractView({"M": union("A")}, definitions),
        lambda _m: DIRECTIONS["backward"],
    )
    assert [(f.change.rule, f.breaking) for f in removed] == [("variant-removed", True)]
    added = findings(union("A"), union("A", "B", "C"), old_definitions=definitions, new_definitions=definitions)
    assert [(f.change.rule, f.change.detail.split(":")[0]) for f in added] == [
        ("variant-added-unmarked", "B was added"),
        ("variant-added", "C was added in 1.1"),
    ]


def test_a_changed_hint_breaks_every_message() -> None:
    found = findings(
        STRING,
        STRING,
        "backward",
        old_hints={"tool.mode": {"mutation": "read_only"}},
        new_hints={"tool.mode": {"mutation": "mutating"}},
    )
    assert [(f.change.rule, f.change.where, f.breaking) for f in found] == [("hint-changed", "tool.mode", True)]


def test_every_rule_has_a_minimal_pair_here() -> None:
    covered = {rule for rule, *_ in PAIRS} | {
        "message-removed",
        "message-added",
        "variant-removed",
        "variant-added",
        "variant-added-unmarked",
        "hint-changed",
    }
    assert covered == set(RULES)

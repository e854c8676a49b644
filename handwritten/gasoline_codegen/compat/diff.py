"""Compare two views of a contract family, message by message, and name every change by its rule.

Schemas are walked side by side. Where both sides refer to named definitions, the pair of
definitions is compared once, on its own (so a definition that many messages reach is reported
once, by its name), and it needs every direction of the messages that reach it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from ..schema import ref_name
from .rules import Change, Finding
from .views import ContractView

LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")
VALUE_RULES = (("const", "const"), ("pattern", "pattern"), ("format", "format"))
MAX_INLINE_DEPTH = 32  # a reference compared with an inline schema is followed this deep at most
_ABSENT = object()
Pair = tuple[str, str]


def compare(old: ContractView, new: ContractView, needs_of: Callable[[str], frozenset[str]]) -> list[Finding]:
    """Every change from old to new, each with the directions its messages need."""
    findings: list[Finding] = []
    pending: list[tuple[Pair, frozenset[str]]] = []
    for name, schema in old.messages.items():
        needs = needs_of(name)
        if name not in new.messages:
            findings.append(Finding(Change("message-removed", name, "$", f"{name} is gone"), needs))
            continue
        walk = _Walk(old, new, name, schema, new.messages[name])
        findings.extend(Finding(change, needs) for change in walk.changes)
        pending.extend((child, needs) for child in walk.children)
    for name in new.messages.keys() - old.messages.keys():
        findings.append(Finding(Change("message-added", name, "$", f"{name} is new"), needs_of(name)))
    findings.extend(_pairs(old, new, pending))
    for label, hint in old.hints.items():
        if label in new.hints and new.hints[label] != hint:
            detail = f"{json.dumps(hint, sort_keys=True)} became {json.dumps(new.hints[label], sort_keys=True)}"
            findings.append(Finding(Change("hint-changed", label, "$", detail), frozenset({"backward", "forward"})))
    return sorted(findings, key=lambda f: (f.change.where, f.change.path, f.change.rule, f.change.detail))


def _pairs(old: ContractView, new: ContractView, pending: list[tuple[Pair, frozenset[str]]]) -> list[Finding]:
    """Compare each pair of definitions once; it needs the union of what reaches it."""
    needs: dict[Pair, frozenset[str]] = {}
    walks: dict[Pair, _Walk] = {}
    while pending:
        pair, reaching = pending.pop()
        known = needs.get(pair)
        if known is not None and reaching <= known:
            continue
        needs[pair] = (known or frozenset()) | reaching
        if pair not in walks:
            old_name, new_name = pair
            where = new_name if old_name == new_name else f"{new_name} (was {old_name})"
            walks[pair] = _Walk(old, new, where, old.definitions.get(old_name, {}), new.definitions.get(new_name, {}))
        pending.extend((child, needs[pair]) for child in walks[pair].children)
    return [Finding(change, needs[pair]) for pair, walk in walks.items() for change in walk.changes]


class _Walk:
    """One message or definition, walked side by side: its changes, and the pairs of definitions
    it refers to (compared on their own)."""

    def __init__(
        self, old: ContractView, new: ContractView, where: str, before: dict[str, Any], after: dict[str, Any]
    ) -> None:
        self.old, self.new, self.where = old, new, where
        self.changes: list[Change] = []
        self.children: set[Pair] = set()
        self._schema("$", before, after, 0)

    def _change(self, rule: str, path: str, detail: str, since: str | None = None) -> None:
        self.changes.append(Change(rule, self.where, path, detail, since))

    def _schema(self, path: str, old: dict[str, Any], new: dict[str, Any], depth: int) -> None:
        if new.get("deprecated") and not old.get("deprecated"):
            self._change("deprecated", path, "now deprecated")
        old_ref, new_ref = ref_name(old), ref_name(new)
        if old_ref and new_ref:
            self.children.add((old_ref, new_ref))
            return
        if (old_ref or new_ref) and depth < MAX_INLINE_DEPTH:
            old = self.old.definitions.get(old_ref, {}) if old_ref else old
            new = self.new.definitions.get(new_ref, {}) if new_ref else new
            depth += 1

        def change(rule: str, detail: str) -> None:
            self._change(rule, path, detail)

        old_default, new_default = old.get("default", _ABSENT), new.get("default", _ABSENT)
        if old_default != new_default:
            change("default-changed", f"default {_shown(old_default)} became {_shown(new_default)}")
        _types(old, new, change)
        _enums(old, new, change)
        _values(old, new, change)
        _bounds(old, new, change)
        if _is_object(old) or _is_object(new):
            self._object(path, old, new, depth)
        if "items" in old or "items" in new:
            self._schema(f"{path}[*]", old.get("items", {}), new.get("items", {}), depth)
        if "oneOf" in old or "oneOf" in new:
            self._variants(path, old, new)

    def _object(self, path: str, old: dict[str, Any], new: dict[str, Any], depth: int) -> None:
        old_props, new_props = old.get("properties", {}), new.get("properties", {})
        old_required, new_required = set(old.get("required", [])), set(new.get("required", []))
        for name in sorted(old_props.keys() - new_props.keys()):
            self._change("property-removed", _member(path, name), f"{name} is gone")
        for name in sorted(new_props.keys() - old_props.keys()):
            at = _member(path, name)
            if name in new_required:
                self._change("property-required", at, f"{name} was added as required")
            else:
                since = new_props[name].get("x-since")
                self._change("property-added", at, f"{name} was added" + (f" in {since}" if since else ""), since)
        for name in sorted(old_props.keys() & new_props.keys()):
            at = _member(path, name)
            if name in old_required and name not in new_required:
                self._change("property-optional", at, f"{name} is no longer required")
            if name in new_required and name not in old_required:
                self._change("property-required", at, f"{name} became required")
            self._schema(at, old_props[name], new_props[name], depth)
        old_extra, new_extra = old.get("additionalProperties", True), new.get("additionalProperties", True)
        if new_extra is False and old_extra is not False:
            self._change("additional-properties-closed", path, "takes no other properties now")
        elif old_extra is False and new_extra is not False:
            self._change("additional-properties-opened", path, "takes other properties now")
        elif isinstance(old_extra, dict) or isinstance(new_extra, dict):
            old_values = old_extra if isinstance(old_extra, dict) else {}
            new_values = new_extra if isinstance(new_extra, dict) else {}
            self._schema(f"{path}.*", old_values, new_values, depth)

    def _variants(self, path: str, old: dict[str, Any], new: dict[str, Any]) -> None:
        """Union members, told apart by the definition each refers to."""
        old_members = {ref_name(m) or json.dumps(m, sort_keys=True) for m in old.get("oneOf", [])}
        new_members = {ref_name(m) or json.dumps(m, sort_keys=True) for m in new.get("oneOf", [])}
        for name in sorted(old_members - new_members):
            self._change("variant-removed", path, f"{name} is gone")
        for name in sorted(new_members - old_members):
            since = self.new.definitions.get(name, {}).get("x-since")
            self._change("variant-added", path, f"{name} was added" + (f" in {since}" if since else ""), since)
        self.children.update((name, name) for name in old_members & new_members if name in self.new.definitions)


def _is_object(schema: dict[str, Any]) -> bool:
    return "properties" in schema or schema.get("type") == "object"


def _types(old: dict[str, Any], new: dict[str, Any], change: Callable[..., None]) -> None:
    old_types, new_types = _type_set(old), _type_set(new)
    if old_types == new_types:
        return
    if old_types is None or (new_types is not None and not all(_covered(t, new_types) for t in old_types)):
        change("type-narrowed", f"type {_shown_types(old_types)} became {_shown_types(new_types)}")
    if new_types is None or (old_types is not None and not all(_covered(t, old_types) for t in new_types)):
        change("type-widened", f"type {_shown_types(old_types)} became {_shown_types(new_types)}")


def _type_set(schema: dict[str, Any]) -> frozenset[str] | None:
    """The types a schema allows; None for any."""
    declared = schema.get("type")
    if declared is None:
        return None
    return frozenset(declared if isinstance(declared, list) else [declared])


def _covered(type_: str, types: frozenset[str]) -> bool:
    return type_ in types or (type_ == "integer" and "number" in types)


def _shown_types(types: frozenset[str] | None) -> str:
    return "any" if types is None else "|".join(sorted(types))


def _enums(old: dict[str, Any], new: dict[str, Any], change: Callable[..., None]) -> None:
    if "enum" not in old and "enum" not in new:
        return
    if "enum" not in new:
        change("enum-widened", f"enum {_shown(old['enum'])} was removed")
    elif "enum" not in old:
        change("enum-narrowed", f"values are limited to {_shown(new['enum'])}")
    else:
        lost = [v for v in old["enum"] if v not in new["enum"]]
        gained = [v for v in new["enum"] if v not in old["enum"]]
        if lost:
            change("enum-narrowed", f"{_shown(lost)} no longer allowed")
        if gained:
            change("enum-widened", f"{_shown(gained)} now allowed")


def _values(old: dict[str, Any], new: dict[str, Any], change: Callable[..., None]) -> None:
    """const, pattern and format: added (narrows), removed (widens) or changed (both)."""
    for keyword, rule in VALUE_RULES:
        before, after = old.get(keyword, _ABSENT), new.get(keyword, _ABSENT)
        if before == after:
            continue
        if before is _ABSENT:
            change(f"{rule}-added", f"{keyword} {_shown(after)} added")
        elif after is _ABSENT:
            change(f"{rule}-removed", f"{keyword} {_shown(before)} removed")
        else:
            change(f"{rule}-changed", f"{keyword} {_shown(before)} became {_shown(after)}")


def _bounds(old: dict[str, Any], new: dict[str, Any], change: Callable[..., None]) -> None:
    for keyword in (*LOWER_BOUNDS, *UPPER_BOUNDS):
        before, after = old.get(keyword), new.get(keyword)
        if before == after:
            continue
        lower = keyword in LOWER_BOUNDS
        tighter = before is None or (after is not None and (after > before if lower else after < before))
        detail = f"{keyword} {_shown(before)} became {_shown(after)}"
        change("bound-narrowed" if tighter else "bound-widened", detail)
    if bool(old.get("uniqueItems")) != bool(new.get("uniqueItems")):
        change("bound-narrowed" if new.get("uniqueItems") else "bound-widened", "uniqueItems changed")


def _member(path: str, name: str) -> str:
    return f"{path}.{name}" if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", name) else f"{path}[{name!r}]"


def _shown(value: Any) -> str:
    return "none" if value is _ABSENT or value is None else json.dumps(value)

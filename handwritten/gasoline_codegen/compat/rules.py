"""The rules a change of a released contract is judged by, each with the direction it breaks.

A message is read by one party and written by another (spec/contracts.yaml). A change breaks
BACKWARD compatibility when the new schema refuses something an older writer sent (it narrows),
and FORWARD compatibility when an older reader would refuse something the new writer sends (it
widens). A change breaks a message when it breaks a direction that message needs; a change that
breaks both directions breaks every message. Each rule is tested on a minimal pair of schemas in
tests/unit/test_contract_rules.py, and listed in docs/contracts.md.
"""

from __future__ import annotations

from dataclasses import dataclass

from .views import BACKWARD, FORWARD

NONE: frozenset[str] = frozenset()
OLD_WRITERS = frozenset({BACKWARD})
OLD_READERS = frozenset({FORWARD})
EVERYONE = frozenset({BACKWARD, FORWARD})


@dataclass(frozen=True)
class Rule:
    name: str
    breaks: frozenset[str]
    heading: str  # the changelog's: added, deprecated, changed, removed
    meaning: str


RULES = {
    rule.name: rule
    for rule in (
        Rule(
            "message-removed",
            EVERYONE,
            "removed",
            "a message (an operation's body or header, a mode, an event) is gone",
        ),
        Rule("message-added", NONE, "added", "a new message, which nobody built to the release sends or expects"),
        Rule(
            "property-removed",
            EVERYONE,
            "removed",
            "a property is gone or renamed: old data still carries it, old readers still want it",
        ),
        Rule("property-added", NONE, "added", "an optional property marked with the x-since version that added it"),
        Rule(
            "property-added-unmarked",
            EVERYONE,
            "added",
            "an added property without x-since, or whose x-since is not after the release or is after the family",
        ),
        Rule("property-required", OLD_WRITERS, "changed", "a property became required, or was added as required"),
        Rule("property-optional", OLD_READERS, "changed", "a required property became optional: old readers expect it"),
        Rule("type-narrowed", OLD_WRITERS, "changed", "a type that was allowed no longer is"),
        Rule("type-widened", OLD_READERS, "changed", "a type is allowed that was not"),
        Rule("enum-narrowed", OLD_WRITERS, "changed", "an enum lost a value, or a value became an enum"),
        Rule("enum-widened", OLD_READERS, "changed", "an enum gained a value, or is gone"),
        Rule("const-added", OLD_WRITERS, "changed", "a value became a constant"),
        Rule("const-removed", OLD_READERS, "changed", "a constant value may now vary"),
        Rule("const-changed", EVERYONE, "changed", "a constant changed"),
        Rule("pattern-added", OLD_WRITERS, "changed", "a string must now match a pattern"),
        Rule("pattern-removed", OLD_READERS, "changed", "a string no longer has to match its pattern"),
        Rule("pattern-changed", EVERYONE, "changed", "a string's pattern changed"),
        Rule("format-added", OLD_WRITERS, "changed", "a string must now have a format"),
        Rule("format-removed", OLD_READERS, "changed", "a string no longer has to have its format"),
        Rule("format-changed", EVERYONE, "changed", "a string's format changed"),
        Rule(
            "bound-narrowed",
            OLD_WRITERS,
            "changed",
            "a minimum, maximum, length, count or uniqueness bound tightened or was added",
        ),
        Rule("bound-widened", OLD_READERS, "changed", "a bound loosened or was removed"),
        Rule(
            "additional-properties-closed",
            OLD_WRITERS,
            "changed",
            "an object that took other properties no longer does",
        ),
        Rule("additional-properties-opened", OLD_READERS, "changed", "a closed object now takes other properties"),
        Rule(
            "default-changed",
            EVERYONE,
            "changed",
            "a default was added, removed or changed: an absent value means something else",
        ),
        Rule("variant-removed", OLD_WRITERS, "removed", "a member of a union (an event type, a command kind) is gone"),
        Rule("variant-added", NONE, "added", "a member of a union marked with the x-since version that added it"),
        Rule("variant-added-unmarked", EVERYONE, "added", "a union member added without a valid x-since"),
        Rule(
            "hint-changed",
            EVERYONE,
            "changed",
            "a hint whose meaning is the contract changed (a mode's mutation class, rules or gates)",
        ),
        Rule(
            "deprecated", NONE, "deprecated", "marked deprecated: still there, to be removed in a later major version"
        ),
    )
}
ADDITIONS = {"property-added": "property-added-unmarked", "variant-added": "variant-added-unmarked"}


@dataclass(frozen=True)
class Change:
    rule: str
    where: str  # the message, or the definition it reaches ("ControlOperation")
    path: str  # where inside it, as a JSON path of the data ("$.operations[*].safe")
    detail: str
    since: str | None = None  # the x-since of an addition

    @property
    def breaks(self) -> frozenset[str]:
        return RULES[self.rule].breaks


@dataclass(frozen=True)
class Finding:
    """A change, and the directions the messages it is reached from need."""

    change: Change
    needs: frozenset[str]

    @property
    def breaking(self) -> bool:
        return bool(self.change.breaks & self.needs)

"""Texts built to make a regular-expression engine backtrack: for each rule, its literal start and
its anchors repeated, runs that almost match, and the separators its pattern looks for."""

from __future__ import annotations

import re

from gasoline_generated.redaction_rules import Rule

NEAR_MISSES = [
    "a" * 64,
    "aA0_-." * 16,
    "-----BEGIN RSA PRIVATE KEY-----\n",
    "eyJ" + "a" * 20 + ".",
    "sk-" + "a" * 30,
    "0000 " * 4,
    "password=",
    '"k": "',
    "a=b&",
    "://u:p",
    "%22",
]


def literal_start(rule: Rule) -> str:
    """The literal text the rule's pattern begins with (after any \\b), unescaped; may be empty."""
    pattern = rule.pattern.removeprefix(r"\b")
    found = re.match(r"(?:\\.|[^\\\[\](){}?*+|.^$])*", pattern)
    literal = re.sub(r"\\(.)", r"\1", found.group(0) if found else "")
    return literal[:-1] if pattern[len(found.group(0) if found else "") :][:1] in ("?", "*", "{") else literal


def adversarial_pieces(rule: Rule) -> list[str]:
    """Pieces that, repeated, tempt this rule to try, and fail, at every position."""
    starts = [literal_start(rule), *rule.anchors, *NEAR_MISSES]
    return sorted({start + tail for start in starts if start for tail in ("", "aA0" * 13 + ".")})


def repeated(piece: str, size: int) -> str:
    return (piece * (size // len(piece) + 1))[:size]


def adversarial(rule: Rule, size: int) -> list[str]:
    """Texts of `size` characters that tempt this rule to try, and fail, at every position."""
    return [repeated(piece, size) for piece in adversarial_pieces(rule)]

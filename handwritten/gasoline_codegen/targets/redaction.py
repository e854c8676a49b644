"""The redaction policy as data: a Python module for the daemon, a TypeScript module for the extension.

The rules are written in the regular-expression subset both languages read alike; each side
compiles every rule on its own (Python's re into a pattern, the extension into a RegExp).
"""

from __future__ import annotations

import json
from typing import Any

from ..banner import python_banner, ts_banner
from ..model import Spec
from ..templating import py_literal

SOURCES = ("spec/policy/redaction.yaml",)


def key_classes(policy: dict[str, Any]) -> dict[str, str]:
    return {key: cls for cls, keys in policy["keys"].items() for key in keys}


def render(spec: Spec) -> dict[str, str]:
    return {
        "generated/gasoline_generated/redaction_rules.py": python_module(spec.redaction),
        "generated/ts/redaction.ts": typescript_module(spec.redaction),
    }


def secret_groups(rule: dict[str, Any]) -> list[int]:
    """The groups that may hold the secret, in order: `secret` is one group or a list of them."""
    secret = rule.get("secret", 0)
    return list(secret) if isinstance(secret, list) else [secret]


def python_module(policy: dict[str, Any]) -> str:
    rules = "".join(
        f"    Rule({py_literal(r['name'])}, {py_literal(r['class'])}, {py_literal(r['pattern'])}, "
        f"{r.get('ignore_case', False)}, {py_literal(tuple(secret_groups(r)))}, {py_literal(r.get('validator'))}, "
        f"{py_literal(tuple(r.get('anchors', ())))}, {r.get('reach', 0)}, {r.get('shape', False)}),\n"
        for r in policy["rules"]
    )
    keys = "".join(f"    {py_literal(key)}: {py_literal(cls)},\n" for key, cls in key_classes(policy).items())
    classes = "".join(f"    {py_literal(name)}: {py_literal(text)},\n" for name, text in policy["classes"].items())
    return f'''{python_banner(SOURCES)}"""The redaction policy as data, for gasoline.safety.redaction."""

from __future__ import annotations

from typing import Final, NamedTuple


class Rule(NamedTuple):
    name: str
    secret_class: str
    pattern: str
    ignore_case: bool
    secret_groups: tuple[int, ...]  # the first of these groups that took part in a match holds the secret
    validator: str | None
    anchors: tuple[str, ...]
    reach: int
    shape: bool


POLICY_VERSION: Final = {policy["version"]}
MASK: Final = {py_literal(policy["mask"])}
CLASSES: Final[dict[str, str]] = {{
{classes}}}
RULES: Final[tuple[Rule, ...]] = (
{rules})
# Sensitive key names (lower case, "-" read as "_") and the class of their values.
KEYS: Final[dict[str, str]] = {{
{keys}}}
HEADER_PATTERN: Final = {py_literal(policy["header_pattern"])}
KEY_PATTERN: Final = {py_literal(policy["key_pattern"])}
KEY_PATTERN_CLASS: Final = {py_literal(policy["key_pattern_class"])}
PROJECT_PATTERN_CLASS: Final = {py_literal(policy["project_pattern_class"])}
'''


def typescript_module(policy: dict[str, Any]) -> str:
    def entry(rule: dict[str, Any]) -> str:
        fields = {
            "name": rule["name"],
            "secretClass": rule["class"],
            "pattern": rule["pattern"],
            "flags": "gi" if rule.get("ignore_case") else "g",
            "secretGroups": secret_groups(rule),
            "validator": rule.get("validator"),
            "anchors": rule.get("anchors", []),
            "reach": rule.get("reach", 0),
            "shape": rule.get("shape", False),
        }
        return "  { " + ", ".join(f"{key}: {json.dumps(value)}" for key, value in fields.items()) + " },\n"

    rules = "".join(entry(rule) for rule in policy["rules"])
    keys = "".join(f"  {json.dumps(key)}: {json.dumps(cls)},\n" for key, cls in key_classes(policy).items())
    return f"""{ts_banner(SOURCES)}
export const REDACTION_POLICY_VERSION = {policy["version"]};
export const REDACTION_MASK = {json.dumps(policy["mask"])};

export interface RedactionRule {{
  name: string;
  secretClass: string;
  pattern: string;
  flags: string;
  /** The first of these groups that took part in a match holds the secret (0: the whole match). */
  secretGroups: readonly number[];
  validator: "luhn" | "iban" | "token_like" | null;
  /** Texts one of which every match contains, at most `reach` characters in (none: scan it all). */
  anchors: readonly string[];
  reach: number;
  /** The anchors are looked for in the text's shape (see spec/policy/redaction.yaml). */
  shape: boolean;
}}

/** Free-text rules; each pattern reads the same in RegExp as in Python's re. */
export const REDACTION_RULES: readonly RedactionRule[] = [
{rules}];

/** Sensitive key names (lower case, "-" read as "_") and the class of their values. */
export const SENSITIVE_KEYS: Readonly<Record<string, string>> = {{
{keys}}};

export const SENSITIVE_HEADER_PATTERN = {json.dumps(policy["header_pattern"])};
export const SENSITIVE_KEY_PATTERN = {json.dumps(policy["key_pattern"])};
export const SENSITIVE_KEY_CLASS = {json.dumps(policy["key_pattern_class"])};
"""

"""The redaction policy as data: a Python module for the daemon, a TypeScript module for the extension.

The rules are written in the regular-expression subset both languages read alike; each side
compiles every rule on its own (Python's re into a pattern, the extension into a RegExp).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..banner import python_banner, ts_banner
from ..model import Spec
from ..templating import environment

SOURCES = ("spec/policy/redaction.yaml",)


class RuleRow(NamedTuple):
    """One rule with every optional field filled in, as both modules list it."""

    name: str
    secret_class: str
    pattern: str
    ignore_case: bool
    secret_groups: tuple[int, ...]
    validator: str | None
    anchors: tuple[str, ...]
    shape: bool


def key_classes(policy: dict[str, Any]) -> dict[str, str]:
    return {key: cls for cls, keys in policy["keys"].items() for key in keys}


def secret_groups(rule: dict[str, Any]) -> list[int]:
    """The groups that may hold the secret, in order: `secret` is one group or a list of them."""
    secret = rule.get("secret", 0)
    return list(secret) if isinstance(secret, list) else [secret]


def rows(policy: dict[str, Any]) -> list[RuleRow]:
    return [
        RuleRow(
            rule["name"],
            rule["class"],
            rule["pattern"],
            rule.get("ignore_case", False),
            tuple(secret_groups(rule)),
            rule.get("validator"),
            tuple(rule.get("anchors", ())),
            rule.get("shape", False),
        )
        for rule in policy["rules"]
    ]


def render(spec: Spec) -> dict[str, str]:
    env = environment()
    policy = spec.redaction
    context = {"policy": policy, "rules": rows(policy), "keys": key_classes(policy)}
    return {
        "generated/gasoline_generated/redaction_rules.py": env.get_template("redaction_rules.py.j2").render(
            banner=python_banner(SOURCES), **context
        ),
        "generated/ts/redaction.ts": env.get_template("redaction.ts.j2").render(banner=ts_banner(SOURCES), **context),
    }

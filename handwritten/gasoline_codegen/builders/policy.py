"""spec/policy/: limits, goals, approval and redaction (checked here, rendered as data by the targets)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import re2

from ..model import Goal, GoalGroup, Limit, LimitGroup
from ..specload import limit_values
from ..targets.redaction import secret_groups
from .context import BuildContext


@dataclass(frozen=True)
class Policy:
    limits_version: int
    limit_groups: tuple[LimitGroup, ...]
    limits: dict[str, int]  # {"group.name": value}
    goal_groups: tuple[GoalGroup, ...]
    approval: dict[str, Any]
    redaction: dict[str, Any]


def build_policy(ctx: BuildContext) -> Policy:
    limits_file = ctx.one("limits")
    check_redaction(ctx)
    return Policy(
        limits_version=limits_file.data["version"],
        limit_groups=tuple(
            LimitGroup(
                group,
                body["description"],
                tuple(Limit(name, v["value"], v["unit"], v["description"]) for name, v in body["limits"].items()),
            )
            for group, body in limits_file.data["groups"].items()
        ),
        limits=limit_values(limits_file.data),
        goal_groups=tuple(
            GoalGroup(group, body["description"], tuple(Goal(name, **goal) for name, goal in body["goals"].items()))
            for group, body in ctx.one("goals").data["groups"].items()
        ),
        approval=ctx.one("approval").data,
        redaction=ctx.one("redaction").data,
    )


def check_redaction(ctx: BuildContext) -> None:
    """Every rule compiles, names a declared class and a group it has; every key and unhashed class is declared;
    every field pattern has its key and value groups."""
    spec_file = ctx.one("redaction")
    data = spec_file.data
    classes = set(data["classes"])
    for index, rule in enumerate(data["rules"]):
        try:
            groups = re.compile(rule["pattern"]).groups
            re2.compile(rule["pattern"])
        except (re.error, re2.error) as error:
            ctx.problem(spec_file, ["rules", index, "pattern"], f"not a regular expression RE2 reads: {error}")
            continue
        if max(secret_groups(rule)) > groups:
            ctx.problem(spec_file, ["rules", index, "secret"], f"the pattern has {groups} group(s)")
        if rule["class"] not in classes:
            ctx.problem(spec_file, ["rules", index, "class"], f"{rule['class']!r} is not a declared class")
    for name in sorted(set(data["keys"]) - classes):
        ctx.problem(spec_file, ["keys", name], "not a declared class")
    for index, name in enumerate(data["unhashed_classes"]):
        if name not in classes:
            ctx.problem(spec_file, ["unhashed_classes", index], f"{name!r} is not a declared class")
    for field in ("key_pattern_class", "project_pattern_class"):
        if data[field] not in classes:
            ctx.problem(spec_file, [field], "not a declared class")
    for key in ("header_pattern", "key_pattern"):
        try:
            re.compile(data[key])
        except re.error as error:
            ctx.problem(spec_file, [key], f"not a regular expression: {error}")
    for name, pattern in data["fields"].items():
        try:
            groups = re.compile(pattern).groups
        except re.error as error:
            ctx.problem(spec_file, ["fields", name], f"not a regular expression: {error}")
            continue
        if groups != 2:
            ctx.problem(spec_file, ["fields", name], f"has {groups} group(s); group 1 is the key, group 2 the value")

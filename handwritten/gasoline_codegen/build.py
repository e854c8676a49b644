"""Build the Spec model from validated spec files: each family's builder in turn, then the
checks that span every family."""

from __future__ import annotations

from pathlib import Path

from .builders.context import BuildContext
from .builders.contracts import build_contracts
from .builders.control import build_control
from .builders.duplicates import check_duplicates
from .builders.errors import build_errors
from .builders.events import build_events
from .builders.messages import build_exchanges, build_messages
from .builders.policy import build_policy
from .builders.project_config import build_project_config
from .builders.tools import build_tools
from .compat.gate import check_contracts
from .compat.releases import load_releases
from .model import Release, Spec
from .specload import SpecError, SpecFile, borrowed_schemas, load_spec


def spec_at(root: Path) -> Spec:
    """The model of the repository at root: its spec files, checked against its released contracts."""
    return build_spec(load_spec(root), load_releases(root))


def build_spec(files: list[SpecFile], releases: tuple[Release, ...]) -> Spec:
    """The model of a validated spec, or SpecError listing every problem the builders found and
    every change the compatibility gate refuses (against `releases`)."""
    ctx = BuildContext(files)
    build_errors(ctx)
    policy = build_policy(ctx)
    build_project_config(ctx)
    build_control(ctx)
    build_events(ctx)
    commands = build_messages(ctx)
    build_exchanges(ctx)
    tools = build_tools(ctx, policy.limits, {command.kind: command for command in commands})
    contracts = build_contracts(ctx)
    ctx.namespace.check_refs()
    check_duplicates(ctx)
    daemon_api_file = ctx.one("daemon_api")
    for name in sorted(borrowed_schemas(daemon_api_file.data) - set(ctx.namespace.definitions)):
        ctx.problem(daemon_api_file, [], f"#/components/schemas/{name} is neither defined here nor in the spec")
    if ctx.problems:
        raise SpecError(ctx.problems)
    control_file = ctx.one("openapi")
    gates = ctx.one("gates").data
    spec = Spec(
        tools=tools,
        definitions=dict(sorted(ctx.namespace.definitions.items())),
        example_sets=tuple(ctx.example_sets),
        commands=commands,
        limits_version=policy.limits_version,
        limit_groups=policy.limit_groups,
        approval=policy.approval,
        control=control_file.data,
        control_source=control_file.rel,
        daemon_api=daemon_api_file.data,
        daemon_api_source=daemon_api_file.rel,
        redaction=policy.redaction,
        approval_parameter=gates["approval"]["parameter"],
        approval_parameter_schema=gates["approval"]["schema"],
        contracts=contracts,
        releases=releases,
        goal_groups=policy.goal_groups,
    )
    problems = check_contracts(spec)
    if problems:
        raise SpecError(problems)
    return spec

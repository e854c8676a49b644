"""The validated spec as one in-memory model that every output target reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gasoline.contract import MutationRule


@dataclass(frozen=True)
class Example:
    origin: str  # "spec/events/console.yaml: examples.valid[0]"
    value: Any
    valid: bool
    reason: str = ""


@dataclass(frozen=True)
class ExampleSet:
    """Examples that must be accepted or rejected by one named definition."""

    definition: str
    examples: tuple[Example, ...]
    published_tool: str | None = None  # also checked against this tool's published inputSchema
    mode_key: str | None = None
    mode: str | None = None


@dataclass(frozen=True)
class Definition:
    name: str
    schema: dict[str, Any]
    source: str
    family: str  # tools | errors | events | messages | policy | control


@dataclass(frozen=True)
class Mode:
    tool: str
    name: str
    status: str
    summary: str
    mutation: str
    mutation_rules: tuple[MutationRule, ...]
    gates: tuple[str, ...]
    long_running: bool
    limits: tuple[tuple[str, int], ...]
    params_definition: str
    result_definition: str
    scope: tuple[str, str | None] = ("daemon", None)  # (kind, parameter that names the target)
    command: str | None = None  # the browser command this mode forwards; None for a hand-written mode
    command_timeout_param: str | None = None  # "timeout_ms" when that command's params carry its time limit
    assessed: bool = False  # the handler assesses each call's mutation class (assess_<mode>)
    waivable: tuple[str, ...] = ("read_only", "mutating", "destructive")  # what a project's allow list may waive

    @property
    def published(self) -> bool:
        return self.status == "implemented"


@dataclass(frozen=True)
class Tool:
    name: str
    position: int
    mode_key: str
    title: str
    description: str
    modes: tuple[Mode, ...]
    source: str
    parameters: dict[str, str] = field(default_factory=dict)  # published descriptions of shared parameters

    @property
    def published_modes(self) -> tuple[Mode, ...]:
        return tuple(mode for mode in self.modes if mode.published)

    @property
    def handled_modes(self) -> tuple[Mode, ...]:
        """The published modes a hand-written handler runs (the rest forward to a browser command)."""
        return tuple(mode for mode in self.published_modes if mode.command is None)


@dataclass(frozen=True)
class Limit:
    name: str
    value: int
    unit: str
    description: str


@dataclass(frozen=True)
class LimitGroup:
    name: str
    description: str
    limits: tuple[Limit, ...]


@dataclass(frozen=True)
class Goal:
    """What one benchmark figure must reach: each bound given must hold."""

    name: str
    unit: str
    description: str
    at_most: float | None = None
    at_least: float | None = None
    ratio_at_most: float | None = None
    added_at_most: float | None = None
    source: str | None = None


@dataclass(frozen=True)
class GoalGroup:
    name: str
    description: str
    goals: tuple[Goal, ...]


@dataclass(frozen=True)
class Command:
    kind: str
    timeout_ms: int
    params_definition: str
    result_definition: str


@dataclass(frozen=True)
class ContractMessage:
    writer: str
    reader: str
    compatibility: str  # backward | forward | full
    why: str = ""


@dataclass(frozen=True)
class ReleasedBreak:
    version: str
    base: str  # the release it broke
    why: str


@dataclass(frozen=True)
class AcceptedBreak:
    message: str
    path: str
    rule: str
    why: str


@dataclass(frozen=True)
class ContractFamily:
    """A versioned contract family of spec/contracts.yaml."""

    name: str
    title: str
    description: str
    version: str
    openapi: str | None = None  # the spec file of an OpenAPI family
    parties: tuple[str, str] = ("", "")  # (client, server) of an OpenAPI family
    requests: str = "full"
    responses: str = "full"
    messages: dict[str, ContractMessage] = field(default_factory=dict)
    released_breaks: tuple[ReleasedBreak, ...] = ()
    accepted_breaks: tuple[AcceptedBreak, ...] = ()


@dataclass(frozen=True)
class Release:
    """A contract family exactly as it was released (spec/releases/<family>/<version>.json)."""

    family: str
    version: str
    contract: dict[str, Any]
    source: str


@dataclass(frozen=True)
class Spec:
    tools: tuple[Tool, ...]
    definitions: dict[str, Definition]
    example_sets: tuple[ExampleSet, ...]
    commands: tuple[Command, ...]
    limits_version: int
    limit_groups: tuple[LimitGroup, ...]
    approval: dict[str, Any]
    control: dict[str, Any]
    control_source: str
    daemon_api: dict[str, Any]
    daemon_api_source: str
    redaction: dict[str, Any]
    approval_parameter: str
    approval_parameter_schema: dict[str, Any]
    contracts: tuple[ContractFamily, ...] = ()
    releases: tuple[Release, ...] = ()
    goal_groups: tuple[GoalGroup, ...] = ()

"""What generated code builds on: the shape of a dispatch-table entry and of a handler call.

Generated modules import only this module (and pydantic). Keep it small and stable:
changing it means regenerating.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Annotated, Any, Literal, Protocol, TypeVar

from pydantic import AwareDatetime, BaseModel, BeforeValidator


def _date_time_text(value: Any) -> Any:
    """JSON Schema's date-time is a string: a number is not a moment, whatever pydantic's lax mode says."""
    if not isinstance(value, str | datetime):
        raise ValueError("a date-time must be an RFC 3339 string")
    return value


# The models' date-time fields: RFC 3339 text with a time zone, nothing else.
IsoDateTime = Annotated[AwareDatetime, BeforeValidator(_date_time_text)]

Item = TypeVar("Item")


def _unique_items(value: Any) -> Any:
    """JSON Schema's uniqueItems, on the value as it arrived: no item may equal an earlier one."""
    if isinstance(value, list):
        seen: set[str] = set()
        for index, item in enumerate(value):
            key = json.dumps(item, sort_keys=True, default=repr)
            if key in seen:
                raise ValueError(f"item {index} repeats an earlier one: the items must be unique")
            seen.add(key)
    return value


# The models' arrays whose schema says uniqueItems (pydantic's list does not check it).
UniqueItems = Annotated[list[Item], BeforeValidator(_unique_items)]

MutationClass = Literal["read_only", "mutating", "destructive"]
Gate = Literal["ai_web_pilot", "approval"]
ProgressReporter = Callable[[float, float | None, str | None], None]


def mode_label(tool: str, mode_key: str, mode: str) -> str:
    """A mode as errors and summaries name it: configure(action='health')."""
    return f"{tool}({mode_key}={mode!r})"


@dataclass(frozen=True)
class MutationRule:
    """An argument value that gives a call another mutation class than its mode's."""

    param: str
    equals: object
    mutation: MutationClass


@dataclass(frozen=True)
class ModeEntry:
    """One (tool, mode) of the spec, as the dispatcher and the gates see it."""

    tool: str
    mode: str
    mode_key: str
    published: bool
    summary: str
    mutation: MutationClass
    mutation_rules: tuple[MutationRule, ...]
    gates: tuple[Gate, ...]
    long_running: bool
    limits: Mapping[str, int]
    params_model: type[BaseModel]
    result_model: type[BaseModel]
    scope: tuple[str, str | None] = ("daemon", None)  # what an approval binds: (kind, parameter naming the target)
    command: str | None = None  # the browser command the mode forwards its arguments to, if it only forwards
    command_timeout_param: str | None = None  # the argument that sets that command's time limit, if any
    assessed: bool = False  # the handler assesses each call (ModeHandler.assess) before the gates
    waivable: tuple[MutationClass, ...] = ("read_only", "mutating", "destructive")  # a project may allow these

    @property
    def label(self) -> str:
        """How errors name the mode: configure(action='health')."""
        return mode_label(self.tool, self.mode_key, self.mode)

    def mutation_for(self, params: BaseModel) -> MutationClass:
        """The mutation class of one call: the first rule its arguments match, else the mode's own."""
        for rule in self.mutation_rules:
            if getattr(params, rule.param, None) == rule.equals:
                return rule.mutation
        return self.mutation


def _ignore_progress(progress: float, total: float | None, message: str | None) -> None:
    """Progress goes nowhere when the caller did not ask for it."""


class RepositoryUnknown(LookupError):
    """No repository is known for the client that called: the message says how to name one."""


def _no_directory() -> Path:
    raise RepositoryUnknown("no repository is known for this call")


@dataclass(frozen=True)
class CallContext:
    """What a handler knows about the call it serves, beyond its parameters."""

    entry: ModeEntry
    report_progress: ProgressReporter = _ignore_progress
    tab_id: int | None = None  # the tab an approval bound this call to; None: the tab in front
    # The directory the calling client works in (its bridge's, or its first MCP root), found when asked.
    find_directory: Callable[[], Path] = _no_directory

    def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        self.report_progress(progress, total, message)

    def client_directory(self) -> Path:
        """The directory the calling client works in; raises RepositoryUnknown, saying how to name one."""
        return self.find_directory()


@dataclass(frozen=True)
class Assessment:
    """What one call of an assessed mode would do: its mutation class (never more than its mode's)
    and the plain words shown to the person asked to approve it."""

    mutation: MutationClass
    summary: str


@dataclass(frozen=True)
class ModeHandler:
    """What runs one published mode: the handler, and, for a mode that needs approval, the plain
    words that tell the person asked what a call would do (None: the mode's summary says it), or,
    for an assessed mode, its assessment of each call."""

    run: Callable[[Any, CallContext], BaseModel]
    describe: Callable[[Any], str] | None = None
    assess: Callable[[Any, CallContext], Assessment] | None = None


class CommandForwarder(Protocol):
    """Runs a mode that only forwards its arguments to a browser command (its entry's `command`)."""

    def forward(self, params: Any, ctx: CallContext) -> BaseModel:
        """The command's result, or a ToolFailure that says why there is none."""
        ...

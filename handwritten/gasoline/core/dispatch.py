"""The one path every tool call takes, whatever transport carried it.

lookup (tool, mode) in the generated table -> validate the arguments against the mode's own
strict model -> the call's mutation class (an assessed mode's handler says it), refused above the
caller's ceiling -> gates (AI Web Pilot: the extension's toggle; then the approval engine, for
modes that can change things) -> run the hand-written handler, or leave it running in the
background when a long-running mode is called with background set -> structured result.
Every failure becomes a ToolError result that names the mode and the parameter at fault;
only an unknown tool is a protocol error. A handler that crashes fails its call, never the
process.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from gasoline.contract import (
    CallContext,
    ModeEntry,
    ModeHandler,
    MutationClass,
    ProgressReporter,
    RepositoryUnknown,
)
from gasoline_generated.dispatch import APPROVAL_PARAMETER, APPROVAL_PARAMETER_PATTERN

from .background import BackgroundCalls
from .errors import ToolFailure, UnknownTool
from .ports import ApprovalGate, ExtensionState, TextForms
from .requesters import Requester
from .tool_result import ToolResult

log = logging.getLogger(__name__)
APPROVAL_ID = re.compile(APPROVAL_PARAMETER_PATTERN)
MUTATION_ORDER: tuple[MutationClass, ...] = ("read_only", "mutating", "destructive")


class Dispatcher:
    def __init__(
        self,
        modes: Mapping[tuple[str, str], ModeEntry],
        handlers: Mapping[tuple[str, str], ModeHandler],
        approvals: ApprovalGate,
        extension: ExtensionState,
        background: BackgroundCalls,
        forms: TextForms,
    ) -> None:
        """modes: the spec's dispatch table; handlers: what runs each published mode; forms: how
        their results read for a model."""
        self._modes = modes
        self._handlers = handlers
        self._approvals = approvals
        self._extension = extension
        self._background = background
        self._forms = forms
        self._published: dict[str, list[ModeEntry]] = {}
        for key, entry in modes.items():
            if entry.published and key in handlers:
                self._published.setdefault(entry.tool, []).append(entry)

    @property
    def tools(self) -> tuple[str, ...]:
        """The published tools, in tools/list order."""
        return tuple(self._published)

    def published_modes(self, tool: str) -> list[ModeEntry]:
        return self._published.get(tool, [])

    def call(
        self,
        tool: str,
        arguments: Mapping[str, Any] | None,
        progress: ProgressReporter | None = None,
        directory: Callable[[], Path] | None = None,
        most: MutationClass = "destructive",
        requester: Requester | None = None,
        allow_list: bool = True,
    ) -> ToolResult:
        """Run one tools/call. Raises UnknownTool; every other failure is an error result.
        directory finds the directory the calling client works in, for the modes that act in its
        repository. most: the highest mutation class this caller may run at all (read_only for a run
        that reads untrusted data); a call above it fails before any gate, and no approval can lift that. requester: the
        MCP client session calling, to which an approval it asks for is bound (None: the daemon's
        own caller, the agent panel). allow_list: whether the project's allow list may waive an
        approval (not for the panel's model, whose turns read what pages wrote)."""
        if tool not in self._published:
            raise UnknownTool(tool, self.tools)
        try:
            entry = self._entry(tool, arguments or {})
            own = {name: value for name, value in (arguments or {}).items() if name != entry.mode_key}
            approval_id = own.pop(APPROVAL_PARAMETER, None) if "approval" in entry.gates else None
            params = self._validate(entry, own, approval_id)
            context = CallContext(entry) if directory is None else CallContext(entry, find_directory=directory)
            mutation, explain = self._assess(entry, params, context)
            if MUTATION_ORDER.index(mutation) > MUTATION_ORDER.index(most):
                message = f"{entry.label} is {mutation}, and this run may only read; nothing was done"
                raise ToolFailure.of(entry, "read_only_run", message)
            if "ai_web_pilot" in entry.gates:
                self._check_ai_web_pilot(entry)
            tab_id = self._approvals.check(entry, mutation, params, own, approval_id, explain, requester, allow_list)
        except ToolFailure as failure:
            log.info("%s refused: %s", tool, failure.error.message)
            return failure.result()
        except RepositoryUnknown as unknown:
            return ToolFailure.of(entry, "repository_unknown", f"{entry.label}: {unknown}").result()
        context = replace(context, tab_id=tab_id)
        if entry.long_running and getattr(params, "background", False) is True:
            started = self._background.start(entry.mode, partial(self._run, entry, params, context))
            return ToolResult(started.model_dump(mode="json"), forms=self._forms)
        if progress is not None:
            context = replace(context, report_progress=progress)
        return self._run(entry, params, context)

    def _assess(
        self, entry: ModeEntry, params: BaseModel, context: CallContext
    ) -> tuple[MutationClass, Callable[[], str] | None]:
        """The call's mutation class, and what tells the person asked what it would do. An argument
        rule of the spec decides first; then an assessed mode's handler, never above the mode's class."""
        handler = self._handlers[(entry.tool, entry.mode)]
        mutation = entry.mutation_for(params)
        if handler.assess is None or any(getattr(params, r.param, None) == r.equals for r in entry.mutation_rules):
            return mutation, partial(handler.describe, params) if handler.describe else None
        assessment = handler.assess(params, context)
        assessed = min(assessment.mutation, mutation, key=MUTATION_ORDER.index)
        return assessed, lambda: assessment.summary

    def _run(self, entry: ModeEntry, params: BaseModel, context: CallContext) -> ToolResult:
        try:
            result = self._handlers[(entry.tool, entry.mode)].run(params, context)
            if not isinstance(result, entry.result_model):
                raise TypeError(f"handler returned {type(result).__name__}, not {entry.result_model.__name__}")
            return ToolResult.of(result, (entry.tool, entry.mode), self._forms)
        except ToolFailure as failure:
            log.info("%s refused: %s", entry.tool, failure.error.message)
            return failure.result()
        except RepositoryUnknown as unknown:
            return ToolFailure.of(entry, "repository_unknown", f"{entry.label}: {unknown}").result()
        except Exception as error:
            log.exception("tool %s failed", entry.tool)
            message = f"{entry.tool} failed: {type(error).__name__}: {error}"
            return ToolFailure("handler_failed", message, tool=entry.tool).result()

    def _check_ai_web_pilot(self, entry: ModeEntry) -> None:
        """Only the person at the browser can switch AI Web Pilot on, in the extension's popup."""
        synced = self._extension.current()
        if synced is None:
            message = f"{entry.label} acts in the browser, and no Gasoline extension is connected."
            raise ToolFailure.of(entry, "extension_not_connected", message)
        if not synced.settings.aiWebPilotEnabled:
            message = "Enable 'AI Web Pilot' in extension popup to use this tool"
            raise ToolFailure.of(entry, "ai_web_pilot_disabled", message)

    def _entry(self, tool: str, arguments: Mapping[str, Any]) -> ModeEntry:
        published = self.published_modes(tool)
        key = published[0].mode_key
        mode = arguments.get(key)
        entry = self._modes.get((tool, mode)) if isinstance(mode, str) else None
        if entry is not None and entry in published:
            return entry
        choices = ", ".join(e.mode for e in published)
        if mode is None:
            raise ToolFailure("unknown_mode", f"{tool}: {key!r} is required; one of: {choices}", tool=tool)
        state = "is planned but not available yet" if entry else "is not a mode"
        raise ToolFailure("unknown_mode", f"{tool}: {key}={mode!r} {state}; one of: {choices}", tool=tool)

    def _validate(self, entry: ModeEntry, params: Mapping[str, Any], approval_id: Any) -> BaseModel:
        problems: list[tuple[str, str]] = []
        if approval_id is not None and not (isinstance(approval_id, str) and APPROVAL_ID.fullmatch(approval_id)):
            problems.append((APPROVAL_PARAMETER, "not a request id from an approval_required error"))
        try:
            validated = entry.params_model.model_validate(params)
        except ValidationError as error:
            problems += [describe_problem(entry, detail) for detail in error.errors(include_url=False)]
        if problems:
            summary = "; ".join(f"{parameter}: {message}" for parameter, message in problems)
            raise ToolFailure.of(entry, "invalid_arguments", f"{entry.label}: {summary}", problems=problems)
        return validated


def describe_problem(entry: ModeEntry, detail: Mapping[str, Any]) -> tuple[str, str]:
    """(parameter, message) for one pydantic error, worded for the caller of a tool."""
    parameter = ".".join(str(part) for part in detail["loc"]) or entry.mode_key
    if detail["type"] == "extra_forbidden":
        accepted = ", ".join(entry.params_model.model_fields) or "no parameters"
        return parameter, f"unknown parameter ({entry.mode} takes: {accepted})"
    if detail["type"] == "missing":
        return parameter, "required"
    return parameter, detail["msg"]

"""The one path every tool call takes, whatever transport carried it.

lookup (tool, mode) in the generated table -> validate the arguments against the mode's own
strict model -> gates (AI Web Pilot: the extension's toggle; then the approval engine, for
modes that can change things) -> run the hand-written handler, or leave it running in the
background when a long-running mode is called with background set -> structured result.
Every failure becomes a ToolError result that names the mode and the parameter at fault;
only an unknown tool is a protocol error. A handler that crashes fails its call, never the
process.
"""

from __future__ import annotations

import importlib
import json
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property, partial
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ValidationError

from gasoline.contract import CallContext, ModeEntry, ProgressReporter
from gasoline_generated.dispatch import APPROVAL_PARAMETER, APPROVAL_PARAMETER_PATTERN, HANDLER_CLASSES, MODES

from .errors import ToolFailure, UnknownTool

if TYPE_CHECKING:
    from gasoline.runtime import Runtime

log = logging.getLogger(__name__)
APPROVAL_ID = re.compile(APPROVAL_PARAMETER_PATTERN)


@dataclass(frozen=True)
class ToolResult:
    structured: dict[str, Any]
    is_error: bool = False

    @classmethod
    def failed(cls, failure: ToolFailure) -> ToolResult:
        return cls(failure.error.model_dump(mode="json", by_alias=True), is_error=True)

    @cached_property
    def text(self) -> str:
        """The compact text form that accompanies the structured result."""
        if self.is_error:
            return self.structured["message"]
        return json.dumps(self.structured, separators=(",", ":"), ensure_ascii=False)


def load_handler_class(path: str) -> type:
    module_name, _, class_name = path.partition(":")
    return getattr(importlib.import_module(module_name), class_name)


class Dispatcher:
    def __init__(
        self,
        runtime: Runtime,
        modes: Mapping[tuple[str, str], ModeEntry] = MODES,
        handler_classes: Mapping[str, str] = HANDLER_CLASSES,
    ) -> None:
        self._modes = modes
        self._approvals = runtime.approvals
        self._extension = runtime.extension
        self._background = runtime.background
        self._published: dict[str, list[ModeEntry]] = {}
        for entry in modes.values():
            if entry.published:
                self._published.setdefault(entry.tool, []).append(entry)
        tools = [tool for tool in handler_classes if tool in self._published]
        self._handlers = {tool: load_handler_class(handler_classes[tool])(runtime) for tool in tools}

    @property
    def tools(self) -> tuple[str, ...]:
        """The published tools, in tools/list order."""
        return tuple(self._handlers)

    def published_modes(self, tool: str) -> list[ModeEntry]:
        return self._published.get(tool, [])

    def call(
        self, tool: str, arguments: Mapping[str, Any] | None, progress: ProgressReporter | None = None
    ) -> ToolResult:
        """Run one tools/call. Raises UnknownTool; every other failure is an error result."""
        if tool not in self._handlers:
            raise UnknownTool(tool, self.tools)
        try:
            entry = self._entry(tool, arguments or {})
            own = {name: value for name, value in (arguments or {}).items() if name != entry.mode_key}
            approval_id = own.pop(APPROVAL_PARAMETER, None) if "approval" in entry.gates else None
            params = self._validate(entry, own, approval_id)
            if "ai_web_pilot" in entry.gates:
                self._check_ai_web_pilot(entry)
            describe = getattr(self._handlers[tool], f"describe_{entry.mode}", None)
            self._approvals.check(entry, params, own, approval_id, partial(describe, params) if describe else None)
        except ToolFailure as failure:
            log.info("%s refused: %s", tool, failure.error.message)
            return ToolResult.failed(failure)
        if entry.long_running and getattr(params, "background", False) is True:
            started = self._background.start(entry.mode, partial(self._run, entry, params, CallContext(entry)))
            return ToolResult(started.model_dump(mode="json"))
        return self._run(entry, params, CallContext(entry, progress) if progress else CallContext(entry))

    def _run(self, entry: ModeEntry, params: BaseModel, context: CallContext) -> ToolResult:
        try:
            result = getattr(self._handlers[entry.tool], entry.mode)(params, context)
            if not isinstance(result, entry.result_model):
                raise TypeError(f"handler returned {type(result).__name__}, not {entry.result_model.__name__}")
            return ToolResult(result.model_dump(mode="json", by_alias=True))
        except ToolFailure as failure:
            log.info("%s refused: %s", entry.tool, failure.error.message)
            return ToolResult.failed(failure)
        except Exception as error:
            log.exception("tool %s failed", entry.tool)
            return ToolResult.failed(
                ToolFailure("handler_failed", f"{entry.tool} failed: {type(error).__name__}: {error}", tool=entry.tool)
            )

    def _check_ai_web_pilot(self, entry: ModeEntry) -> None:
        """Only the person at the browser can switch AI Web Pilot on, in the extension's popup."""
        where = {"tool": entry.tool, "mode": entry.mode}
        synced = self._extension.current()
        if synced is None:
            raise ToolFailure(
                "extension_not_connected",
                f"{entry.label} acts in the browser, and no Gasoline extension is connected.",
                **where,
            )
        if not synced.settings.aiWebPilotEnabled:
            raise ToolFailure(
                "ai_web_pilot_disabled", "Enable 'AI Web Pilot' in extension popup to use this tool", **where
            )

    def _entry(self, tool: str, arguments: Mapping[str, Any]) -> ModeEntry:
        published = self.published_modes(tool)
        key = published[0].mode_key
        mode = arguments.get(key)
        entry = self._modes.get((tool, mode)) if isinstance(mode, str) else None
        if entry is not None and entry.published:
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
            raise ToolFailure(
                "invalid_arguments", f"{entry.label}: {summary}", tool=entry.tool, mode=entry.mode, problems=problems
            )
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

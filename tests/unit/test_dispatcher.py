"""The tool-call path: lookup, per-mode validation, handler, structured result or structured error."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import replace

import pytest
from pydantic import BaseModel

from gasoline import __version__
from gasoline.composition import DaemonConfig, create_daemon, create_services
from gasoline.contract import CallContext, ModeHandler
from gasoline.core.dispatch import Dispatcher
from gasoline.core.errors import UnknownTool
from gasoline.text_forms import ModelText
from gasoline_generated.dispatch import MODES, handler_table
from gasoline_generated.models import ConfigureHealthParams, ConfigureHealthResult, ToolError


@pytest.fixture(scope="module")
def dispatcher() -> Dispatcher:
    return create_daemon().dispatcher


def test_health_returns_a_structured_result_valid_against_its_model(dispatcher: Dispatcher) -> None:
    result = dispatcher.call("configure", {"action": "health"})
    assert not result.is_error
    health = ConfigureHealthResult.model_validate(result.structured)
    assert (health.service, health.pid) == ("gasoline", os.getpid())
    by_tool = {tool.name: tool for tool in health.tools}
    assert list(by_tool) == ["observe", "analyze", "interact", "configure"]
    for (tool, mode), entry in MODES.items():
        assert mode in (by_tool[tool].published_modes if entry.published else by_tool[tool].planned_modes)
    assert result.text.startswith(f"gasoline {__version__}, pid {os.getpid()}, up ")


def errors_of(dispatcher: Dispatcher, tool: str, arguments: Mapping[str, object] | None) -> ToolError:
    result = dispatcher.call(tool, arguments)
    assert result.is_error
    error = ToolError.model_validate(result.structured)
    assert result.text == error.message
    return error


def test_an_unknown_parameter_names_the_mode_and_the_parameter(dispatcher: Dispatcher) -> None:
    error = errors_of(dispatcher, "configure", {"action": "health", "verbose": True})
    assert error.error == "invalid_arguments" and (error.tool, error.mode) == ("configure", "health")
    assert error.message == "configure(action='health'): verbose: unknown parameter (health takes: no parameters)"
    assert [(p.parameter, p.message) for p in error.problems] == [
        ("verbose", "unknown parameter (health takes: no parameters)")
    ]


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        ({}, "configure: 'action' is required; one of: agent_watch, clear, health, snapshot"),
        (None, "configure: 'action' is required; one of: agent_watch, clear, health, snapshot"),
        (
            {"action": "reboot"},
            "configure: action='reboot' is not a mode; one of: agent_watch, clear, health, snapshot",
        ),
        (
            {"action": ["health"]},
            "configure: action=['health'] is not a mode; one of: agent_watch, clear, health, snapshot",
        ),
    ],
)
def test_a_missing_or_unknown_mode_lists_the_modes_there_are(
    dispatcher: Dispatcher, arguments: dict | None, expected: str
) -> None:
    error = errors_of(dispatcher, "configure", arguments)
    assert (error.error, error.message) == ("unknown_mode", expected)


def test_a_planned_mode_says_it_is_planned() -> None:
    """A mode the spec declares but does not publish yet (here agent_watch, as if planned)."""
    daemon = create_daemon()
    modes = {key: replace(entry, published=key != ("configure", "agent_watch")) for key, entry in MODES.items()}
    handlers = handler_table(daemon.handlers, daemon.services.browser)
    services = daemon.services
    planned = Dispatcher(modes, handlers, services.approvals, services.extension, services.background, ModelText())
    error = errors_of(planned, "configure", {"action": "agent_watch"})
    assert (error.error, error.message) == (
        "unknown_mode",
        "configure: action='agent_watch' is planned but not available yet; one of: clear, health, snapshot",
    )


@pytest.mark.parametrize("tool", ["nonsense", "", "Analyze"])
def test_a_tool_with_no_published_mode_is_unknown(dispatcher: Dispatcher, tool: str) -> None:
    with pytest.raises(UnknownTool, match="the tools are: observe, analyze, interact, configure"):
        dispatcher.call(tool, {"what": "errors"})


class Broken:
    """A handler whose mode crashes, and one that returns the wrong type."""

    def __init__(self) -> None:
        self.calls = 0

    def health(self, params: BaseModel, ctx: CallContext) -> ConfigureHealthResult:
        self.calls += 1
        raise RuntimeError("disk on fire")


def dispatcher_with(handler: type) -> Dispatcher:
    """A dispatcher whose only mode, configure(action='health'), is served by the given class."""
    services = create_services(DaemonConfig())
    return Dispatcher(
        {("configure", "health"): MODES[("configure", "health")]},
        {("configure", "health"): ModeHandler(handler().health)},
        services.approvals,
        services.extension,
        services.background,
        ModelText(),
    )


def test_a_crashing_handler_fails_its_call_not_the_dispatcher() -> None:
    dispatcher = dispatcher_with(Broken)
    for _ in range(2):
        error = errors_of(dispatcher, "configure", {"action": "health"})
        assert (error.error, error.message) == ("handler_failed", "configure failed: RuntimeError: disk on fire")


class WrongResult(Broken):
    def health(self, params: BaseModel, ctx: CallContext) -> ConfigureHealthResult:
        return ConfigureHealthParams()  # type: ignore[return-value]


def test_a_result_of_the_wrong_model_is_a_failure_not_a_response() -> None:
    error = errors_of(dispatcher_with(WrongResult), "configure", {"action": "health"})
    assert "returned ConfigureHealthParams, not ConfigureHealthResult" in error.message


class Reporting(Broken):
    def health(self, params: BaseModel, ctx: CallContext) -> ConfigureHealthResult:
        ctx.progress(1, 2, "halfway")
        raise RuntimeError("stop")


def test_progress_reaches_the_caller() -> None:
    dispatcher = dispatcher_with(Reporting)
    seen: list[tuple[float, float | None, str | None]] = []
    dispatcher.call("configure", {"action": "health"}, progress=lambda *update: seen.append(update))
    assert seen == [(1, 2, "halfway")]

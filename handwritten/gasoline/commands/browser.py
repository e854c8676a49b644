"""Run one command in the browser for a tool call: its result, or the ToolFailure that says why not.

The call never hangs: with no extension connected it fails within timeouts.no_extension_ms;
otherwise it waits the command's own limit plus a grace, so the extension's own report of a
timeout (which says more) arrives first.
"""

from __future__ import annotations

import time
from typing import TypeVar

from pydantic import BaseModel

from gasoline.capture.extension import ExtensionLink
from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline.core.missing import given
from gasoline_generated.models import CommandError
from gasoline_generated.policy import COMMAND_TIMEOUTS_MS, LIMITS

from .channel import CommandChannel, Pending

Result = TypeVar("Result", bound=BaseModel)


class Browser:
    def __init__(
        self,
        channel: CommandChannel,
        extension: ExtensionLink,
        no_extension_seconds: float = LIMITS.timeouts.no_extension_ms / 1000,
        grace_seconds: float = LIMITS.timeouts.command_grace_ms / 1000,
    ) -> None:
        self.channel = channel
        self.extension = extension
        self.no_extension_seconds = no_extension_seconds
        self.grace_seconds = grace_seconds

    def forward(self, params: BaseModel, ctx: CallContext) -> BaseModel:
        """Run a mode that only forwards its arguments to its browser command. A mode whose approval
        binds a tab runs in the tab the approval names, else in the tab the extension last reported."""
        entry = ctx.entry
        if entry.command is None:
            raise TypeError(f"{entry.label} does not forward to a browser command")
        timeout = getattr(params, entry.command_timeout_param) if entry.command_timeout_param else None
        tab_id = self.tab_for(ctx) if entry.scope[0] == "tab" else None
        return self.run(ctx, entry.command, params, entry.result_model, timeout_ms=timeout, tab_id=tab_id)

    def tab_for(self, ctx: CallContext) -> int | None:
        """The tab a call acts in: the one its approval names, else the one the extension reports."""
        return self.extension.tab_id() if ctx.tab_id is None else ctx.tab_id

    def run(
        self,
        ctx: CallContext,
        kind: str,
        params: BaseModel,
        expected: type[Result],
        *,
        timeout_ms: int | None = None,
        tab_id: int | None = None,
        selector_parameter: str = "selector",
    ) -> Result:
        """The command's result, which is an `expected`. selector_parameter names the call's
        argument to blame when the page refuses a selector."""
        if not self.extension.wait_connected(self.no_extension_seconds):
            raise ToolFailure.of(
                ctx.entry,
                "extension_not_connected",
                "No Gasoline extension is connected: open Chromium or Chrome with the extension installed "
                f"and pointed at this daemon (it syncs every {LIMITS.extension.poll_wait_ms // 1000} s).",
            )
        timeout_ms = timeout_ms or COMMAND_TIMEOUTS_MS[kind]
        body = params.model_dump(mode="json", by_alias=True)
        pending = self.channel.issue(kind, body, timeout_ms, tab_id)
        ctx.progress(0, 2, "sent to the browser")
        deadline = time.monotonic() + timeout_ms / 1000 + self.grace_seconds
        if pending.acknowledged.wait(max(0.0, deadline - time.monotonic())):
            ctx.progress(1, 2, "running in the page")
        if not pending.answered.wait(max(0.0, deadline - time.monotonic())):
            self.channel.withdraw(pending)
            raise self._no_answer(ctx, pending, timeout_ms)
        ctx.progress(2, 2, "done")
        answer = pending.answer().root
        result = given(answer.result)
        if answer.status == "ok" and result is not None:
            if not isinstance(result, expected):
                raise TypeError(f"{kind} answered {type(result).__name__}, not {expected.__name__}")
            return result
        error = given(answer.error) or CommandError(code="unsupported", message="the extension sent no result")
        raise failure_of(ctx, error, timeout_ms, selector_parameter)

    def _no_answer(self, ctx: CallContext, pending: Pending, timeout_ms: int) -> ToolFailure:
        picked_up = pending.acknowledged.is_set()
        where = "the page did not answer" if picked_up else "the extension did not pick the command up"
        return ToolFailure(
            "timeout",
            f"{ctx.entry.label}: {where} within {timeout_ms} ms.",
            tool=ctx.entry.tool,
            mode=ctx.entry.mode,
            details={"timeout_ms": timeout_ms, "picked_up": picked_up},
        )


def failure_of(ctx: CallContext, error: CommandError, timeout_ms: int, selector_parameter: str) -> ToolFailure:
    """What the browser reported, as the tool error a client can act on."""
    message = f"{ctx.entry.label}: {error.message}"
    blamed = {"invalid_selector": selector_parameter, "snapshot_not_found": "snapshot_name"}.get(error.code)
    if blamed:
        return bad_argument(ctx.entry, blamed, error.message)
    if error.code == "tab_gone":
        return ToolFailure.of(ctx.entry, "tab_gone", message)
    if error.code == "timeout":
        return timeout_failure(ctx, error, message, timeout_ms)
    details = {"code": error.code} | ({"stack": error.stack} if isinstance(error.stack, str) else {})
    return ToolFailure.of(ctx.entry, "command_failed", message, details=details)


STUCK_TAB_RECOVERY = (
    "Close the tab: a reload waits for the script too. interact(action='new_tab', url=...) then opens the page again."
)


def timeout_failure(ctx: CallContext, error: CommandError, message: str, timeout_ms: int) -> ToolFailure:
    """A command past its limit. A script's timeout says whether it still blocks the tab (tab_stuck),
    and when it does, how to get the tab back."""
    tab_stuck = given(error.tab_stuck)
    if tab_stuck is None:
        return ToolFailure.of(ctx.entry, "timeout", message, details={"timeout_ms": timeout_ms})
    details: dict[str, object] = {"timeout_ms": timeout_ms, "code": "script_timeout", "tab_stuck": tab_stuck}
    if tab_stuck:
        details["recovery"] = STUCK_TAB_RECOVERY
        message = f"{message}. {STUCK_TAB_RECOVERY}"
    return ToolFailure.of(ctx.entry, "timeout", message, details=details)

"""Tools served in this process: the dispatcher behind tools/call, with the server stage of redaction.

Every result passes the redactor before it leaves the daemon; if redaction fails, the result is
withheld and replaced by a redaction_failed error, never sent raw.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from gasoline.safety.redaction import RedactionUnavailable, Redactor

from .catalog import published_tools
from .dispatch import Dispatcher
from .errors import ToolFailure, UnknownTool
from .jsonrpc import INVALID_PARAMS, RpcError
from .protocol import Exchange
from .results import Continuations, call_tool_result

REDACTION_META = "dev.gasoline/redaction"


class LocalTools:
    def __init__(
        self, dispatcher: Dispatcher, redactor: Redactor, continuations: Continuations, max_result_bytes: int
    ) -> None:
        self.dispatcher = dispatcher
        self.redactor = redactor
        self.continuations = continuations
        self.max_result_bytes = max_result_bytes

    def list(self) -> list[dict[str, Any]]:
        return published_tools()

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        progress = exchange.progress if exchange.progress_token is not None else None
        try:
            result = self.dispatcher.call(name, arguments, progress)
        except UnknownTool as error:
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}", {"tools": list(self.dispatcher.tools)}) from error
        try:
            safe = replace(result, structured=self.redactor.value(result.structured))
        except RedactionUnavailable as error:
            stats = self.redactor.stats().model_dump(by_alias=True)
            safe = ToolFailure("redaction_failed", f"{name}: {error}", tool=name, details=stats).result()
        reply = call_tool_result(safe, self.continuations, self.max_result_bytes)
        reply["_meta"] = {
            REDACTION_META: {
                "policy_version": self.redactor.version,
                "redacted_count": self.redactor.masks_in(safe.text),
            }
        }
        return reply

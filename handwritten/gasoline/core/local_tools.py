"""Tools served in this process: the dispatcher behind the MCP tools/call method."""

from __future__ import annotations

from typing import Any

from .catalog import published_tools
from .dispatch import Dispatcher
from .errors import UnknownTool
from .jsonrpc import INVALID_PARAMS, RpcError
from .protocol import Exchange
from .results import Continuations, call_tool_result


class LocalTools:
    def __init__(self, dispatcher: Dispatcher, continuations: Continuations, max_result_bytes: int) -> None:
        self.dispatcher = dispatcher
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
        return call_tool_result(result, self.continuations, self.max_result_bytes)

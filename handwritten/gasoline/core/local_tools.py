"""Tools served in this process: the dispatcher behind tools/call, with the server stage of redaction.

Every result passes the redactor before it leaves the daemon; if redaction fails, the result is
withheld and replaced by a redaction_failed error, never sent raw.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from gasoline.contract import RepositoryUnknown
from gasoline_generated.policy import LIMITS

from .catalog import published_tools
from .dispatch import Dispatcher
from .errors import RedactionUnavailable, ToolFailure, UnknownTool
from .jsonrpc import INVALID_PARAMS, RpcError
from .ports import ResultRedactor
from .protocol import Exchange, Session
from .requesters import requester_of
from .results import Continuations, call_tool_result
from .roots import CLIENT_META, HOW_TO_NAME_ONE, REPOSITORY_META, RootsUnanswered, ask_roots

REDACTION_META = "dev.gasoline/redaction"


class CallRecorder(Protocol):
    def called(
        self, session: Session, tool: str, arguments: dict[str, Any], reply: dict[str, Any], client: str | None
    ) -> None:
        """Note a call of a client's session and its reply (redacted), without making it wait; client:
        the name of the client a bridge speaks for."""
        ...


class LocalTools:
    def __init__(
        self,
        dispatcher: Dispatcher,
        redactor: ResultRedactor,
        continuations: Continuations,
        max_result_bytes: int,
        recorder: CallRecorder | None = None,
    ) -> None:
        self.dispatcher = dispatcher
        self.redactor = redactor
        self.continuations = continuations
        self.max_result_bytes = max_result_bytes
        self.recorder = recorder

    def list(self) -> list[dict[str, Any]]:
        return published_tools()

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        progress = exchange.progress if exchange.progress_token is not None else None
        try:
            result = self.dispatcher.call(
                name, arguments, progress, directory_finder(exchange), requester=requester_of(exchange)
            )
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
        if self.recorder is not None and exchange.session is not None:
            client = exchange.meta.get(CLIENT_META)
            self.recorder.called(exchange.session, name, arguments, reply, client if isinstance(client, str) else None)
        return reply


def directory_finder(exchange: Exchange) -> Callable[[], Path]:
    """Finds the directory the calling client works in when a tool asks: the one its bridge names,
    else the first of the roots the client declares (asked then), else none."""

    def find() -> Path:
        named = exchange.meta.get(REPOSITORY_META)
        if isinstance(named, str) and named:
            return a_directory(Path(named), "the repository the bridge named")
        if "roots" not in exchange.client_capabilities:
            raise RepositoryUnknown(f"no repository is known for this client: {HOW_TO_NAME_ONE}")
        try:
            root = ask_roots(exchange, LIMITS.mcp.roots_answer_ms / 1000)
        except RootsUnanswered as error:
            raise RepositoryUnknown(f"the client's roots could not be read ({error}): {HOW_TO_NAME_ONE}") from error
        if root is None:
            raise RepositoryUnknown(f"the client's roots name no file:// directory: {HOW_TO_NAME_ONE}")
        return a_directory(root, "the client's first root")

    return find


def a_directory(path: Path, what: str) -> Path:
    if not path.is_absolute() or not path.is_dir():
        raise RepositoryUnknown(f"{what}, {str(path)!r}, is not a directory: {HOW_TO_NAME_ONE}")
    return path

"""MCP clients' sessions in the event log: a session opens one at initialize (on stdio through a
bridge, or on HTTP), and each of its tool calls is recorded there with its result's text, on the
log's own thread, so the call does not wait. An interact call is also noted among the recent
actions that the panel's evidence shows."""

from __future__ import annotations

import contextlib
import itertools
from typing import Any

from gasoline.core.errors import RedactionUnavailable
from gasoline.core.protocol import Session

from .actions import RecentActions, action_line
from .sessions import SessionLog


class McpSessions:
    def __init__(self, log: SessionLog, actions: RecentActions, text_chars: int) -> None:
        self.log = log
        self.actions = actions
        self.text_chars = text_chars
        self._calls = itertools.count(1)

    def opened(self, session: Session) -> None:
        name = session.client_info.get("name")
        session.log_id = self.log.open(session.transport, name if isinstance(name, str) else "").session_id

    def called(
        self, session: Session, tool: str, arguments: dict[str, Any], reply: dict[str, Any], client: str | None
    ) -> None:
        if session.log_id is None:
            return
        if client and session.log_name != client:  # a bridge names the client it speaks for
            session.log_name = client
            self.log.record_update(session.log_id, client_name=client)
        text = "".join(part.get("text", "") for part in reply.get("content", []) if isinstance(part, dict))
        ok = not reply.get("isError", False)
        call_id = f"mcp_{next(self._calls)}"
        self.log.record(
            session.log_id, "tool_call", 0, tool_call={"call_id": call_id, "tool": tool, "arguments": arguments}
        )
        result = {"call_id": call_id, "ok": ok, "text": text[: self.text_chars]}
        self.log.record(session.log_id, "tool_result", 0, redacted=True, tool_result=result)  # the client's, redacted
        if tool == "interact":
            with contextlib.suppress(RedactionUnavailable):  # an action that cannot be masked is not shown
                self.actions.note(action_line(tool, self.log.redactor.value(arguments), ok))

"""MCP over streamable HTTP: the /mcp endpoint of the daemon (a falcon resource).

POST carries one JSON-RPC message. A request is answered with one JSON object, or with an
SSE stream when notifications (progress, logs) or requests to the client come before the
result; notifications and replies get 202. The legacy era keeps a session per client
(Mcp-Session-Id, issued at initialize, ended by DELETE); the modern era is stateless and
checks that the Mcp-Method and Mcp-Name headers agree with the body.
"""

from __future__ import annotations

import base64
import queue
import secrets
import threading
import time
from collections.abc import Iterator
from typing import Any

import falcon
from pydantic_core import to_json

from gasoline.core import jsonrpc
from gasoline.core.jsonrpc import INVALID_REQUEST, InvalidMessage, Notification, Reply, Request, RpcError
from gasoline.core.protocol import (
    HEADER_MISMATCH,
    LEGACY_VERSIONS,
    META,
    MISSING_CLIENT_CAPABILITY,
    UNSUPPORTED_PROTOCOL_VERSION,
    Exchange,
    McpServer,
    Session,
    check_modern_meta,
    check_modern_version,
)

SESSION_HEADER = "Mcp-Session-Id"
NAMED_METHODS = {"tools/call": "name", "resources/read": "uri", "prompts/get": "name"}
# A request without MCP-Protocol-Version, or with one of these, belongs to the legacy (session) era;
# any other value is the modern era's, whose checks then say whether it is supported.
# Older versions a client may name in the header; they are answered as the legacy era.
LEGACY_HEADER_VERSIONS = frozenset({"2024-11-05", "2025-03-26", *LEGACY_VERSIONS})
MODERN_ERROR_STATUS = {
    jsonrpc.PARSE_ERROR: 400,
    INVALID_REQUEST: 400,
    jsonrpc.INVALID_PARAMS: 400,
    HEADER_MISMATCH: 400,
    MISSING_CLIENT_CAPABILITY: 400,
    UNSUPPORTED_PROTOCOL_VERSION: 400,
    jsonrpc.METHOD_NOT_FOUND: 404,
}


class Sessions:
    """Legacy-era sessions by id; one idle too long is ended, and past `most` sessions a new one
    ends the one unused longest (a client that opens sessions and forgets them cannot fill memory;
    one whose session was ended is told, as for any unknown session, to start a new one)."""

    def __init__(self, idle_seconds: float, most: int) -> None:
        self.idle_seconds = idle_seconds
        self.most = most
        self._sessions: dict[str, Session] = {}
        self._lock = threading.Lock()

    def create(self) -> Session:
        session = Session(id=secrets.token_hex(16), transport="http")
        with self._lock:
            self._expire()
            evicted = (
                min(self._sessions.values(), key=lambda s: s.last_seen) if len(self._sessions) >= self.most else None
            )
            self._sessions[session.id] = session
        if evicted is not None:
            self.end(evicted.id)
        return session

    def get(self, session_id: str) -> Session | None:
        with self._lock:
            self._expire()
            return self._sessions.get(session_id)

    def end(self, session_id: str) -> bool:
        with self._lock:
            session = self._sessions.pop(session_id, None)
        if session is not None:
            for exchange in list(session.in_flight.values()):
                exchange.cancel()
        return session is not None

    def clients(self) -> list[str]:
        """The clientInfo name of each open session."""
        with self._lock:
            self._expire()
            return [session.client_info.get("name", "") for session in self._sessions.values()]

    def _expire(self) -> None:
        deadline = time.monotonic() - self.idle_seconds
        for session_id in [i for i, s in self._sessions.items() if s.last_seen < deadline and not s.in_flight]:
            del self._sessions[session_id]


def reply(resp: falcon.Response, status: int, message: dict[str, Any] | None) -> None:
    resp.status = status
    if message is not None:
        resp.content_type = falcon.MEDIA_JSON
        resp.data = to_json(message)


def http_status(response: dict[str, Any], modern: bool) -> int:
    """A legacy client reads JSON-RPC errors only from 2xx answers; the modern era maps them to HTTP statuses."""
    if "error" not in response or not modern:
        return 200
    return MODERN_ERROR_STATUS.get(response["error"].get("code"), 200)


def header_value(value: str | None) -> str | None:
    """A header as sent: trimmed, and decoded when it uses the base64 sentinel form =?base64?...?=."""
    if value is None:
        return None
    value = value.strip()
    if value.startswith("=?base64?") and value.endswith("?="):
        try:
            return base64.b64decode(value[9:-2]).decode()
        except ValueError:
            return value
    return value


class McpEndpoint:
    def __init__(self, server: McpServer, sessions: Sessions, max_body_bytes: int) -> None:
        self.server = server
        self.sessions = sessions
        self.max_body_bytes = max_body_bytes

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        self._not_allowed(resp)

    def on_delete(self, req: falcon.Request, resp: falcon.Response) -> None:
        """End a legacy-era session. The modern era has none to end (405), once its version is one we speak."""
        session_id = req.get_header(SESSION_HEADER)
        if self.modern(req):
            try:
                check_modern_version(header_value(req.get_header("MCP-Protocol-Version")) or "")
            except RpcError as failure:
                return reply(resp, 400, jsonrpc.error(None, failure))
            self._not_allowed(resp)
        elif not session_id:
            reply(
                resp, 400, jsonrpc.error(None, RpcError(INVALID_REQUEST, f"DELETE needs the {SESSION_HEADER} header"))
            )
        elif self.sessions.end(session_id):
            resp.status = 204
        else:
            reply(resp, 404, jsonrpc.error(None, RpcError(INVALID_REQUEST, "Session not found")))

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        # A declared length says it before anything is read; a body without one shows it by reading one byte more.
        if (req.content_length or 0) > self.max_body_bytes or len(
            body := req.bounded_stream.read(self.max_body_bytes + 1)
        ) > self.max_body_bytes:
            req.bounded_stream.exhaust()
            failure = RpcError(INVALID_REQUEST, f"the body is larger than {self.max_body_bytes} bytes")
            return reply(resp, 413, jsonrpc.error(None, failure))
        if not (req.content_type or "").lower().startswith("application/json"):
            return reply(
                resp, 415, jsonrpc.error(None, RpcError(INVALID_REQUEST, "Content-Type must be application/json"))
            )
        try:
            message = jsonrpc.parse(body)
        except InvalidMessage as failure:
            return reply(resp, 400, jsonrpc.error(failure.id, failure))
        modern = self.modern(req)
        try:
            session = None if modern else self.session_for(req, resp, message)
            if modern:
                self.check_modern(req, message)
        except RpcError as failure:
            status = 404 if isinstance(failure, _UnknownSession) else 400
            return reply(resp, status, jsonrpc.error(getattr(message, "id", None), failure))
        if isinstance(message, Notification):
            self.server.notify(message, session)
            resp.status = 202
        elif isinstance(message, Reply):
            if session is not None:
                session.resolve(message)
            resp.status = 202
        else:
            self.answer(message, session, modern, resp)

    @staticmethod
    def modern(req: falcon.Request) -> bool:
        header = header_value(req.get_header("MCP-Protocol-Version"))
        return header is not None and header not in LEGACY_HEADER_VERSIONS

    @staticmethod
    def _not_allowed(resp: falcon.Response) -> None:
        resp.set_header("Allow", "POST, DELETE")
        reply(
            resp, 405, jsonrpc.error(None, RpcError(INVALID_REQUEST, "Method not allowed: POST one message at a time"))
        )

    def check_modern(self, req: falcon.Request, message: Any) -> None:
        """The modern era's checks before dispatch: _meta first, then each routing header against the body."""
        if isinstance(message, Reply):
            raise RpcError(INVALID_REQUEST, "Invalid Request: responses are not accepted in protocol 2026-07-28")
        if isinstance(message, Notification):
            return
        # The version the client sent decides what the rest means, so it is checked first.
        check_modern_version(header_value(req.get_header("MCP-Protocol-Version")) or "")
        check_modern_meta(message.params)
        name_key = NAMED_METHODS.get(message.method)
        expected = {
            "MCP-Protocol-Version": message.params["_meta"][META + "protocolVersion"],
            "Mcp-Method": message.method,
            **({"Mcp-Name": message.params.get(name_key)} if name_key else {}),
        }
        for header, value in expected.items():
            sent = header_value(req.get_header(header))
            if sent != value:
                raise RpcError(
                    HEADER_MISMATCH,
                    f"Header mismatch: {header} is {sent!r} but the body says {value!r}",
                    {"header": header, "expected": value, "received": sent},
                )
        return None

    def session_for(self, req: falcon.Request, resp: falcon.Response, message: Any) -> Session:
        if isinstance(message, Request) and message.method == "initialize":
            session = self.sessions.create()
            resp.set_header(SESSION_HEADER, session.id)
            return session
        session_id = req.get_header(SESSION_HEADER)
        if not session_id:
            raise RpcError(INVALID_REQUEST, f"Bad Request: missing {SESSION_HEADER}; send initialize first")
        known = self.sessions.get(session_id)
        if known is None:
            raise _UnknownSession(INVALID_REQUEST, "Session not found: it ended or never existed; initialize again")
        return known

    def answer(self, request: Request, session: Session | None, modern: bool, resp: falcon.Response) -> None:
        """Run the request; reply with JSON, or stream SSE when messages come before its result.

        A request that cannot send the client anything before its result runs right here;
        otherwise it runs in a worker, so each message reaches the client as it is sent.
        """
        if not self.server.may_message_client(request, session, modern):
            held: list[dict[str, Any]] = []
            final = self.server.handle(request, Exchange(request, held.append, session, modern=modern))
            if final is not None and held:
                resp.content_type = "text/event-stream"
                resp.stream = (_event(message) for message in [*held, final])
            else:
                _final(resp, final, modern)
            return
        events: queue.Queue[tuple[bool, dict[str, Any] | None]] = queue.Queue()
        exchange = Exchange(
            request, lambda message: events.put((False, message)), session, modern=modern, streaming=True
        )

        def work() -> None:
            events.put((True, self.server.handle(request, exchange)))

        threading.Thread(target=work, name=f"gasoline-mcp-{request.method}", daemon=True).start()
        done, first = events.get()
        if done:
            _final(resp, first, modern)
            return
        resp.status = 200
        resp.content_type = "text/event-stream"
        resp.set_header("Cache-Control", "no-cache")
        resp.stream = _sse(first, events)


def _final(resp: falcon.Response, message: dict[str, Any] | None, modern: bool) -> None:
    """A request's last word as a plain reply: 202 when there is none (a notification's)."""
    if message is None:
        resp.status = 202
    else:
        reply(resp, http_status(message, modern), message)


def _event(message: dict[str, Any]) -> bytes:
    return b"event: message\ndata: " + to_json(message) + b"\n\n"


def _sse(first: dict[str, Any] | None, events: queue.Queue[tuple[bool, dict[str, Any] | None]]) -> Iterator[bytes]:
    message, final = first, False
    while True:
        if message is not None:
            yield _event(message)
        if final:
            return
        final, message = events.get()


class _UnknownSession(RpcError):
    """A session id this daemon does not know (it ended, or the daemon restarted): 404."""

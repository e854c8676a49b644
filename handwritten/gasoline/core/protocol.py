"""The MCP protocol core: one method table for every transport and both protocol eras.

Transports (stdio lines, HTTP POSTs) parse messages and hand each request to McpServer.handle
with an Exchange: the request's own channel back to the client, for progress, logs and
server-to-client requests. The legacy era (2025-11-25, 2025-06-18) starts with initialize and
keeps a Session; the modern era (2026-07-28) is stateless, every request carrying its protocol
version and client capabilities in _meta.
"""

from __future__ import annotations

import base64
import builtins
import itertools
import logging
import threading
import time
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from gasoline_generated.policy import LIMITS

from . import jsonrpc
from .jsonrpc import INTERNAL_ERROR, INVALID_PARAMS, METHOD_NOT_FOUND, Notification, Reply, Request, RequestId, RpcError

log = logging.getLogger(__name__)
LEGACY_VERSIONS = ("2025-11-25", "2025-06-18")
MODERN_VERSION = "2026-07-28"
META = "io.modelcontextprotocol/"
LOG_LEVELS = ("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency")
LEGACY_ONLY_METHODS = frozenset(
    {"initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe"}
)
MODERN_ONLY_METHODS = frozenset({"server/discover"})
# Modern results that a client may cache, and so carry ttlMs and cacheScope.
CACHEABLE_METHODS = frozenset(
    {"server/discover", "tools/list", "prompts/list", "resources/list", "resources/templates/list", "resources/read"}
)
HEADER_MISMATCH = -32020
MISSING_CLIENT_CAPABILITY = -32021
UNSUPPORTED_PROTOCOL_VERSION = -32022

Send = Callable[[dict[str, Any]], None]


@dataclass(frozen=True)
class ServerInfo:
    name: str
    version: str
    title: str | None = None
    instructions: str | None = None

    def to_json(self) -> dict[str, str]:
        info = {"name": self.name, "version": self.version}
        if self.title:
            info["title"] = self.title
        return info


@dataclass
class Session:
    """A legacy-era client: who it is, what it can do, its log level, and the requests in flight either way."""

    id: str
    transport: Literal["stdio", "http"] = "stdio"  # a bridge's local socket carries its stdio client
    log_id: str | None = None  # the session's event log, once initialize opened one
    log_name: str | None = None  # the client the log names, when a bridge said whom it speaks for
    client_info: dict[str, Any] = field(default_factory=dict)
    client_capabilities: dict[str, Any] = field(default_factory=dict)
    log_level: str | None = None
    last_seen: float = field(default_factory=time.monotonic)
    in_flight: dict[RequestId, Exchange] = field(default_factory=dict)
    _asked: dict[RequestId, Future[Any]] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def touch(self) -> None:
        self.last_seen = time.monotonic()

    def expect_reply(self) -> tuple[str, Future[Any]]:
        future: Future[Any] = Future()
        with self._lock:
            request_id = f"s{self.id[:8]}-{next(self._ids)}"
            self._asked[request_id] = future
        return request_id, future

    def resolve(self, reply: Reply) -> bool:
        """Deliver the client's reply to one of our requests; False when nothing waits for it."""
        with self._lock:
            future = self._asked.pop(reply.id, None)
        if future is None:
            return False
        if reply.error is not None:
            future.set_exception(RpcError(reply.error.get("code", -32603), reply.error.get("message", "error")))
        else:
            future.set_result(reply.result)
        return True

    def forget(self, request_id: RequestId) -> None:
        with self._lock:
            self._asked.pop(request_id, None)


class Exchange:
    """One request being served, and its way back to the client while it runs."""

    def __init__(
        self,
        request: Request,
        send: Send,
        session: Session | None = None,
        *,
        modern: bool = False,
        streaming: bool = True,
    ) -> None:
        self.request = request
        self.session = session
        self.send = send
        self.modern = modern
        self.streaming = streaming  # whether what is sent reaches the client before the result
        self.cancelled = threading.Event()
        self._on_cancel: list[Callable[[], None]] = []
        meta = request.params.get("_meta") or {}
        self.meta: dict[str, Any] = meta if isinstance(meta, dict) else {}
        self.progress_token = self.meta.get("progressToken")
        self._progress_sent = 0.0

    def on_cancel(self, callback: Callable[[], None]) -> None:
        """Run callback if the client cancels this request (a forwarder passes the cancellation on)."""
        self._on_cancel.append(callback)

    def cancel(self) -> None:
        if not self.cancelled.is_set():
            self.cancelled.set()
            for callback in self._on_cancel:
                callback()

    @property
    def client_capabilities(self) -> dict[str, Any]:
        if self.modern:
            return self.meta.get(META + "clientCapabilities") or {}
        return self.session.client_capabilities if self.session else {}

    @property
    def log_level(self) -> str | None:
        if self.modern:
            return self.meta.get(META + "logLevel")
        return self.session.log_level if self.session else None

    def progress(self, progress: float, total: float | None = None, message: str | None = None) -> None:
        """notifications/progress for this request, when the client asked for it with a progress token."""
        if self.progress_token is None or self.cancelled.is_set():
            return
        params: dict[str, Any] = {"progressToken": self.progress_token, "progress": progress}
        if total is not None:
            params["total"] = total
        if message is not None:
            params["message"] = message
        self.send(jsonrpc.notification("notifications/progress", params))

    def log(self, level: str, data: Any, logger: str | None = None) -> None:
        """notifications/message, when the client asked for logs at this level or below."""
        wanted = self.log_level
        if wanted is None or LOG_LEVELS.index(level) < LOG_LEVELS.index(wanted):
            return
        params: dict[str, Any] = {"level": level, "data": data}
        if logger:
            params["logger"] = logger
        self.send(jsonrpc.notification("notifications/message", params))

    def ask(self, method: str, params: dict[str, Any], timeout: float) -> Any:
        """Send the client a request related to this one (sampling, elicitation) and wait for its reply.

        Legacy era only: a modern server asks by returning an input_required result instead.
        """
        if self.modern or self.session is None or not self.streaming:
            raise RuntimeError(f"{method}: a server-to-client request needs a streaming legacy-era session")
        request_id, future = self.session.expect_reply()
        params = {**params, "_meta": {**params.get("_meta", {}), "relatedRequestId": self.request.id}}
        self.send(jsonrpc.request(request_id, method, params))
        try:
            return future.result(timeout)
        except FutureTimeout:
            raise RpcError(
                jsonrpc.INTERNAL_ERROR, f"the client did not answer {method} within {timeout:.0f} s"
            ) from None
        finally:
            self.session.forget(request_id)


class Tools(Protocol):
    """What a server offers as tools: the list, and a call."""

    def list(self) -> list[dict[str, Any]]: ...

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        """The CallToolResult. Raises RpcError(INVALID_PARAMS) for an unknown tool."""
        ...


class Resources(Protocol):
    """Resources a server offers (the conformance fixture server; the daemon offers none)."""

    def list(self) -> builtins.list[dict[str, Any]]: ...

    def templates(self) -> builtins.list[dict[str, Any]]: ...

    def read(self, uri: str, exchange: Exchange) -> dict[str, Any]: ...


class Prompts(Protocol):
    def list(self) -> list[dict[str, Any]]: ...

    def get(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]: ...


class Completions(Protocol):
    def complete(self, params: dict[str, Any]) -> dict[str, Any]: ...


def client_era(meta: Any) -> bool:
    """Over stdio there are no headers: a request is of the modern era when its _meta says so."""
    return isinstance(meta, dict) and META + "protocolVersion" in meta


def check_modern_meta(params: dict[str, Any]) -> None:
    """The first check of every modern request: _meta with a protocol version and client capabilities."""
    meta = params.get("_meta")
    if not isinstance(meta, dict) or not isinstance(meta.get(META + "protocolVersion"), str):
        raise RpcError(
            INVALID_PARAMS, f"Invalid params: _meta[{META}protocolVersion] is required in protocol {MODERN_VERSION}"
        )
    if not isinstance(meta.get(META + "clientCapabilities"), dict):
        raise RpcError(
            INVALID_PARAMS, f"Invalid params: _meta[{META}clientCapabilities] is required in protocol {MODERN_VERSION}"
        )


def check_modern_version(requested: str) -> None:
    """A protocol version past the legacy ones must be the modern era's own."""
    if requested != MODERN_VERSION:
        raise RpcError(
            UNSUPPORTED_PROTOCOL_VERSION,
            f"Unsupported protocol version {requested!r}: this server supports {MODERN_VERSION},"
            f" and {' and '.join(LEGACY_VERSIONS)} negotiated through initialize",
            {"supported": [MODERN_VERSION], "requested": requested},
        )


Handler = Callable[[dict[str, Any], Exchange], dict[str, Any]]


class McpServer:
    """Answers MCP requests for one set of features, whatever carried them, in either era."""

    def __init__(
        self,
        info: ServerInfo,
        tools: Tools,
        *,
        resources: Resources | None = None,
        prompts: Prompts | None = None,
        completions: Completions | None = None,
        logging: bool = False,
        asks_clients: bool = False,
        page_size: int = LIMITS.mcp.list_page_size,
        notifications: Mapping[str, Callable[[], None]] | None = None,
        opened: Callable[[Session], None] | None = None,
    ) -> None:
        """notifications: what to do when the client sends one of these (by method); opened: what
        to do with a session once initialize told who its client is (open its event log)."""
        self.info = info
        self.logging = logging
        self.asks_clients = asks_clients
        self.tools = tools
        self.resources = resources
        self.prompts = prompts
        self.completions = completions
        self.page_size = page_size
        self.notifications = notifications or {}
        self.opened = opened
        self.methods: dict[str, Handler] = {
            "initialize": self._initialize,
            "ping": lambda params, exchange: {},
            "server/discover": self._discover,
            "tools/list": lambda params, exchange: self.paginate("tools", self.tools.list(), params),
            "tools/call": self._call_tool,
        }
        self.legacy_capabilities: dict[str, Any] = {"tools": {"listChanged": False}}
        self.modern_capabilities: dict[str, Any] = {"tools": {}}
        if resources is not None:
            self.methods.update(
                {
                    "resources/list": lambda params, exchange: self.paginate("resources", resources.list(), params),
                    "resources/templates/list": lambda params, exchange: self.paginate(
                        "resourceTemplates", resources.templates(), params
                    ),
                    "resources/read": self._read_resource,
                    "resources/subscribe": lambda params, exchange: {},
                    "resources/unsubscribe": lambda params, exchange: {},
                }
            )
            self.legacy_capabilities["resources"] = {"subscribe": True, "listChanged": False}
            self.modern_capabilities["resources"] = {}
        if prompts is not None:
            self.methods["prompts/list"] = lambda params, exchange: self.paginate("prompts", prompts.list(), params)
            self.methods["prompts/get"] = self._get_prompt
            self.legacy_capabilities["prompts"] = {"listChanged": False}
            self.modern_capabilities["prompts"] = {}
        if completions is not None:
            self.methods["completion/complete"] = lambda params, exchange: completions.complete(params)
            self.legacy_capabilities["completions"] = {}
            self.modern_capabilities["completions"] = {}
        if logging:
            self.methods["logging/setLevel"] = self._set_log_level
            self.legacy_capabilities["logging"] = {}

    def may_message_client(self, request: Request, session: Session | None, modern: bool) -> bool:
        """Whether serving this request may send the client something before its result:
        progress it asked for, logs it asked for, or a request of the server's own."""
        meta = request.params.get("_meta")
        meta = meta if isinstance(meta, dict) else {}
        if "progressToken" in meta or (self.asks_clients and request.method != "tools/list"):
            return True
        if not self.logging:
            return False
        return bool(meta.get(META + "logLevel")) if modern else bool(session and session.log_level)

    def handle(self, request: Request, exchange: Exchange) -> dict[str, Any] | None:
        """The JSON-RPC response to one request; None when the client cancelled it (nothing is sent then).
        Whatever fails while answering it, the client gets an error response, whichever transport it uses."""
        session = exchange.session
        if session is not None:
            session.touch()
            session.in_flight[request.id] = exchange
        try:
            response = jsonrpc.result(request.id, self.answer(request, exchange))
        except RpcError as failure:
            response = jsonrpc.error(request.id, failure)
        except Exception as error:  # the process survives whatever a request does, and the client is answered
            log.exception("%s failed outside its handler", request.method)
            response = jsonrpc.error(
                request.id, RpcError(INTERNAL_ERROR, f"Internal error: {type(error).__name__}: {error}")
            )
        finally:
            if session is not None:
                session.in_flight.pop(request.id, None)
        return None if exchange.cancelled.is_set() else response

    def answer(self, request: Request, exchange: Exchange) -> dict[str, Any]:
        if exchange.modern:
            check_modern_meta(request.params)
            check_modern_version(request.params["_meta"][META + "protocolVersion"])
        method = self.methods.get(request.method)
        removed = LEGACY_ONLY_METHODS if exchange.modern else MODERN_ONLY_METHODS
        if method is None or request.method in removed:
            raise RpcError(METHOD_NOT_FOUND, f"Method not found: {request.method}", {"method": request.method})
        result = method(request.params, exchange)
        if not exchange.modern:
            return result
        result = {**result, "resultType": result.get("resultType", "complete")}
        result["_meta"] = {**result.get("_meta", {}), META + "serverInfo": self.info.to_json()}
        if request.method in CACHEABLE_METHODS:
            result.setdefault("ttlMs", 0)
            result.setdefault("cacheScope", "private")
        return result

    def notify(self, notification: Notification, session: Session | None) -> None:
        """Handle a notification from the client; unknown ones are ignored, as the spec asks."""
        if notification.method in self.notifications:
            self.notifications[notification.method]()
        elif notification.method == "notifications/cancelled" and session is not None:
            request_id = notification.params.get("requestId")
            exchange = session.in_flight.get(request_id) if isinstance(request_id, str | int) else None
            if exchange is not None:
                exchange.cancel()

    def _initialize(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        requested = params.get("protocolVersion")
        version = requested if requested in LEGACY_VERSIONS else LEGACY_VERSIONS[0]
        if exchange.session is not None:
            session = exchange.session
            session.client_info = params.get("clientInfo") or {}
            session.client_capabilities = params.get("capabilities") or {}
            if self.opened is not None:
                self.opened(session)
        result: dict[str, Any] = {
            "protocolVersion": version,
            "capabilities": self.legacy_capabilities,
            "serverInfo": self.info.to_json(),
        }
        if self.info.instructions:
            result["instructions"] = self.info.instructions
        return result

    def _discover(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        result: dict[str, Any] = {"supportedVersions": [MODERN_VERSION], "capabilities": self.modern_capabilities}
        if self.info.instructions:
            result["instructions"] = self.info.instructions
        return result

    def _set_log_level(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        level = params.get("level")
        if level not in LOG_LEVELS:
            raise RpcError(INVALID_PARAMS, f"Invalid params: level must be one of {', '.join(LOG_LEVELS)}")
        if exchange.session is not None:
            exchange.session.log_level = level
        return {}

    def _call_tool(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        if not isinstance(name, str):
            raise RpcError(INVALID_PARAMS, "Invalid params: tools/call needs a tool name")
        if not isinstance(arguments, dict):
            raise RpcError(INVALID_PARAMS, "Invalid params: tools/call arguments must be an object")
        return self.tools.call(name, arguments, exchange)

    def _read_resource(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        uri = params.get("uri")
        if not isinstance(uri, str):
            raise RpcError(INVALID_PARAMS, "Invalid params: resources/read needs a uri")
        assert self.resources is not None
        return self.resources.read(uri, exchange)

    def _get_prompt(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        name = params.get("name")
        arguments = params.get("arguments") or {}
        if not isinstance(name, str) or not isinstance(arguments, dict):
            raise RpcError(INVALID_PARAMS, "Invalid params: prompts/get needs a name and object arguments")
        assert self.prompts is not None
        return self.prompts.get(name, arguments, exchange)

    def paginate(self, key: str, items: list[Any], params: dict[str, Any]) -> dict[str, Any]:
        """One page of a list and the opaque cursor of the next, if any."""
        cursor = params.get("cursor")
        start = 0
        if cursor is not None:
            try:
                start = int(base64.urlsafe_b64decode(cursor.encode()).decode().removeprefix("offset:"))
            except (ValueError, AttributeError, UnicodeDecodeError):
                raise RpcError(INVALID_PARAMS, f"Invalid params: bad cursor {cursor!r}") from None
            if not 0 <= start <= len(items):
                raise RpcError(INVALID_PARAMS, f"Invalid params: bad cursor {cursor!r}")
        end = start + self.page_size
        page: dict[str, Any] = {key: items[start:end]}
        if end < len(items):
            page["nextCursor"] = base64.urlsafe_b64encode(f"offset:{end}".encode()).decode()
        return page

"""The bridge's MCP session with the daemon, over its local socket, and the tools forwarded through it.

A call that could not be sent (no daemon yet, or a daemon that restarted) is retried once the
daemon is started or reconnected. A call that was sent and lost (the daemon died during it) is
not retried, since it may have had effects: it fails with a structured daemon_unavailable
error, and the next call starts a new daemon.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import re
import socket
import threading
from collections.abc import Callable
from concurrent.futures import Future
from functools import cached_property
from pathlib import Path
from typing import Any

from gasoline import __version__, logs
from gasoline.core import jsonrpc
from gasoline.core.catalog import published_tools
from gasoline.core.jsonrpc import INVALID_PARAMS, RpcError
from gasoline.core.protocol import LEGACY_VERSIONS, Exchange
from gasoline.core.roots import BRIDGE_CLIENT_NAME, CLIENT_META, REPOSITORY_META
from gasoline.state import DaemonFiles

from .lifecycle import DaemonUnavailable, ensure_daemon
from .repository import ClientRepository


class NotSent(Exception):
    """The request never reached the daemon: safe to retry."""


class Busy(Exception):
    """As many calls as the link carries at once are in flight: this one has to wait its turn."""


# How the daemon's reply to one of our requests begins (see jsonrpc.response_head): its id is read
# from here, and what follows is relayed without being parsed.
REPLY_HEAD = re.compile(rb'\{"jsonrpc":"2\.0","id":"(b[0-9]+)",')
LOST = "the daemon stopped during the call; the next call starts it again"

# What a request's reply goes to: the reply's JSON after its id (`"result":...}` or `"error":...}`),
# or None when none will come (the link was lost, or the call cancelled).
OnReply = Callable[[bytes | None], None]


class DaemonLink:
    """One connection to the daemon's local socket: requests by id, replies routed by a reader thread.

    The thread that reads replies never waits for a writer: a write blocks while the daemon's
    socket buffer is full, and the daemon drains it only once its own replies are read, so a
    reader waiting on a writer would stop both sides for good. Writers take turns on a lock of
    their own, and the calls in flight are bounded: past the bound a caller waits for a reply,
    which stops the bridge reading its client's input (backpressure through the pipe).
    """

    def __init__(self, path: str, calls_in_flight: int) -> None:
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.socket.connect(path)
        except OSError as error:
            self.socket.close()
            raise NotSent(str(error)) from error
        self.reader = self.socket.makefile("rb")
        self.writer = self.socket.makefile("wb")
        self.ids = itertools.count(1)
        self.pending: dict[str, tuple[OnReply, Any]] = {}  # request id -> where its reply goes, its progress token
        self.progress: dict[Any, Exchange] = {}  # progress token -> the client's request it reports on
        self.lock = threading.Lock()  # guards pending, progress and alive; never held across I/O
        self.sending = threading.Lock()  # one message written at a time
        self.calls_in_flight = calls_in_flight
        self.slots = threading.BoundedSemaphore(calls_in_flight)
        self.alive = True
        threading.Thread(target=self._read, name="gasoline-bridge-reader", daemon=True).start()

    def start(
        self,
        method: str,
        params: dict[str, Any],
        on_reply: OnReply,
        exchange: Exchange | None = None,
        wait: bool = True,
    ) -> None:
        """Send a request whose reply goes to on_reply, called by the thread that reads the link.
        Raises NotSent when it could not be sent, and Busy when every slot is taken and the
        caller would not wait for one."""
        if not self.slots.acquire(blocking=wait):
            raise Busy(f"{self.calls_in_flight} calls are in flight")
        request_id = f"b{next(self.ids)}"
        token = (params.get("_meta") or {}).get("progressToken")
        with self.lock:
            if not self.alive:
                self.slots.release()
                raise NotSent("the daemon closed the connection")
            self.pending[request_id] = (on_reply, token)
            if exchange is not None and token is not None:
                self.progress[token] = exchange
        if exchange is not None:
            exchange.on_cancel(lambda: self._cancel(request_id))
        try:
            self.write(jsonrpc.request(request_id, method, params))
        except NotSent:
            self._settled(request_id)
            raise

    def request(self, method: str, params: dict[str, Any], exchange: Exchange | None = None) -> dict[str, Any]:
        """Send a request and wait for its reply: {"result": ...} or {"error": ...}. Raises DaemonUnavailable
        when the link is lost first, and RpcError when the client cancels the call (nothing is sent then)."""
        future: Future[dict[str, Any]] = Future()

        def settle(body: bytes | None) -> None:
            if body is None and exchange is not None and exchange.cancelled.is_set():
                future.set_exception(RpcError(jsonrpc.INTERNAL_ERROR, "the client cancelled the call"))
            elif body is None:
                future.set_exception(DaemonUnavailable(LOST))
            else:
                try:
                    future.set_result(json.loads(b"{" + body))
                except ValueError as error:
                    future.set_exception(DaemonUnavailable(f"the daemon's reply could not be read: {error}"))

        self.start(method, params, settle, exchange)
        return future.result()

    def notify(self, method: str, params: dict[str, Any]) -> None:
        with contextlib.suppress(NotSent):
            self.write(jsonrpc.notification(method, params))

    def write(self, message: dict[str, Any]) -> None:
        line = jsonrpc.encode(message).encode() + b"\n"
        try:
            with self.sending:
                self.writer.write(line)
                self.writer.flush()
        except OSError as error:
            raise NotSent(str(error)) from error

    def close(self) -> None:
        self.socket.close()

    def _cancel(self, request_id: str) -> None:
        """The client cancelled the call: the daemon is told, and its reply is no longer waited for."""
        self.notify("notifications/cancelled", {"requestId": request_id, "reason": "cancelled"})
        on_reply = self._settled(request_id)
        if on_reply is not None:
            on_reply(None)

    def _settled(self, request_id: str) -> OnReply | None:
        """Stop waiting for a reply (its slot is free again); where it would have gone, unless it came already."""
        with self.lock:
            on_reply, token = self.pending.pop(request_id, (None, None))
            self.progress.pop(token, None)
        if on_reply is not None:
            self.slots.release()
        return on_reply

    def _read(self) -> None:
        try:
            for line in self.reader:
                head = REPLY_HEAD.match(line)
                if head is None:
                    self._notified(json.loads(line))
                elif (on_reply := self._settled(head[1].decode())) is not None:
                    on_reply(line[head.end() :].rstrip(b"\n"))
        except (OSError, ValueError):
            pass  # the link is lost, or the daemon wrote something that is not JSON: either ends it
        with self.lock:
            self.alive = False
            lost = list(self.pending)
        for request_id in lost:
            on_reply = self._settled(request_id)
            if on_reply is not None:
                on_reply(None)

    def _notified(self, message: Any) -> None:
        """Progress the daemon reports on a call goes to the client's request it belongs to."""
        if not isinstance(message, dict) or message.get("method") != "notifications/progress":
            return
        params = message.get("params")
        if isinstance(params, dict):
            exchange = self.progress.get(params.get("progressToken"))
            if exchange is not None:
                exchange.send(message)


class DaemonClient:
    def __init__(self, limits: Any, calls_in_flight: int) -> None:
        self.limits = limits
        self.calls_in_flight = calls_in_flight
        self._link: DaemonLink | None = None
        self._lock = threading.Lock()

    @cached_property
    def files(self) -> DaemonFiles:
        """The daemon's files, found on first use: finding the state directory costs milliseconds
        a bridge should not spend before it answers initialize."""
        return DaemonFiles.for_port()

    def start_daemon(self) -> None:
        """Make sure a daemon of this version runs and connect to it (a bridge does this as it starts)."""
        logs.configure(self.files.root / f"bridge-{self.files.port}.log", to_stderr=False)
        logs.stage("bridge_starting", "bridge starting", port=self.files.port)
        try:
            self._connected()
        except (DaemonUnavailable, NotSent) as error:
            logs.log.warning("no daemon yet: %s", error)

    def live_link(self) -> DaemonLink | None:
        """The link when it is up, so a call can be sent at once; None while it is not."""
        link = self._link
        return link if link is not None and link.alive else None

    def call_tool(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        """Forward tools/call; relay its progress to the client; return the CallToolResult."""
        for _ in range(3):
            try:
                response = self._connected().request("tools/call", params, exchange)
                break
            except NotSent:
                self._forget()
        else:
            raise DaemonUnavailable(
                f"the daemon on port {self.files.port} could not take the call; see {self.files.log}"
            )
        if "error" in response:
            failure = response["error"]
            raise RpcError(failure.get("code", jsonrpc.INTERNAL_ERROR), failure.get("message", ""), failure.get("data"))
        result: dict[str, Any] = response["result"]
        return result

    def _connected(self) -> DaemonLink:
        """The link to a daemon of our version, which is started, replaced or reconnected as needed."""
        with self._lock:
            if self._link is None or not self._link.alive:
                ensure_daemon(self.files, self.limits)
                link = DaemonLink(str(self.files.socket), self.calls_in_flight)
                link.request(
                    "initialize",
                    {
                        "protocolVersion": LEGACY_VERSIONS[0],
                        "capabilities": {},
                        "clientInfo": {"name": BRIDGE_CLIENT_NAME, "version": __version__},
                    },
                )
                link.notify("notifications/initialized", {})
                self._link = link
            return self._link

    def _forget(self) -> None:
        with self._lock:
            if self._link is not None:
                self._link.close()
            self._link = None


class RemoteTools:
    """The bridge's tools: listed from the generated payload, called in the daemon, in the client's repository."""

    def __init__(self, client: DaemonClient, repository: ClientRepository) -> None:
        self.client = client
        self.repository = repository
        self.names = {tool["name"] for tool in published_tools()}

    def list(self) -> list[dict[str, Any]]:
        return published_tools()

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        if name not in self.names:
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}", {"tools": sorted(self.names)})
        try:
            params = forwarded(name, arguments, exchange, self.repository.find(exchange))
            return self.client.call_tool(params, exchange)
        except DaemonUnavailable as error:
            return unavailable(name, str(error))


def forwarded(name: str, arguments: dict[str, Any], exchange: Exchange, repository: Path) -> dict[str, Any]:
    """The daemon's tools/call params for a client's call: the progress token is the client's own,
    and the repository the client works in goes with it."""
    meta: dict[str, Any] = {REPOSITORY_META: str(repository)}
    client = exchange.session.client_info.get("name") if exchange.session is not None else None
    if isinstance(client, str) and client:
        meta[CLIENT_META] = client
    if exchange.progress_token is not None:
        meta["progressToken"] = exchange.progress_token
    return {"name": name, "arguments": arguments, "_meta": meta}


def unavailable(name: str, message: str) -> dict[str, Any]:
    """The CallToolResult of a call the daemon could not answer."""
    # Imported here: the models behind it would cost the bridge's start.
    from gasoline.core.errors import ToolFailure

    failed = ToolFailure("daemon_unavailable", message, tool=name).result()
    return {"content": [{"type": "text", "text": failed.text}], "structuredContent": failed.structured, "isError": True}

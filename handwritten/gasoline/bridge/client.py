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
import socket
import threading
from concurrent.futures import Future
from functools import cached_property
from typing import Any

from gasoline import __version__, logs
from gasoline.core import jsonrpc
from gasoline.core.catalog import published_tools
from gasoline.core.jsonrpc import INVALID_PARAMS, RpcError
from gasoline.core.protocol import LEGACY_VERSIONS, Exchange
from gasoline.state import DaemonFiles

from .lifecycle import DaemonUnavailable, ensure_daemon

BRIDGE_CLIENT_NAME = "gasoline-bridge"


class _NotSent(Exception):
    """The request never reached the daemon: safe to retry."""


class DaemonLink:
    """One connection to the daemon's local socket: requests by id, replies routed by a reader thread."""

    def __init__(self, path: str) -> None:
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self.socket.connect(path)
        except OSError as error:
            self.socket.close()
            raise _NotSent(str(error)) from error
        self.reader = self.socket.makefile("rb")
        self.writer = self.socket.makefile("wb")
        self.ids = itertools.count(1)
        self.pending: dict[str, Future[dict[str, Any]]] = {}
        self.progress: dict[Any, Exchange] = {}  # progress token -> the client's request it reports on
        self.lock = threading.Lock()
        self.alive = True
        threading.Thread(target=self._read, name="gasoline-bridge-reader", daemon=True).start()

    def request(self, method: str, params: dict[str, Any], exchange: Exchange | None = None) -> dict[str, Any]:
        request_id = f"b{next(self.ids)}"
        future: Future[dict[str, Any]] = Future()
        token = (params.get("_meta") or {}).get("progressToken")
        with self.lock:
            if not self.alive:
                raise _NotSent("the daemon closed the connection")
            self.pending[request_id] = future
            if exchange is not None and token is not None:
                self.progress[token] = exchange
        if exchange is not None:
            exchange.on_cancel(
                lambda: self.notify("notifications/cancelled", {"requestId": request_id, "reason": "cancelled"})
            )
        try:
            self.write(jsonrpc.request(request_id, method, params))
            return future.result()
        finally:
            with self.lock:
                self.pending.pop(request_id, None)
                self.progress.pop(token, None)

    def notify(self, method: str, params: dict[str, Any]) -> None:
        with contextlib.suppress(_NotSent):
            self.write(jsonrpc.notification(method, params))

    def write(self, message: dict[str, Any]) -> None:
        try:
            with self.lock:
                self.writer.write(jsonrpc.encode(message).encode() + b"\n")
                self.writer.flush()
        except OSError as error:
            raise _NotSent(str(error)) from error

    def close(self) -> None:
        self.socket.close()

    def _read(self) -> None:
        try:
            for line in self.reader:
                message = json.loads(line)
                if "id" in message and ("result" in message or "error" in message):
                    future = self.pending.get(message["id"])
                    if future is not None:
                        future.set_result(message)
                elif message.get("method") == "notifications/progress":
                    exchange = self.progress.get(message.get("params", {}).get("progressToken"))
                    if exchange is not None:
                        exchange.send(message)
        except (OSError, ValueError):
            pass
        with self.lock:
            self.alive = False
            lost = list(self.pending.values())
        for future in lost:
            if not future.done():
                future.set_exception(
                    DaemonUnavailable("the daemon stopped during the call; the next call starts it again")
                )


class DaemonClient:
    def __init__(self, limits: Any) -> None:
        self.limits = limits
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
        except (DaemonUnavailable, _NotSent) as error:
            logs.log.warning("no daemon yet: %s", error)

    def call_tool(self, params: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        """Forward tools/call; relay its progress to the client; return the CallToolResult."""
        for _ in range(3):
            try:
                response = self._connected().request("tools/call", params, exchange)
                break
            except _NotSent:
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
                link = DaemonLink(str(self.files.socket))
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
    """The bridge's tools: listed from the generated payload, called in the daemon."""

    def __init__(self, client: DaemonClient) -> None:
        self.client = client
        self.names = {tool["name"] for tool in published_tools()}

    def list(self) -> list[dict[str, Any]]:
        return published_tools()

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        if name not in self.names:
            raise RpcError(INVALID_PARAMS, f"Unknown tool: {name}", {"tools": sorted(self.names)})
        params: dict[str, Any] = {"name": name, "arguments": arguments}
        if exchange.progress_token is not None:
            params["_meta"] = {"progressToken": exchange.progress_token}
        try:
            return self.client.call_tool(params, exchange)
        except DaemonUnavailable as error:
            # Only on this path: the models behind it would cost the bridge's start.
            from gasoline.core.errors import ToolFailure

            failed = ToolFailure("daemon_unavailable", str(error), tool=name).result()
            return {
                "content": [{"type": "text", "text": failed.text}],
                "structuredContent": failed.structured,
                "isError": True,
            }

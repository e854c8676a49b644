"""The bridge's link to the daemon's local socket: progress relayed, cancellation forwarded, loss reported."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gasoline.bridge.client import Busy, DaemonLink
from gasoline.bridge.lifecycle import DaemonUnavailable, wait_until
from gasoline.core.jsonrpc import Request, RpcError
from gasoline.core.protocol import Exchange, McpServer, ServerInfo
from gasoline.core.workers import Workers
from gasoline.daemon.local_socket import LocalSocket
from gasoline_generated.policy import LIMITS


class SlowTools:
    """A tool that reports progress, then waits until it is cancelled or released."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.cancelled = threading.Event()

    def list(self) -> list[dict[str, Any]]:
        return [{"name": "slow", "description": "slow", "inputSchema": {"type": "object"}}]

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        exchange.progress(1, 3, "started")
        wait_until(lambda: self.release.is_set() or exchange.cancelled.is_set(), 10)
        if exchange.cancelled.is_set():
            self.cancelled.set()
        return {"content": [{"type": "text", "text": "done"}], "isError": False}


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[LocalSocket, SlowTools]]:
    tools = SlowTools()
    local = LocalSocket(tmp_path / "d.sock", McpServer(ServerInfo("t", "1"), tools), Workers("test", 4), 1.0)
    local.start()
    yield local, tools
    tools.release.set()
    local.close()


def client_exchange(sent: list[dict[str, Any]], token: str | None = "tok") -> Exchange:
    params = {"name": "slow", "_meta": {"progressToken": token}} if token else {"name": "slow"}
    return Exchange(Request(1, "tools/call", params), sent.append)


def test_progress_is_relayed_and_the_reply_returned(served: tuple[LocalSocket, SlowTools]) -> None:
    local, tools = served
    link = DaemonLink(str(local.path), LIMITS.mcp.bridge_calls_in_flight)
    sent: list[dict[str, Any]] = []
    exchange = client_exchange(sent)
    reply: list[dict[str, Any]] = []
    worker = threading.Thread(
        target=lambda: reply.append(
            link.request("tools/call", {"name": "slow", "arguments": {}, "_meta": {"progressToken": "tok"}}, exchange)
        )
    )
    worker.start()
    assert wait_until(lambda: bool(sent), 5), "progress reached the client"
    assert sent[0]["params"] == {"progressToken": "tok", "progress": 1, "total": 3, "message": "started"}
    tools.release.set()
    worker.join(5)
    assert reply[0]["result"]["content"][0]["text"] == "done"


def test_a_cancelled_call_is_cancelled_in_the_daemon(served: tuple[LocalSocket, SlowTools]) -> None:
    local, tools = served
    link = DaemonLink(str(local.path), LIMITS.mcp.bridge_calls_in_flight)
    exchange = client_exchange([], token=None)
    outcome: list[BaseException] = []

    def call() -> None:
        try:
            link.request("tools/call", {"name": "slow", "arguments": {}}, exchange)
        except RpcError as error:
            outcome.append(error)

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    assert wait_until(lambda: any(session.in_flight for session in local.sessions.values()), 5)
    exchange.cancel()
    assert tools.cancelled.wait(5), "the daemon's handler saw the cancellation"
    worker.join(5)
    assert outcome and "cancelled" in str(outcome[0]), "the bridge stopped waiting for a reply that will not come"


def test_a_call_lost_with_the_daemon_fails_with_daemon_unavailable(served: tuple[LocalSocket, SlowTools]) -> None:
    local, _ = served
    link = DaemonLink(str(local.path), LIMITS.mcp.bridge_calls_in_flight)
    outcome: list[BaseException] = []

    def call() -> None:
        try:
            link.request("tools/call", {"name": "slow", "arguments": {}}, client_exchange([], None))
        except DaemonUnavailable as error:
            outcome.append(error)

    worker = threading.Thread(target=call)
    worker.start()
    assert wait_until(lambda: any(session.in_flight for session in local.sessions.values()), 5)
    link.socket.shutdown(2)  # the connection drops, as when the daemon is killed
    worker.join(5)
    assert outcome and "stopped during the call" in str(outcome[0])


def test_calls_in_flight_are_bounded_and_a_reply_frees_a_slot(served: tuple[LocalSocket, SlowTools]) -> None:
    local, tools = served
    link = DaemonLink(str(local.path), 2)
    replies: list[bytes | None] = []
    for _ in range(2):
        link.start("tools/call", {"name": "slow", "arguments": {}}, replies.append, wait=False)
    with pytest.raises(Busy):
        link.start("tools/call", {"name": "slow", "arguments": {}}, replies.append, wait=False)
    tools.release.set()
    assert wait_until(lambda: len(replies) == 2, 5), "both calls were answered"
    link.start("tools/call", {"name": "slow", "arguments": {}}, replies.append, wait=False)
    assert wait_until(lambda: len(replies) == 3, 5), "a freed slot takes the next call"
    assert all(reply is not None and b'"done"' in reply for reply in replies)

"""The bridge's relay: a tool call goes to the daemon and its reply comes back as the daemon's bytes under
the client's id; a cancelled call gets no reply, a lost one a daemon_unavailable result."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from gasoline.bridge.client import DaemonClient, DaemonLink, RemoteTools
from gasoline.bridge.lifecycle import wait_until
from gasoline.bridge.relay import RelayingTransport
from gasoline.bridge.repository import ClientRepository
from gasoline.core import jsonrpc
from gasoline.core.catalog import SERVER_INFO
from gasoline.core.protocol import Exchange, McpServer, ServerInfo
from gasoline.core.workers import Workers
from gasoline.daemon.local_socket import LocalSocket
from gasoline.transports.lines import TimedLines
from gasoline_generated.policy import LIMITS


class DaemonTools:
    """What the test's daemon serves as `configure`: the arguments and request id it got, or a wait."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.cancelled = threading.Event()

    def list(self) -> list[dict[str, Any]]:
        return []

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        if arguments.get("wait"):
            wait_until(lambda: self.release.is_set() or exchange.cancelled.is_set(), 10)
            if exchange.cancelled.is_set():
                self.cancelled.set()
        seen = {"arguments": arguments, "request_id": exchange.request.id, "text": 'é \u2028 "quoted"', "small": 1e-05}
        return {"content": [{"type": "text", "text": "done"}], "structuredContent": seen, "isError": False}


@dataclass
class Client:
    input: Any
    replies: TimedLines
    link: DaemonLink
    daemon: LocalSocket

    def call(self, id_: Any, arguments: dict[str, Any]) -> None:
        params = {"name": "configure", "arguments": arguments}
        self.send({"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": params})

    def send(self, message: dict[str, Any]) -> None:
        self.input.write(json.dumps(message).encode() + b"\n")
        self.input.flush()

    def line(self) -> bytes:
        return self.replies.next(5)


@pytest.fixture
def relayed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Client, DaemonTools]]:
    monkeypatch.setenv("GASOLINE_STATE_DIR", str(tmp_path))  # nothing here may find or start a real daemon
    monkeypatch.setenv("GASOLINE_PORT", "1")
    tools = DaemonTools()
    local = LocalSocket(tmp_path / "d.sock", McpServer(ServerInfo("t", "1"), tools), Workers("daemon", 4), 1.0)
    local.start()
    client = DaemonClient(LIMITS.daemon, LIMITS.mcp.bridge_calls_in_flight)
    # connected as the bridge's start would
    link = client._link = DaemonLink(str(local.path), LIMITS.mcp.bridge_calls_in_flight)
    remote = RemoteTools(client, ClientRepository(tmp_path, 1.0))
    to_bridge, client_input = os.pipe()
    client_output, from_bridge = os.pipe()
    reader, writer = os.fdopen(to_bridge, "rb"), os.fdopen(from_bridge, "wb")
    bridge = RelayingTransport(McpServer(SERVER_INFO, remote), remote, reader, writer, Workers("bridge", 4), 1.0)
    serving = threading.Thread(target=bridge.serve, daemon=True)
    serving.start()
    yield Client(os.fdopen(client_input, "wb"), TimedLines(os.fdopen(client_output, "rb")), link, local), tools
    tools.release.set()
    link.close()
    local.close()


def test_the_reply_is_the_daemons_bytes_under_the_clients_id(relayed: tuple[Client, DaemonTools]) -> None:
    client, _ = relayed
    for id_ in (7, "é-1", 'a"b'):
        client.call(id_, {"action": "health"})
        line = client.line()
        assert line.startswith(jsonrpc.response_head(id_))
        assert b'"small":0.00001' in line, "the daemon's own bytes (json would write 1e-05)"
        reply = json.loads(line)
        assert reply["id"] == id_
        seen = reply["result"]["structuredContent"]
        assert seen["arguments"] == {"action": "health"} and seen["request_id"].startswith("b")
        assert seen["text"] == 'é \u2028 "quoted"'


def test_a_cancelled_call_gets_no_reply_and_is_cancelled_in_the_daemon(relayed: tuple[Client, DaemonTools]) -> None:
    client, tools = relayed
    client.call(1, {"wait": True})
    client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 1}})
    assert tools.cancelled.wait(5), "the daemon's handler saw the cancellation"
    client.send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
    assert json.loads(client.line()) == {"jsonrpc": "2.0", "id": 2, "result": {}}


def test_a_call_lost_with_the_daemon_fails_with_daemon_unavailable(relayed: tuple[Client, DaemonTools]) -> None:
    client, _ = relayed
    client.call(3, {"wait": True})
    assert wait_until(lambda: any(session.in_flight for session in client.daemon.sessions.values()), 5)
    client.link.socket.shutdown(2)  # the connection drops, as when the daemon is killed
    failed = json.loads(client.line())
    assert failed["id"] == 3 and failed["result"]["isError"] is True
    assert failed["result"]["structuredContent"]["error"] == "daemon_unavailable"
    assert "stopped during the call" in failed["result"]["content"][0]["text"]


def test_every_response_begins_with_its_head() -> None:
    from pydantic_core import to_json

    for id_ in (0, 12, "b3", "é", None):
        for message in (jsonrpc.result(id_, {"x": 1}), jsonrpc.error(id_, jsonrpc.RpcError(-1, "no"))):
            assert jsonrpc.encode(message).encode().startswith(jsonrpc.response_head(id_))
            assert to_json(message).startswith(jsonrpc.response_head(id_))

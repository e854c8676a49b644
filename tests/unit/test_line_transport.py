"""The line transport: the thread that reads a request answers it, and a slow call holds up nothing behind it."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from gasoline.bridge.lifecycle import wait_until
from gasoline.core.protocol import Exchange, McpServer, ServerInfo
from gasoline.core.workers import Workers
from gasoline.transports.lines import LineTransport, TimedLines


class Tools:
    """`quick` answers at once; `slow` waits until released or cancelled; `broken` fails outside any handler."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.threads: set[str] = set()

    def list(self) -> list[dict[str, Any]]:
        return []

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        self.threads.add(threading.current_thread().name)
        if name == "broken":
            raise LookupError("the service list could not be read")
        if name == "slow":
            wait_until(lambda: self.release.is_set() or exchange.cancelled.is_set(), 10)
        return {"content": [{"type": "text", "text": name}], "isError": False}


@dataclass
class Client:
    input: Any
    replies: TimedLines

    def send(self, message: dict[str, Any]) -> None:
        self.input.write(json.dumps(message).encode() + b"\n")
        self.input.flush()

    def call(self, id_: Any, name: str) -> None:
        self.send({"jsonrpc": "2.0", "id": id_, "method": "tools/call", "params": {"name": name, "arguments": {}}})

    def reply(self) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.replies.next(5))
        return message


@pytest.fixture
def served() -> Iterator[tuple[Client, Tools]]:
    tools = Tools()
    to_server, client_input = os.pipe()
    client_output, from_server = os.pipe()
    reader, writer = os.fdopen(to_server, "rb"), os.fdopen(from_server, "wb")
    transport = LineTransport(McpServer(ServerInfo("t", "1"), tools), reader, writer, Workers("lines-test", 4), 1.0)
    serving = threading.Thread(target=transport.serve, name="lines-test-reader", daemon=True)
    serving.start()
    client = Client(os.fdopen(client_input, "wb"), TimedLines(os.fdopen(client_output, "rb")))
    yield client, tools
    tools.release.set()
    client.input.close()  # the end of input ends serve(), and then the output
    serving.join(5)
    reader.close()
    writer.close()


@pytest.mark.exclusive  # each answer races the 5 ms watch: under load a worker takes over reading, as it should
def test_the_reader_answers_what_it_reads(served: tuple[Client, Tools]) -> None:
    client, tools = served
    for id_ in range(20):
        client.call(id_, "quick")
        assert client.reply()["id"] == id_
    assert tools.threads == {"lines-test-reader"}, "no request waited for another thread to wake"


def test_a_ping_and_a_cancellation_are_read_while_a_long_call_runs(served: tuple[Client, Tools]) -> None:
    client, tools = served
    client.call(1, "slow")
    client.send({"jsonrpc": "2.0", "id": 2, "method": "ping"})
    assert client.reply() == {"jsonrpc": "2.0", "id": 2, "result": {}}
    client.call(3, "slow")
    client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 3}})
    client.call(4, "quick")
    assert client.reply()["id"] == 4, "a cancelled call gets no reply"
    tools.release.set()
    assert client.reply()["id"] == 1
    assert wait_until(lambda: len(tools.threads) > 1, 5), "a worker took over reading from the busy reader"


def test_a_request_that_fails_outside_its_handler_is_answered_with_an_error(served: tuple[Client, Tools]) -> None:
    client, _ = served
    client.call(1, "broken")
    assert client.reply() == {
        "jsonrpc": "2.0",
        "id": 1,
        "error": {"code": -32603, "message": "Internal error: LookupError: the service list could not be read"},
    }
    client.call(2, "quick")
    assert client.reply()["id"] == 2, "the transport serves on"

"""Streamable HTTP: a request that fails outside its handler gets a JSON-RPC error, whether its answer is
a plain reply or an SSE stream (a call that sent progress first), and the session serves on."""

from __future__ import annotations

import json
from typing import Any

import falcon
import falcon.testing
import pytest

from gasoline.core.protocol import Exchange, McpServer, ServerInfo
from gasoline.transports.http import McpEndpoint, Sessions

HEADERS = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream"}
FAILURE = {"code": -32603, "message": "Internal error: LookupError: the service list could not be read"}


class BrokenTools:
    def list(self) -> list[dict[str, Any]]:
        return []

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        if name == "streaming":
            exchange.progress(1, 2, "started")
        if name in ("broken", "streaming"):
            raise LookupError("the service list could not be read")
        return {"content": [{"type": "text", "text": name}], "isError": False}


@pytest.fixture
def client() -> tuple[falcon.testing.TestClient, dict[str, str]]:
    app = falcon.App()
    app.add_route("/mcp", McpEndpoint(McpServer(ServerInfo("t", "1"), BrokenTools()), Sessions(60, 4), 1 << 20))
    client = falcon.testing.TestClient(app)
    initialize = {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}
    response = client.simulate_post(
        "/mcp", headers=HEADERS, json={"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": initialize}
    )
    return client, {**HEADERS, "Mcp-Session-Id": response.headers["mcp-session-id"]}


def call(name: str, request_id: int, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name, "arguments": {}}
    if meta:
        params["_meta"] = meta
    return {"jsonrpc": "2.0", "id": request_id, "method": "tools/call", "params": params}


def test_a_plain_reply(client: tuple[falcon.testing.TestClient, dict[str, str]]) -> None:
    http, headers = client
    response = http.simulate_post("/mcp", headers=headers, json=call("broken", 1))
    assert response.json == {"jsonrpc": "2.0", "id": 1, "error": FAILURE}
    assert http.simulate_post("/mcp", headers=headers, json=call("quick", 2)).json["result"]["isError"] is False


def test_a_streamed_reply(client: tuple[falcon.testing.TestClient, dict[str, str]]) -> None:
    http, headers = client
    response = http.simulate_post("/mcp", headers=headers, json=call("streaming", 3, {"progressToken": "p"}))
    assert response.headers["content-type"] == "text/event-stream"
    events = [json.loads(line[len("data: ") :]) for line in response.text.splitlines() if line.startswith("data: ")]
    assert [event.get("method") for event in events] == ["notifications/progress", None]
    assert events[-1] == {"jsonrpc": "2.0", "id": 3, "error": FAILURE}

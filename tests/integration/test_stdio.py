"""MCP over stdio, through the real `gasoline` process an MCP client spawns."""

from __future__ import annotations

import json
import time

from gasoline.text_forms import text_form

from .conftest import Isolated
from .processes import running_bridge


def test_initialize_and_tools_list_are_answered_from_generated_data(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        init = bridge.initialize()["result"]
        assert init["protocolVersion"] == "2025-11-25"
        assert init["serverInfo"]["name"] == "gasoline" and init["capabilities"] == {"tools": {"listChanged": False}}
        tools = bridge.request("tools/list")["result"]["tools"]
        assert [tool["name"] for tool in tools] == ["observe", "analyze", "interact", "configure"]
        assert "nextCursor" not in bridge.request("tools/list", {})["result"]


def test_version_negotiation(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        for offered, answered in (
            ("2025-06-18", "2025-06-18"),
            ("2025-11-25", "2025-11-25"),
            ("2024-01-01", "2025-11-25"),
        ):
            reply = bridge.request(
                "initialize",
                {"protocolVersion": offered, "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}},
            )
            assert reply["result"]["protocolVersion"] == answered


def test_a_tool_call_is_served_by_the_daemon(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        result = bridge.call("configure", {"action": "health"})["result"]
        assert result["isError"] is False
        health = result["structuredContent"]
        assert health["transports"]["stdio"]["bridges"] == 1 and health["pid"] != bridge.process.pid
        assert result["content"][0]["text"] == text_form("configure", "health", health)


def test_errors_follow_the_spec_and_the_server_carries_on(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        bridge.send("this is not json")
        assert bridge.read(10) == {
            "jsonrpc": "2.0",
            "id": None,
            "error": {"code": -32700, "message": "Parse error: Expecting value: line 1 column 1 (char 0)"},
        }
        bridge.send(json.dumps([{"jsonrpc": "2.0", "id": 7, "method": "ping"}]))
        assert bridge.read(10)["error"]["code"] == -32600
        bridge.send({"jsonrpc": "2.0", "id": 8, "method": "no/such/method"})
        assert bridge.reply_to(8)["error"]["code"] == -32601
        unknown_tool = bridge.call("teleport", {})
        assert unknown_tool["error"]["code"] == -32602 and "Unknown tool: teleport" in unknown_tool["error"]["message"]
        bad = bridge.call("configure", {"action": "health", "verbose": True})["result"]
        assert bad["isError"] is True
        assert bad["structuredContent"]["error"] == "invalid_arguments"
        assert "configure(action='health'): verbose: unknown parameter" in bad["content"][0]["text"]
        assert bridge.request("ping")["result"] == {}


def test_stdout_stays_pure_under_a_stream_of_garbage(isolated: Isolated) -> None:
    garbage = [
        "",
        "   ",
        "{",
        "null",
        "[]",
        "42",
        '{"jsonrpc":"1.0","id":1,"method":"ping"}',
        '{"id":2}',
        "\x00\x01",
        '{"jsonrpc":"2.0","method":"notifications/whatever"}',
        "é" * 50,
    ]
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        for round_ in range(20):
            for line in garbage:
                bridge.send(line)
            bridge.send({"jsonrpc": "2.0", "id": f"p{round_}", "method": "ping"})
        bridge.send({"jsonrpc": "2.0", "id": "last", "method": "ping"})
        assert bridge.reply_to("last")["result"] == {}
        for round_ in range(20):  # requests run concurrently: "last" may overtake earlier ones
            if not any(m.get("id") == f"p{round_}" for m in bridge.received):
                bridge.reply_to(f"p{round_}", seconds=10)
        errors = [m for m in bridge.received if "error" in m]
        pings = [m for m in bridge.received if m.get("result") == {}]
        assert len(pings) == 21, "every valid request is answered"
        assert len(errors) == 20 * 8, "each invalid line gets one error; blank lines and notifications get nothing"
        assert {m["error"]["code"] for m in errors} == {-32700, -32600}
    assert bridge.process.stderr is not None


def test_end_of_input_ends_the_process_cleanly(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        started = time.monotonic()
        assert bridge.close() == 0
        assert time.monotonic() - started < 5


def test_every_call_is_answered_even_one_naming_a_port_that_cannot_exist(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        for service in ("http://127.0.0.1:99999", "http://127.0.0.1:0", "http://127.0.0.1:", "http://[::1"):
            reply = bridge.call("interact", {"action": "backend_control", "service": service, "operation": "seed"}, 20)
            assert reply["result"]["isError"] is True, reply
            assert "service: " in reply["result"]["content"][0]["text"], reply
        assert bridge.request("ping")["result"] == {}

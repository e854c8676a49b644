"""An approval belongs to the MCP client session that asked: real clients (stdio bridges, HTTP
sessions, a stateless request) of one real daemon, and the person deciding on the command line
or through /approvals."""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import ExitStack
from typing import Any

import pytest

from .conftest import Isolated
from .panel_client import Mcp, send
from .processes import Bridge, Daemon, gasoline_cli, running_bridge
from .test_http_probes import MODERN_META, Probe, call

CLEAR = {"action": "clear", "buffers": ["logs"]}
ASKED_BY = re.compile(r"Asked by (?P<client>[\w-]+) \(session (?P<session>sess_[A-Za-z0-9]+)\)\.$")


def asked_by(request: dict[str, Any]) -> tuple[str, str]:
    """The client and session an approval request says asked for it."""
    found = ASKED_BY.search(request["summary"])
    assert found, request["summary"]
    return found["client"], found["session"]


def refused_as_another_session(result: dict[str, Any]) -> None:
    assert result["isError"], result
    error = result["structuredContent"]
    assert error["error"] == "approval_scope_mismatch", error
    assert "belongs to another client session" in error["message"]


@pytest.fixture
def two_bridges(daemon: Daemon, isolated: Isolated) -> Iterator[tuple[Bridge, Bridge]]:
    """Two MCP clients on stdio, each through its own bridge, of the same daemon."""
    with ExitStack() as stack:
        bridges = []
        for name in ("client-a", "client-b"):
            bridge = stack.enter_context(running_bridge(isolated.state_dir, isolated.port))
            hello = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": name, "version": "1"}}
            assert "result" in bridge.request("initialize", hello)
            bridge.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
            bridges.append(bridge)
        yield bridges[0], bridges[1]


def test_another_stdio_client_cannot_use_an_approval_its_asker_then_can(
    isolated: Isolated, two_bridges: tuple[Bridge, Bridge]
) -> None:
    first, second = two_bridges
    asked = first.call("configure", CLEAR)["result"]["structuredContent"]
    assert asked["error"] == "approval_required"
    request_id = asked["details"]["request_id"]
    assert asked_by(asked["details"])[0] == "client-a", "the bridge names the client it speaks for"

    listed = gasoline_cli(isolated.state_dir, isolated.port, "approvals")
    assert listed.returncode == 0 and f"Asked by client-a (session {asked_by(asked['details'])[1]})." in listed.stdout
    assert gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id).returncode == 0

    refused_as_another_session(second.call("configure", {**CLEAR, "approval_id": request_id})["result"])
    done = first.call("configure", {**CLEAR, "approval_id": request_id})["result"]
    assert done["isError"] is False and done["structuredContent"] == {"cleared": {"logs": 0}, "total": 0}


def test_http_sessions_each_ask_for_their_own_and_use_only_their_own(daemon: Daemon) -> None:
    first, second = Mcp(daemon, name="client-a"), Mcp(daemon, name="client-b")
    mine = first.call("configure", **CLEAR)["structuredContent"]["details"]
    theirs = second.call("configure", **CLEAR)["structuredContent"]["details"]
    assert mine["request_id"] != theirs["request_id"], "an identical call of another session asks on its own"
    assert asked_by(mine)[0] == "client-a" and asked_by(theirs)[0] == "client-b"
    assert asked_by(mine)[1] != asked_by(theirs)[1]
    assert first.call("configure", **CLEAR)["structuredContent"]["details"]["request_id"] == mine["request_id"]

    approved = send(daemon.port, "POST", f"/approvals/{mine['request_id']}", {"decision": "approve"},
                    daemon.approver_token)  # fmt: skip
    assert approved.status == 200 and approved.body["status"] == "approved"

    refused_as_another_session(second.call("configure", **CLEAR, approval_id=mine["request_id"]))
    stateless = Probe(daemon).send(
        body=call("configure", {**CLEAR, "approval_id": mine["request_id"]}, _meta=MODERN_META),
        MCP_Protocol_Version="2026-07-28",
        Mcp_Method="tools/call",
        Mcp_Name="configure",
    )
    refused_as_another_session(stateless[2]["result"])
    assert second.call("configure", **CLEAR, approval_id=theirs["request_id"])["structuredContent"]["error"] == (
        "approval_pending"
    )
    assert first.ok("configure", **CLEAR, approval_id=mine["request_id"]) == {"cleared": {"logs": 0}, "total": 0}

"""Independent MCP clients against the real server: the official Python SDK and the MCP Inspector CLI."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from .conftest import Isolated
from .mcp_tools import run_tool
from .processes import Daemon, environment


def sdk_target(transport: str, isolated: Isolated, daemon: Daemon | None) -> Any:
    # The MCP SDK is imported where it is used: it takes a second, in every process that collects this file.
    from mcp import StdioServerParameters
    from mcp.client.streamable_http import streamable_http_client

    if transport == "stdio":
        env = environment(isolated.state_dir, isolated.port)
        return StdioServerParameters(command=sys.executable, args=["-m", "gasoline"], env=env)
    assert daemon is not None
    http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {daemon.token}"})
    return streamable_http_client(daemon.url, http_client=http)


async def exercise(target: Any, mode: str) -> dict[str, Any]:
    from mcp import Client

    async with Client(target, mode=mode) as client:
        modern = getattr(client.session, "discover_result", None) is not None
        tools = await client.list_tools()
        health = await client.call_tool("configure", {"action": "health"})
        bad = await client.call_tool("configure", {"action": "health", "verbose": True})
        return {"modern": modern, "tools": [t.name for t in tools.tools], "health": health, "bad": bad}


@pytest.mark.parametrize("transport", ["stdio", "http"])
@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_the_official_python_sdk_client(
    mode: str, transport: str, isolated: Isolated, request: pytest.FixtureRequest
) -> None:
    daemon = request.getfixturevalue("daemon") if transport == "http" else None
    seen = anyio.run(exercise, sdk_target(transport, isolated, daemon), mode)
    assert seen["modern"] is (mode == "auto"), "auto negotiates 2026-07-28 by server/discover; legacy uses initialize"
    assert seen["tools"] == ["observe", "analyze", "interact", "configure"]
    health = seen["health"]
    assert health.is_error is False and health.structured_content["service"] == "gasoline"
    bad = seen["bad"]
    assert bad.is_error is True and bad.structured_content["error"] == "invalid_arguments"
    assert bad.content[0].text.startswith("configure(action='health'): verbose: unknown parameter")


def inspector(target: list[str], method_args: list[str], home: Path) -> dict[str, Any]:
    result = run_tool("inspector", "--cli", *target, *method_args, "--format", "json", home=home, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr
    return json.loads(result.stdout)


def test_the_inspector_lists_tools_strictly_over_stdio(isolated: Isolated, tmp_path: Path) -> None:
    env_flags = ["-e", f"GASOLINE_STATE_DIR={isolated.state_dir}", "-e", f"GASOLINE_PORT={isolated.port}"]
    listed = inspector([*env_flags, sys.executable, "-m", "gasoline"], ["--method", "tools/list", "--strict"], tmp_path)
    tools = listed["result"]["tools"] if "result" in listed else listed["tools"]
    assert [tool["name"] for tool in tools] == ["observe", "analyze", "interact", "configure"]
    assert not listed.get("schemaFindings"), listed.get("schemaFindings")


def test_the_inspector_lists_and_calls_tools_over_http(daemon: Daemon, tmp_path: Path) -> None:
    target = [daemon.url, "--header", f"Authorization: Bearer {daemon.token}"]
    listed = inspector(target, ["--method", "tools/list", "--strict"], tmp_path)
    tools = listed["result"]["tools"] if "result" in listed else listed["tools"]
    assert [tool["name"] for tool in tools] == ["observe", "analyze", "interact", "configure"]
    called = inspector(
        target,
        ["--method", "tools/call", "--tool-name", "configure", "--tool-args-json", '{"action": "health"}'],
        tmp_path,
    )
    result = called.get("result", called)
    assert result["structuredContent"]["service"] == "gasoline"

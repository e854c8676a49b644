"""Streamable HTTP on the real daemon: the status codes, headers and bodies the spec asks for."""

from __future__ import annotations

import http.client
import json
import os
import stat
from typing import Any

import pytest

from gasoline_generated.policy import LIMITS

from .processes import Daemon, running_daemon

INIT = {
    "jsonrpc": "2.0",
    "id": 1,
    "method": "initialize",
    "params": {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "probe", "version": "1"}},
}
MODERN_META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}


class Probe:
    """One keep-alive connection to the daemon, sending exactly what each test says."""

    def __init__(self, daemon: Daemon, token: bool = True) -> None:
        self.daemon = daemon
        self.connection = http.client.HTTPConnection("127.0.0.1", daemon.port, timeout=10)
        self.headers = {
            "Host": f"127.0.0.1:{daemon.port}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        if token and (daemon.state_dir / f"daemon-{daemon.port}.token").exists():
            self.headers["Authorization"] = f"Bearer {daemon.token}"

    def send(
        self, method: str = "POST", body: Any = None, path: str = "/mcp", **headers: str
    ) -> tuple[int, dict[str, str], Any]:
        raw = body if isinstance(body, bytes) else (json.dumps(body).encode() if body is not None else None)
        merged = {**self.headers, **{k.replace("_", "-"): v for k, v in headers.items()}}
        self.connection.request(method, path, body=raw, headers={k: v for k, v in merged.items() if v is not None})
        response = self.connection.getresponse()
        data = response.read()
        reply_headers = {k.lower(): v for k, v in response.getheaders()}
        if reply_headers.get("content-type", "").startswith("text/event-stream"):
            return (
                response.status,
                reply_headers,
                [json.loads(line[5:]) for line in data.decode().splitlines() if line.startswith("data:")],
            )
        return response.status, reply_headers, json.loads(data) if data else None

    def session(self) -> str:
        status, headers, body = self.send(body=INIT)
        assert status == 200 and body["result"]["protocolVersion"] == "2025-11-25"
        session = headers["mcp-session-id"]
        assert all(0x21 <= ord(c) <= 0x7E for c in session) and len(session) >= 32
        assert (
            self.send(body={"jsonrpc": "2.0", "method": "notifications/initialized"}, Mcp_Session_Id=session)[0] == 202
        )
        return session


def call(name: str, arguments: dict[str, Any], request_id: int = 2, **params: Any) -> dict[str, Any]:
    return {
        "jsonrpc": "2.0",
        "id": request_id,
        "method": "tools/call",
        "params": {"name": name, "arguments": arguments, **params},
    }


def test_a_session_from_initialize_to_delete(daemon: Daemon) -> None:
    probe = Probe(daemon)
    session = probe.session()
    status, headers, body = probe.send(
        body=call("configure", {"action": "health"}), Mcp_Session_Id=session, MCP_Protocol_Version="2025-11-25"
    )
    assert status == 200 and headers["content-type"].startswith("application/json")
    assert body["result"]["structuredContent"]["transports"]["http"]["sessions"] == 1
    assert "resultType" not in body["result"], "legacy results carry no modern fields"
    assert probe.send("DELETE", Mcp_Session_Id=session)[0] == 204
    status, _, body = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=session)
    assert status == 404 and body["error"]["code"] == -32600 and body["id"] == 2


@pytest.mark.parametrize(
    ("method", "body", "headers", "status", "code"),
    [
        ("GET", None, {"Accept": "text/event-stream"}, 405, -32600),
        ("PUT", None, {}, 405, None),
        ("DELETE", None, {"MCP-Protocol-Version": "2026-07-28"}, 405, -32600),
        ("DELETE", None, {"MCP-Protocol-Version": "v9"}, 400, -32022),
        ("DELETE", None, {"MCP-Protocol-Version": ""}, 400, -32022),
        ("POST", {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, {}, 400, -32600),
        ("POST", {"jsonrpc": "2.0", "id": 3, "method": "tools/list"}, {"Mcp-Session-Id": "nope"}, 404, -32600),
        ("POST", b"{not json", {}, 400, -32700),
        ("POST", [INIT], {}, 400, -32600),
        ("POST", INIT, {"Content-Type": "text/plain"}, 415, -32600),
        ("POST", INIT, {"Origin": "http://evil.example.com"}, 403, -32600),
        ("POST", INIT, {"Host": "evil.example.com"}, 403, -32600),
        ("POST", INIT, {"Host": "127.0.0.1:1"}, 403, -32600),
        ("POST", INIT, {"Authorization": None}, 401, -32600),
        ("POST", INIT, {"Authorization": "Bearer wrong"}, 401, -32600),
    ],
)
def test_refusals(
    daemon: Daemon, method: str, body: Any, headers: dict[str, Any], status: int, code: int | None
) -> None:
    probe = Probe(daemon)
    got_status, got_headers, got = probe.send(method, body, **{k.replace("-", "_"): v for k, v in headers.items()})
    assert got_status == status
    if code is not None:
        assert got["error"]["code"] == code and got["error"]["message"]
    if status == 401:
        assert got_headers["www-authenticate"].startswith("Bearer")
    if status == 405:
        assert "POST" in got_headers.get("allow", "")


def test_notifications_and_replies_get_202_without_a_body(daemon: Daemon) -> None:
    probe = Probe(daemon)
    session = probe.session()
    cancelled = {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 99}}
    assert probe.send(body=cancelled, Mcp_Session_Id=session)[::2] == (202, None)
    assert probe.send(body={"jsonrpc": "2.0", "id": "s1", "result": {}}, Mcp_Session_Id=session)[::2] == (202, None)


def test_a_body_above_the_cap_gets_413_and_the_connection_keeps_working(daemon: Daemon) -> None:
    from gasoline_generated.policy import LIMITS

    probe = Probe(daemon)
    huge = json.dumps({"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"pad": "x" * LIMITS.mcp.max_body_bytes}})
    status, _, body = probe.send(body=huge.encode())
    assert status == 413 and body["error"]["code"] == -32600
    assert Probe(daemon).session()


def test_keep_alive_survives_an_error_reply(daemon: Daemon) -> None:
    probe = Probe(daemon)
    assert probe.send(body=b"{broken")[0] == 400
    assert (
        probe.send(
            body={"jsonrpc": "2.0", "id": 9, "method": "server/discover", "params": {}},
            MCP_Protocol_Version="2026-07-28",
            Mcp_Method="server/discover",
        )[0]
        == 400
    )
    assert probe.session(), "the same connection serves the next request"


def test_the_modern_era_on_the_same_endpoint(daemon: Daemon) -> None:
    probe = Probe(daemon)
    headers = {"MCP_Protocol_Version": "2026-07-28", "Mcp_Method": "server/discover"}
    status, headers_out, body = probe.send(
        body={"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {"_meta": MODERN_META}}, **headers
    )
    assert status == 200 and "mcp-session-id" not in headers_out
    result = body["result"]
    assert result["supportedVersions"] == ["2026-07-28"] and result["resultType"] == "complete"
    assert result["_meta"]["io.modelcontextprotocol/serverInfo"]["name"] == "gasoline"
    assert (result["ttlMs"], result["cacheScope"]) == (0, "private")

    listed = probe.send(
        body={"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {"_meta": MODERN_META}},
        MCP_Protocol_Version="2026-07-28",
        Mcp_Method="tools/list",
    )[2]["result"]
    assert {"tools", "resultType", "ttlMs", "cacheScope"} <= set(listed)
    called = probe.send(
        body=call("configure", {"action": "health"}, 3, _meta=MODERN_META),
        MCP_Protocol_Version="2026-07-28",
        Mcp_Method="tools/call",
        Mcp_Name="  configure  ",
    )
    assert called[0] == 200 and called[2]["result"]["structuredContent"]["service"] == "gasoline"


@pytest.mark.parametrize(
    ("body", "headers", "status", "code"),
    [
        (
            {"jsonrpc": "2.0", "id": 1, "method": "server/discover", "params": {}},
            {"Mcp_Method": "server/discover"},
            400,
            -32602,
        ),
        (
            {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": MODERN_META}},
            {"Mcp_Method": "prompts/list"},
            400,
            -32020,
        ),
        ({"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {"_meta": MODERN_META}}, {}, 400, -32020),
        (
            call("configure", {"action": "health"}, 1, _meta=MODERN_META),
            {"Mcp_Method": "tools/call", "Mcp_Name": "observe"},
            400,
            -32020,
        ),
        (
            {"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {"_meta": MODERN_META}},
            {"Mcp_Method": "ping"},
            404,
            -32601,
        ),
        (
            {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"_meta": MODERN_META}},
            {"Mcp_Method": "initialize"},
            404,
            -32601,
        ),
        (
            {
                "jsonrpc": "2.0",
                "id": 1,
                "method": "server/discover",
                "params": {"_meta": {**MODERN_META, "io.modelcontextprotocol/protocolVersion": "v9"}},
            },
            {"Mcp_Method": "server/discover", "MCP_Protocol_Version": "v9"},
            400,
            -32022,
        ),
    ],
)
def test_modern_errors_map_to_http_statuses(daemon: Daemon, body: dict, headers: dict, status: int, code: int) -> None:
    headers = {"MCP_Protocol_Version": "2026-07-28", **headers}
    got_status, _, got = Probe(daemon).send(body=body, **headers)
    assert (got_status, got["error"]["code"], got["id"]) == (status, code, 1)
    if code == -32022:
        assert got["error"]["data"] == {"supported": ["2026-07-28"], "requested": "v9"}


def test_legacy_errors_come_with_status_200(daemon: Daemon) -> None:
    probe = Probe(daemon)
    session = probe.session()
    status, _, body = probe.send(body={"jsonrpc": "2.0", "id": 5, "method": "no/such"}, Mcp_Session_Id=session)
    assert (status, body["error"]["code"]) == (200, -32601)
    status, _, body = probe.send(body=call("teleport", {}), Mcp_Session_Id=session)
    assert (status, body["error"]["code"]) == (200, -32602)


def test_the_token_file_is_private_and_no_auth_opens_only_mcp_and_warns_loudly(isolated: Any) -> None:
    with running_daemon(isolated.state_dir, port=isolated.port) as daemon:
        token_file = daemon.state_dir / f"daemon-{daemon.port}.token"
        assert stat.S_IMODE(os.stat(token_file).st_mode) == 0o600
    with running_daemon(isolated.state_dir, "--no-auth", port=isolated.port) as daemon:
        assert Probe(daemon, token=False).session()
        status, _, _ = Probe(daemon, token=False).send("GET", path="/approvals")
        assert status == 401, "--no-auth opens /mcp only; approvals still need the token"
        approver = {"Authorization": f"Bearer {daemon.approver_token}"}
        status, _, listing = Probe(daemon, token=False).send("GET", path="/approvals", **approver)
        assert (status, listing) == (200, {"pending": []})
        daemon.process.terminate()
        _, stderr = daemon.process.communicate(timeout=10)
        assert b"WARNING: --no-auth" in stderr
        log = (daemon.state_dir / f"daemon-{daemon.port}.log").read_text()
        assert "--no-auth" in log


def test_health_reports_service_version_transports_and_buffers(daemon: Daemon) -> None:
    from gasoline import __version__

    status, _, facts = Probe(daemon).send("GET", path="/health")
    assert status == 200
    assert (facts["service"], facts["version"]) == ("gasoline", __version__)
    assert facts["transports"]["http"] == {"url": daemon.url, "auth": True, "sessions": 0}
    assert facts["uptime_seconds"] >= 0 and facts["approvals"] == {"pending": 0}
    assert facts["redaction"] == {"policy_version": "1", "redacted_count": [], "blocked_count": 0}
    logs = next(buffer for buffer in facts["buffers"] if buffer["name"] == "logs")
    assert logs == {"name": "logs", "entries": 0, "max_entries": 1000, "bytes": 0, "max_bytes": 4194304, "evicted": 0}


def test_sessions_past_the_cap_end_the_one_unused_longest(daemon: Daemon) -> None:
    probe = Probe(daemon)
    sessions = [probe.session() for _ in range(LIMITS.mcp.max_sessions + 8)]
    newest = sessions[-1]
    status, _, body = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=newest)
    assert (
        status == 200
        and body["result"]["structuredContent"]["transports"]["http"]["sessions"] == LIMITS.mcp.max_sessions
    )
    for ended in sessions[:8]:
        status, _, body = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=ended)
        assert status == 404 and body["error"]["code"] == -32600, body
    status, _, body = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=sessions[8])
    assert status == 200 and body["result"]["isError"] is False

"""Hostile input against the real daemon and bridge: every message gets a structured refusal,
and the process (and its connection) answers the next one."""

from __future__ import annotations

import json
import socket
import time
from typing import Any

import pytest

from gasoline.transports.lines import TimedLines
from gasoline_generated.policy import LIMITS

from .conftest import Isolated
from .processes import Bridge, Daemon, post_as_extension, running_bridge, wait_for
from .test_http_probes import INIT, Probe

DEPTH = LIMITS.json.max_depth


def nested(depth: int, inner: str = "0") -> str:
    """Arrays and objects nested `depth` levels deep, alternating, around `inner`."""
    opening = "".join('{"a":' if level % 2 else "[" for level in range(depth))
    closing = "".join("}" if level % 2 else "]" for level in reversed(range(depth)))
    return opening + inner + closing


# Just past the limit, past Python's recursion limit, and far past it: each must be refused the same way.
TOO_DEEP = [DEPTH + 1, 1_000, 5_000, 100_000]


def deep_request(depth: int, request_id: int = 1) -> str:
    return f'{{"jsonrpc":"2.0","id":{request_id},"method":"ping","params":{{"a":{nested(depth - 2)}}}}}'


def deep_lines(depth: int) -> list[str]:
    """The class of deep messages: a bare nest of arrays, and a request whose params nest."""
    return ["[" * depth + "]" * depth, deep_request(depth)]


def assert_too_deep(reply: dict[str, Any]) -> None:
    assert reply["error"]["code"] == -32600
    assert f"nested deeper than {DEPTH} levels" in reply["error"]["message"]


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_stdio_refuses_deep_messages_and_answers_the_next(isolated: Isolated, depth: int) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        for line in deep_lines(depth):
            bridge.send(line)
            assert_too_deep(next_message(bridge))
            assert bridge.request("ping")["result"] == {}, "the bridge answers the next message"


def test_a_message_at_the_depth_limit_is_served(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        bridge.send(deep_request(DEPTH, request_id=7))
        assert bridge.reply_to(7)["result"] == {}


def next_message(bridge: Bridge) -> dict[str, Any]:
    message = bridge.read(30)
    assert message is not None, "the bridge exited"
    return message


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_the_local_socket_refuses_deep_messages_and_keeps_the_connection(daemon: Daemon, depth: int) -> None:
    with socket.socket(socket.AF_UNIX) as connection:
        connection.connect(str(daemon.files.socket))
        lines = TimedLines(connection.makefile("rb"))
        for line in deep_lines(depth):
            connection.sendall(line.encode() + b"\n")
            assert_too_deep(json.loads(lines.next(10)))
            connection.sendall(b'{"jsonrpc":"2.0","id":"after","method":"ping"}\n')
            assert json.loads(lines.next(10)) == {"jsonrpc": "2.0", "id": "after", "result": {}}


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_mcp_refuses_deep_bodies_and_serves_the_next_request(daemon: Daemon, depth: int) -> None:
    probe = Probe(daemon)
    for body in deep_lines(depth):
        status, _, reply = probe.send(body=body.encode())
        assert status == 400
        assert_too_deep(reply)
        assert probe.session(), "the same connection serves the next request"


@pytest.mark.parametrize("path", ["/events", "/sync"])
@pytest.mark.parametrize("depth", TOO_DEEP)
def test_extension_routes_refuse_deep_bodies_and_serve_the_next(daemon: Daemon, path: str, depth: int) -> None:
    for body in ["[" * depth + "]" * depth, '{"events":[' + nested(depth - 1) + "]}"]:
        status, reply = post_as_extension(daemon.port, path, body.encode())
        assert (status, reply["error"]) == (400, "bad_request")
        assert f"nested deeper than {DEPTH} levels" in reply["message"]
    assert post_as_extension(daemon.port, "/events", {"events": []}) == (200, {"accepted": 0, "rejected": []})


def test_approvals_refuse_a_deep_body(daemon: Daemon) -> None:
    probe = Probe(daemon)
    status, _, reply = probe.send(
        body=nested(5_000).encode(), path="/approvals/x", Authorization=f"Bearer {daemon.approver_token}"
    )
    assert status == 400 and reply["error"] == "bad_request" and "nested deeper" in reply["message"]


def test_a_captured_body_of_deep_json_is_kept_and_redacted_as_text(daemon: Daemon) -> None:
    """A page can serve any body: one nested past the limit is stored, redacted by the text rules."""
    secret = "sk-" + "a1B2c3D4" * 5
    body = nested(5_000, json.dumps({"api_key": secret}))
    event = {
        "type": "network_body",
        "ts": "2026-01-01T00:00:00Z",
        "url": "http://127.0.0.1/deep",
        "method": "GET",
        "status": 200,
        "responseBody": body,
    }
    status, reply = post_as_extension(daemon.port, "/events", {"events": [event]})
    assert (status, reply) == (200, {"accepted": 1, "rejected": []})


# --- bodies over the cap, whatever their framing ---------------------------------------------------------


def raw_exchange(daemon: Daemon, head: str, body: bytes = b"", seconds: float = 5) -> tuple[int, dict[str, Any]]:
    """Send a request as raw bytes; the answer must come within `seconds` (a refusal, not a hang)."""
    deadline = time.monotonic() + seconds
    with socket.create_connection(("127.0.0.1", daemon.port), timeout=seconds) as connection:
        connection.sendall(head.replace("\n", "\r\n").encode() + b"\r\n" + body)
        received = b""
        while not _complete(received):
            connection.settimeout(max(deadline - time.monotonic(), 0.01))
            try:
                chunk = connection.recv(65536)
            except TimeoutError:
                raise AssertionError(f"no complete answer within {seconds} s: {received!r}") from None
            if not chunk:
                break
            received += chunk
    status_line, _, rest = received.partition(b"\r\n")
    headers, _, payload = rest.partition(b"\r\n\r\n")
    assert b"content-type: application/json" in headers.lower(), received
    return int(status_line.split()[1]), json.loads(payload)


def _complete(received: bytes) -> bool:
    head, separator, payload = received.partition(b"\r\n\r\n")
    if not separator:
        return False
    length = next(
        (int(line.split(b":")[1]) for line in head.lower().split(b"\r\n") if line.startswith(b"content-length:")), None
    )
    return length is not None and len(payload) >= length


def request_head(daemon: Daemon, path: str, framing: str) -> str:
    headers = [
        f"POST {path} HTTP/1.1",
        f"Host: 127.0.0.1:{daemon.port}",
        "Content-Type: application/json",
        f"Authorization: Bearer {daemon.token}",
        framing,
    ]
    return "\n".join(headers) + "\n"


OVERSIZED = {
    "a declared length far over the cap": ("Content-Length: 999999999999", b""),
    "a chunk size of 2**64-1": ("Transfer-Encoding: chunked", b"ffffffffffffffff\r\nxxxx"),
    "a chunk just over the cap": ("Transfer-Encoding: chunked", b"%x\r\nxxxx" % (LIMITS.mcp.max_body_bytes * 2)),
}


@pytest.mark.parametrize("framing", OVERSIZED.values(), ids=OVERSIZED.keys())
def test_mcp_refuses_an_oversized_body_at_once_with_json_rpc(daemon: Daemon, framing: tuple[str, bytes]) -> None:
    status, reply = raw_exchange(daemon, request_head(daemon, "/mcp", framing[0]), framing[1])
    assert status == 413 and reply["error"]["code"] == -32600
    assert f"larger than {LIMITS.mcp.max_body_bytes} bytes" in reply["error"]["message"]
    assert Probe(daemon).session(), "the daemon serves the next request"


@pytest.mark.parametrize("path", ["/events", "/sync", "/approvals/x"])
@pytest.mark.parametrize("framing", OVERSIZED.values(), ids=OVERSIZED.keys())
def test_other_routes_refuse_an_oversized_body_at_once_with_a_request_error(
    daemon: Daemon, path: str, framing: tuple[str, bytes]
) -> None:
    status, reply = raw_exchange(daemon, request_head(daemon, path, framing[0]), framing[1])
    assert status == 413 and reply["error"] == "too_large" and "larger than" in reply["message"]


@pytest.mark.exclusive  # the refusal races the rest of the upload: under load the connection is reset first
def test_a_chunked_body_over_the_cap_sent_in_full_gets_json_rpc(daemon: Daemon) -> None:
    chunk = b"x" * (1024 * 1024)
    body = b"".join(b"%x\r\n%s\r\n" % (len(chunk), chunk) for _ in range(6)) + b"0\r\n\r\n"
    status, reply = raw_exchange(daemon, request_head(daemon, "/mcp", "Transfer-Encoding: chunked"), body, 20)
    assert status == 413 and reply["error"]["code"] == -32600


@pytest.mark.parametrize("path", ["/mcp", "/events"])
def test_broken_chunked_framing_is_refused_in_the_daemons_words(daemon: Daemon, path: str) -> None:
    status, reply = raw_exchange(daemon, request_head(daemon, path, "Transfer-Encoding: chunked"), b"zz\r\n{}\r\n")
    message = reply["error"]["message"] if path == "/mcp" else reply["message"]
    assert status == 400 and "Invalid chunk size" in message


# --- headers ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("scheme", ["bearer", "BEARER", "bEaReR"])
def test_the_bearer_scheme_is_case_insensitive(daemon: Daemon, scheme: str) -> None:
    probe = Probe(daemon)
    assert probe.send(body=INIT, Authorization=f"{scheme} {daemon.token}")[0] == 200
    assert probe.send(body=INIT, Authorization=f"{scheme} wrong")[0] == 401
    assert probe.send(body=INIT, Authorization=f"Basic {daemon.token}")[0] == 401


@pytest.mark.parametrize("method", ["POST", "DELETE"])
def test_an_unsupported_protocol_version_names_the_sent_and_the_supported(daemon: Daemon, method: str) -> None:
    probe = Probe(daemon)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}} if method == "POST" else None
    status, _, reply = probe.send(method, body, MCP_Protocol_Version="2099-01-01", Mcp_Method="tools/list")
    assert status == 400 and reply["error"]["code"] == -32022
    assert "2099-01-01" in reply["error"]["message"] and "2026-07-28" in reply["error"]["message"]
    assert reply["error"]["data"] == {"supported": ["2026-07-28"], "requested": "2099-01-01"}
    wait_for(lambda: Probe(daemon).session(), 5, "the next request")

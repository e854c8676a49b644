"""`gasoline doctor`: check the whole chain an MCP client relies on, a line per check.

It drives the real entry points: it spawns `gasoline` as a client would and speaks MCP to it
over stdio (which starts the daemon if needed), then checks the daemon's HTTP endpoint and
health handshake directly.
"""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gasoline import __version__
from gasoline.core import jsonrpc
from gasoline.core.protocol import LEGACY_VERSIONS
from gasoline.state import DaemonFiles
from gasoline.transports.lines import TimedLines
from gasoline_generated.policy import APPROVAL_POLICY_VERSION, LIMITS_VERSION

STDIO_TIMEOUT_SECONDS = 20


class CheckFailed(Exception):
    def __init__(self, reason: str, hint: str) -> None:
        super().__init__(reason)
        self.hint = hint


@dataclass
class Check:
    name: str
    run: Callable[[], str]


def initialize_params(client: str) -> dict[str, Any]:
    """What an MCP client of the legacy era sends to begin a session."""
    return {
        "protocolVersion": LEGACY_VERSIONS[0],
        "capabilities": {},
        "clientInfo": {"name": client, "version": __version__},
    }


class StdioSession:
    """A `gasoline` process spoken to as an MCP client would."""

    def __init__(self, **env: str) -> None:
        """env: variables to set for it beyond this process's (GASOLINE_PROJECT_DIR...)."""
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gasoline"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            env={**os.environ, **env},
        )
        assert self.process.stdout is not None
        self.lines = TimedLines(self.process.stdout)
        self._ids = 0

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin is not None
        self._ids += 1
        self.process.stdin.write((jsonrpc.encode(jsonrpc.request(self._ids, method, params)) + "\n").encode())
        self.process.stdin.flush()
        deadline = time.monotonic() + STDIO_TIMEOUT_SECONDS
        while time.monotonic() < deadline:
            try:
                line = self.lines.next(deadline - time.monotonic())
            except TimeoutError:
                break
            if not line:
                raise CheckFailed(
                    "the stdio server closed its output", "run `gasoline` in a terminal and look at stderr"
                )
            message = json.loads(line)
            if message.get("id") == self._ids:
                if "error" in message:
                    raise CheckFailed(f"{method} failed: {message['error'].get('message')}", "see the daemon log")
                result: dict[str, Any] = message["result"]
                return result
        raise CheckFailed(f"no answer to {method} within {STDIO_TIMEOUT_SECONDS} s", "see the bridge and daemon logs")

    def initialize(self, client: str) -> dict[str, Any]:
        """Begin the session (initialize, then notifications/initialized); the server's answer."""
        result = self.request("initialize", initialize_params(client))
        self.notify("notifications/initialized")
        return result

    def notify(self, method: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write((jsonrpc.encode(jsonrpc.notification(method, {})) + "\n").encode())
        self.process.stdin.flush()

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()


def http_post(files: DaemonFiles, message: dict[str, Any], **extra: str) -> tuple[int, dict[str, str], bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", files.port, timeout=10)
    token = files.read_token()
    headers = {
        "Host": f"127.0.0.1:{files.port}",
        "Content-Type": "application/json",
        "Accept": "application/json, text/event-stream",
    }
    if token:
        headers["Authorization"] = f"Bearer {token}"
    headers.update({name.replace("_", "-"): value for name, value in extra.items()})
    try:
        connection.request("POST", "/mcp", body=jsonrpc.encode(message), headers=headers)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    except OSError as error:
        raise CheckFailed(
            f"cannot reach http://127.0.0.1:{files.port}/mcp: {error}", "start it with `gasoline daemon`"
        ) from error
    finally:
        connection.close()


def http_get(files: DaemonFiles, path: str) -> dict[str, Any]:
    connection = http.client.HTTPConnection("127.0.0.1", files.port, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": f"127.0.0.1:{files.port}"})
        response = connection.getresponse()
        answer: dict[str, Any] = json.loads(response.read())
        return answer
    except (OSError, ValueError) as error:
        raise CheckFailed(f"no health answer on port {files.port}: {error}", f"see {files.log}") from error
    finally:
        connection.close()


def checks(files: DaemonFiles, stdio: StdioSession) -> list[Check]:
    facts: dict[str, Any] = {}

    def initialize() -> str:
        started = time.perf_counter()
        result = stdio.initialize("gasoline-doctor")
        return (
            f"protocol {result['protocolVersion']}, {result['serverInfo']['name']} {result['serverInfo']['version']} "
            f"({(time.perf_counter() - started) * 1000:.0f} ms)"
        )

    def tools_list() -> str:
        names = [tool["name"] for tool in stdio.request("tools/list", {})["tools"]]
        if "configure" not in names:
            raise CheckFailed(f"configure is not listed ({names})", "regenerate: python3 tasks.py gen")
        return ", ".join(names)

    def call_through_bridge() -> str:
        result = stdio.request("tools/call", {"name": "configure", "arguments": {"action": "health"}})
        if result.get("isError"):
            raise CheckFailed(result["content"][0]["text"], f"see {files.log}")
        facts["health"] = result["structuredContent"]
        return f"configure(action='health') answered by daemon pid {facts['health']['pid']}"

    def daemon() -> str:
        health = http_get(files, "/health")
        facts["direct"] = health
        if health.get("service") != "gasoline":
            raise CheckFailed(
                f"port {files.port} answers as {health.get('service')!r}", "choose another port: GASOLINE_PORT"
            )
        if health.get("version") != __version__:
            raise CheckFailed(
                f"daemon version {health.get('version')}, this gasoline is {__version__}", "gasoline stop, then retry"
            )
        uptime = f"up {health['uptime_seconds']:.0f} s"
        return f"pid {health['pid']}, version {health['version']}, {uptime}, log {health.get('log_file')}"

    def http_initialize() -> str:
        status, headers, _ = http_post(
            files,
            jsonrpc.request(1, "initialize", initialize_params("gasoline-doctor")),
        )
        if status != 200 or "mcp-session-id" not in headers:
            hint = (
                "the token in the state directory does not match: gasoline stop, then retry"
                if status == 401
                else f"see {files.log}"
            )
            raise CheckFailed(f"initialize over HTTP answered {status}", hint)
        transports = facts.get("direct", {}).get("transports", {})
        auth = "token required" if transports.get("http", {}).get("auth") else "NO AUTH (--no-auth)"
        return f"http://127.0.0.1:{files.port}/mcp, session issued, {auth}"

    def policy() -> str:
        loaded = facts.get("direct", {}).get("policy", {})
        expected = {"approval_version": APPROVAL_POLICY_VERSION, "limits_version": LIMITS_VERSION}
        if loaded != expected:
            raise CheckFailed(f"the daemon has {loaded}, this build {expected}", "gasoline stop, then retry")
        return f"approval policy v{loaded['approval_version']}, limits v{loaded['limits_version']}"

    def extension_contract() -> str:
        contract = facts.get("direct", {}).get("extension", {}).get("contract")
        if contract is None:
            return "no extension has synced with this daemon yet: nothing to compare"
        if contract["status"] != "compatible":
            versions = f"the extension speaks {contract['extension']}, this daemon {contract['daemon']}"
            raise CheckFailed(f"{contract['status'].replace('_', ' ')}: {versions}", contract["message"])
        return str(contract["message"])

    def extension_pairing() -> str:
        extension = facts.get("direct", {}).get("extension", {})
        if extension.get("paired") is False:
            raise CheckFailed(
                "the browser extension is not paired, so the daemon takes none of its syncs and events",
                "run `gasoline pair` and type the code into the Gasoline popup",
            )
        if extension.get("paired") is None:
            return "no extension has tried to sync with this daemon yet"
        return "the browser extension is paired" + ("" if extension.get("connected") else " (not connected now)")

    return [
        Check("stdio initialize", initialize),
        Check("stdio tools/list", tools_list),
        Check("stdio tools/call via the daemon", call_through_bridge),
        Check("daemon pid and version (health handshake)", daemon),
        Check("HTTP initialize", http_initialize),
        Check("policy files loaded", policy),
        Check("extension pairing", extension_pairing),
        Check("extension contract", extension_contract),
    ]


def run() -> int:
    files = DaemonFiles.for_port()
    print(f"gasoline doctor {__version__}: port {files.port}, state directory {files.root}")
    stdio = StdioSession()
    failures = 0
    try:
        for check in checks(files, stdio):
            try:
                detail = check.run()
                print(f"PASS  {check.name}: {detail}")
            except CheckFailed as failure:
                failures += 1
                print(f"FAIL  {check.name}: {failure} (hint: {failure.hint})")
            except (KeyError, TypeError, ValueError) as error:
                failures += 1
                print(
                    f"FAIL  {check.name}: unexpected answer ({type(error).__name__}: {error}) (hint: see {files.log})"
                )
    finally:
        stdio.close()
    print("all checks passed" if not failures else f"{failures} check(s) failed")
    return 1 if failures else 0

"""python3 tasks.py bench: each figure beside a reference measured in the same run.

A ratio to a reference taken on the same machine at the same moment means something on a
noisy shared machine; the absolute number alone does not. The MCP figures compare Gasoline
with the official Python SDK's MCPServer serving one tool, both driven by the same raw
JSON-RPC client code below.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend_bench import backend
from capture_bench import capture
from code_bench import code
from commands_bench import commands
from measure import (
    INIT,
    ROOT,
    HttpClient,
    free_port,
    mixed_payload,
    percentiles,
    report,
    rss_mib,
    timed,
    wait_for,
    wait_listening,
)
from panel_bench import panel
from recall_bench import recall
from redaction_bench import worst_case_rules
from worker_redaction_bench import worker_redaction

from gasoline.state import DaemonFiles
from gasoline.transports.lines import TimedLines
from tests.integration.processes import health

REFERENCE = [sys.executable, str(Path(__file__).with_name("reference_server.py"))]
CALLS = 1000


class StdioClient:
    def __init__(self, argv: list[str], env: dict[str, str]) -> None:
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        assert self.process.stdout is not None
        self.lines = TimedLines(self.process.stdout)
        self.ids = 0

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        assert self.process.stdin
        self.ids += 1
        self.process.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}).encode() + b"\n"
        )
        self.process.stdin.flush()
        while True:
            message = json.loads(self.lines.next(60))
            if message.get("id") == self.ids:
                return message

    def notify(self, method: str) -> None:
        assert self.process.stdin
        self.process.stdin.write(json.dumps({"jsonrpc": "2.0", "method": method}).encode() + b"\n")
        self.process.stdin.flush()

    def close(self) -> None:
        assert self.process.stdin
        self.process.stdin.close()
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.process.kill()


def spawn_to_initialize(argv: list[str], env: dict[str, str]) -> float:
    def once() -> None:
        client = StdioClient(argv, env)
        client.request("initialize", INIT)
        client.process.kill()
        client.process.wait()

    return statistics.median(timed(once, 7))


# The calls compared, each beside the reference's call with a result of like size: a small result
# (our observe page with no extension: two fields; the SDK's add), and a 1.6 KB report (our live
# health, redacted and rendered; the SDK's report tool, a fixed dict of the same shape and size).
CALLS_COMPARED = {
    "tools/call, small result": (
        {"name": "observe", "arguments": {"what": "page"}},
        {"name": "add", "arguments": {"a": 2, "b": 3}},
    ),
    "tools/call, 1.6 KB report": (
        {"name": "configure", "arguments": {"action": "health"}},
        {"name": "report", "arguments": {}},
    ),
}


def latencies(client: Any, side: int) -> dict[str, list[float]]:
    """tools/list and each compared call on one side (0: ours, 1: the reference), CALLS times each."""
    found = {"tools/list": timed(lambda: client.request("tools/list", {}), CALLS)}
    for figure, calls in CALLS_COMPARED.items():
        for _ in range(50):
            client.request("tools/call", calls[side])
        found[figure] = timed(lambda calls=calls: client.request("tools/call", calls[side]), CALLS)
    return found


def main() -> None:
    print(f"{'figure':<40} {'gasoline':>14} {'reference':>17} {'ratio':>7}   goal")
    generation()
    mcp()
    payload, daemon_p95 = redaction()
    worker_redaction(payload, daemon_p95, worst_case_rules())
    recall()
    approvals()
    capture()
    commands()
    code()
    backend()
    panel()


def redaction() -> tuple[str, float]:
    """Reports the daemon redacting 100 KB of mixed text; returns the text and its p95."""
    import re

    from gasoline.safety.redaction import build_redactor
    from gasoline_generated.redaction_rules import RULES

    payload = mixed_payload()
    redactor = build_redactor(b"bench-key" * 4)
    ours = timed(lambda: redactor.text(payload), 60)
    combined = re.compile("|".join(f"(?i:{r.pattern})" if r.ignore_case else f"(?:{r.pattern})" for r in RULES))
    reference = timed(lambda: list(combined.finditer(payload)), 60)
    p95, ref95 = percentiles(ours)[1], percentiles(reference)[1]
    report(f"redact 100 KB mixed, {redactor.rule_count} rules, p95", p95, ref95, "ms", "<= 10 ms")
    rate = len(payload.encode()) / statistics.median(ours) / 1e6
    print(f"{'  throughput':<40} {rate:9.1f} MB/s  (reference: one pass of re with all rules combined)")
    return payload, p95


def approvals() -> None:
    with tempfile.TemporaryDirectory() as state:
        port = free_port()
        env = {**os.environ, "GASOLINE_STATE_DIR": state, "GASOLINE_PORT": str(port), "GASOLINE_PROJECT_DIR": state}
        daemon = subprocess.Popen(
            [sys.executable, "-m", "gasoline", "daemon", "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_for(lambda: health(port) is not None, 30, "the daemon to answer")  # its tokens are written by then
            client = HttpClient(port, DaemonFiles(Path(state), port).read_token() or "")
            arguments = {"action": "clear", "buffers": ["logs"]}

            def round_trip() -> None:
                asked = client.request("tools/call", {"name": "configure", "arguments": arguments})["result"]
                request_id = asked["structuredContent"]["details"]["request_id"]
                subprocess.run(
                    [sys.executable, "-m", "gasoline", "approve", request_id], env=env, check=True, capture_output=True
                )
                done = client.request(
                    "tools/call", {"name": "configure", "arguments": {**arguments, "approval_id": request_id}}
                )
                assert not done["result"]["isError"], done

            trips = timed(round_trip, 20)
            cli = timed(
                lambda: subprocess.run(
                    [sys.executable, "-m", "gasoline", "--version"], check=True, capture_output=True
                ),
                20,
            )
        finally:
            daemon.terminate()
            daemon.wait()
    report(
        "approval round trip (CLI approve), p95",
        percentiles(trips)[1],
        percentiles(cli)[1],
        "ms",
        "<= 250 ms (reference: start the CLI)",
    )


def generation() -> None:
    def python(*args: str) -> Callable[[], object]:
        return lambda: subprocess.run([sys.executable, *args], cwd=ROOT, check=True, capture_output=True)

    check_gen = statistics.median(timed(python("-m", "gasoline_codegen", "--root", str(ROOT), "check"), 5))
    imports = statistics.median(
        timed(python("-c", "import datamodel_code_generator, jsonschema, yaml, jinja2, pydantic"), 5)
    )
    report("check-gen, vs importing the generators", check_gen, imports, "s", "< 10 s")
    tools_list_size()


def tools_list_size() -> None:
    """The published payload beside the same payload with every declared mode published."""
    from gasoline_codegen.build import spec_at
    from gasoline_codegen.targets import tools_payload

    spec = spec_at(ROOT)
    published = tools_payload.payload_size(tools_payload.published_tools(spec))
    everything = tools_payload.payload_size(tools_payload.published_tools(tools_payload.everything_published(spec)))
    report(
        "tools/list size (characters)",
        published,
        everything,
        "chars",
        "<= 15000 (reference: every mode published; all are)",
    )


def mcp() -> None:
    with tempfile.TemporaryDirectory() as state:
        port = free_port()
        env = {**os.environ, "GASOLINE_STATE_DIR": state, "GASOLINE_PORT": str(port)}
        ours_argv = [sys.executable, "-m", "gasoline"]
        spawn = (spawn_to_initialize(ours_argv, env), spawn_to_initialize([*REFERENCE, "stdio"], env))
        report("spawn -> initialize answered", *spawn, "ms", "<= 150 ms")

        stdio = {}
        for side, argv in enumerate((ours_argv, [*REFERENCE, "stdio"])):
            client = StdioClient(argv, env)
            client.request("initialize", INIT)
            client.notify("notifications/initialized")
            stdio[side] = latencies(client, side)
            client.close()

        files = DaemonFiles(Path(state), port)
        token, daemon_pid = files.read_token() or "", files.read_pid()
        assert daemon_pid is not None, "the daemon wrote its pid"
        ours_http = HttpClient(port, token)
        http_ours = latencies(ours_http, 0)
        ours_rss = rss_mib(daemon_pid)
        subprocess.run([sys.executable, "-m", "gasoline", "stop"], env=env, capture_output=True)

        reference_port = free_port()
        reference = subprocess.Popen(
            [*REFERENCE, "http", str(reference_port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            wait_listening(reference_port)
            http_reference = latencies(HttpClient(reference_port), 1)
            reference_rss = rss_mib(reference.pid)
        finally:
            reference.kill()
            reference.wait()

    for transport, ours, theirs in (("stdio", stdio[0], stdio[1]), ("HTTP", http_ours, http_reference)):
        for figure in ours:
            (p50, p95), (ref50, ref95) = percentiles(ours[figure]), percentiles(theirs[figure])
            report(f"{transport} {figure} p50", p50, ref50, "ms", "<= 0.5x reference")
            report(f"{transport} {figure} p95", p95, ref95, "ms", "< 2 ms")
    figure = f"daemon RSS after {(1 + len(CALLS_COMPARED)) * CALLS + 100} HTTP calls"
    print(f"{figure:<40} {ours_rss:9.1f} MiB  {reference_rss:11.1f} MiB {ours_rss / reference_rss:7.2f}   <= 45 MiB")


if __name__ == "__main__":
    main()

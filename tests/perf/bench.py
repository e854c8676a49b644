"""python3 tasks.py bench: each figure beside a reference measured in the same run, and the goal of
spec/policy/goals.yaml it is held to.

A ratio to a reference taken on the same machine at the same moment means something on a
noisy shared machine; the absolute number alone does not. The MCP figures compare Gasoline
with the official Python SDK's MCPServer serving one tool, both driven by the same raw
JSON-RPC client code below.

With --check, each group of figures runs again (up to RUNS times) while one of its goals is
missed, each figure keeps its best run, and the run ends with every goal's table; it exits 1
when a goal is missed or was never measured.
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from backend_bench import backend
from capture_bench import capture
from code_bench import code
from commands_bench import commands
from measure import (
    INIT,
    RESULTS,
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
from stream_bench import stream
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
        self.ids += 1
        self.send(method, params)
        return self.reply(self.ids)

    def send(self, method: str, params: dict[str, Any]) -> None:
        """A request numbered self.ids."""
        assert self.process.stdin
        self.process.stdin.write(
            json.dumps({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params}).encode() + b"\n"
        )
        self.process.stdin.flush()

    def reply(self, request_id: int) -> dict[str, Any]:
        while True:
            message = json.loads(self.lines.next(60))
            if message.get("id") == request_id:
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


RUNS = 3


def main() -> None:
    check = "--check" in sys.argv[1:]
    print(f"{'figure':<40} {'gasoline':>14} {'reference':>17} {'ratio':>7}   goal")
    for group in (generation, mcp, redactions, recall, approvals, capture, commands, code, backend, panel, stream):
        for _ in range(RUNS if check else 1):
            measured_before = len(RESULTS.reported)
            group()
            if not RESULTS.missed(RESULTS.reported[measured_before:]):
                break
            print(f"-- {group.__name__}: a goal was missed; measuring the group again", flush=True)
    if check:
        print(f"\nEvery goal of spec/policy/goals.yaml, at its best of up to {RUNS} runs:\n")
        print(RESULTS.table())
        missed = RESULTS.missed()
        if missed:
            print(f"\n{len(missed)} goal(s) missed: {', '.join(missed)}")
            raise SystemExit(1)


def redactions() -> None:
    """The daemon's redactor, then the extension's in its worker, beside it."""
    payload, daemon_p95 = redaction()
    worker_redaction(payload, daemon_p95, worst_case_rules())


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
    report(f"redact 100 KB mixed, {redactor.rule_count} rules, p95", p95, ref95, "ms", goal="redaction.mixed_100kb_p95")
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
        "reference: start the CLI",
        goal="mcp.approval_cli_p95",
    )


def generation() -> None:
    def python(*args: str) -> Callable[[], object]:
        return lambda: subprocess.run([sys.executable, *args], cwd=ROOT, check=True, capture_output=True)

    check_gen = statistics.median(timed(python("-m", "gasoline_codegen", "--root", str(ROOT), "check"), 5))
    imports = statistics.median(
        timed(python("-c", "import datamodel_code_generator, jsonschema, yaml, jinja2, pydantic"), 5)
    )
    report("check-gen, vs importing the generators", check_gen, imports, "s", goal="generator.check_gen")
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
        "reference: every mode published",
        goal="generator.tools_list_chars",
    )


# The goal each MCP figure is held to, by transport, call and percentile; the rest are shown.
MCP_GOALS = {
    ("stdio", "tools/call, small result", "p50"): "mcp.stdio_call_small_p50",
    ("stdio", "tools/list", "p50"): "mcp.stdio_tools_list_p50",
    ("stdio", "tools/list", "p95"): "mcp.stdio_tools_list_p95",
    ("HTTP", "tools/call, small result", "p50"): "mcp.http_call_small_p50",
}


def mcp() -> None:
    with tempfile.TemporaryDirectory() as state:
        port = free_port()
        env = {**os.environ, "GASOLINE_STATE_DIR": state, "GASOLINE_PORT": str(port)}
        ours_argv = [sys.executable, "-m", "gasoline"]
        spawn = (spawn_to_initialize(ours_argv, env), spawn_to_initialize([*REFERENCE, "stdio"], env))
        report("spawn -> initialize answered", *spawn, "ms", goal="mcp.spawn_to_initialize")

        stdio = {}
        for side, argv in enumerate((ours_argv, [*REFERENCE, "stdio"])):
            client = StdioClient(argv, env)
            client.request("initialize", INIT)
            client.notify("notifications/initialized")
            stdio[side] = latencies(client, side)
            if side == 0:
                restart(client, DaemonFiles(Path(state), port))
            client.close()

        files = DaemonFiles(Path(state), port)
        token, daemon_pid = files.read_token() or "", files.read_pid()
        assert daemon_pid is not None, "the daemon wrote its pid"
        initialize_ours = timed(lambda: HttpClient(port, token), 100)
        ours_http = HttpClient(port, token)
        http_ours = latencies(ours_http, 0)
        ours_rss = rss_mib(daemon_pid)
        subprocess.run([sys.executable, "-m", "gasoline", "stop"], env=env, capture_output=True)
        idle_ours = idle_rss([sys.executable, "-m", "gasoline", "daemon", "--port", str(port)], env, port)

        reference_port = free_port()
        reference = subprocess.Popen(
            [*REFERENCE, "http", str(reference_port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            wait_listening(reference_port)
            idle_reference = rss_mib(reference.pid)
            initialize_reference = timed(lambda: HttpClient(reference_port), 100)
            http_reference = latencies(HttpClient(reference_port), 1)
            reference_rss = rss_mib(reference.pid)
        finally:
            reference.kill()
            reference.wait()

    for transport, ours, theirs in (("stdio", stdio[0], stdio[1]), ("HTTP", http_ours, http_reference)):
        for figure in ours:
            for index, percentile in enumerate(("p50", "p95")):
                goal = MCP_GOALS.get((transport, figure, percentile))
                value, reference_value = percentiles(ours[figure])[index], percentiles(theirs[figure])[index]
                report(f"{transport} {figure} {percentile}", value, reference_value, "ms", goal=goal)
    report(
        "HTTP initialize, warm daemon, p95",
        percentiles(initialize_ours)[1],
        percentiles(initialize_reference)[1],
        "ms",
        goal="mcp.http_initialize_p95",
    )
    report("daemon RSS at rest (MiB)", idle_ours, idle_reference, "MiB", goal="mcp.rss_idle")
    calls = (1 + len(CALLS_COMPARED)) * CALLS + 100
    report(f"daemon RSS after {calls} HTTP calls", ours_rss, reference_rss, "MiB", goal="mcp.rss_after_calls")


def restart(client: StdioClient, files: DaemonFiles) -> None:
    """The daemon killed while a call waits in it; the time from the kill until the next call is
    answered (by a new daemon the bridge starts), beside starting a Python that imports nothing."""
    call = {"name": "observe", "arguments": {"what": "page"}}

    def once() -> float:
        pid = files.read_pid()
        assert pid is not None
        os.kill(pid, signal.SIGSTOP)  # the next call reaches the daemon and waits there
        client.ids += 1
        client.send("tools/call", call)
        os.kill(pid, signal.SIGKILL)
        killed = time.perf_counter()
        client.reply(client.ids)  # lost with the daemon, or sent again to the new one if it was not yet sent
        answered = client.request("tools/call", call)
        assert not answered["result"]["isError"], answered
        wait_for(lambda: files.read_pid() not in (None, pid), 10, "the new daemon's pid file")
        return time.perf_counter() - killed

    restarts = [once() for _ in range(5)]
    python = timed(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), 5)
    report(
        "restart after a kill mid-call (s)",
        statistics.median(restarts),
        statistics.median(python),
        "s",
        "reference: start a Python that imports nothing",
        goal="mcp.restart_after_kill",
    )


def idle_rss(argv: list[str], env: dict[str, str], port: int) -> float:
    """A daemon's RSS once it has started and answered its health check."""
    daemon = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: health(port) is not None, 30, "the daemon to answer")
        return rss_mib(daemon.pid)
    finally:
        daemon.terminate()
        daemon.wait()


if __name__ == "__main__":
    main()

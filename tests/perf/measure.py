"""What every benchmark shares: timing, memory, waiting for a server, and the report line."""

from __future__ import annotations

import http.client
import json
import socket
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "unit"), str(ROOT / "tests")]
from goals import Measured, Results, misses, written  # noqa: E402

from gasoline_generated.goals import GOALS  # noqa: E402
from tests.integration.processes import free_port, wait_for  # noqa: E402  (the integration tests' own helpers)

__all__ = [
    "INIT",
    "RESULTS",
    "ROOT",
    "HttpClient",
    "free_port",
    "mixed_payload",
    "percentiles",
    "report",
    "rss_mib",
    "timed",
    "wait_for",
    "wait_listening",
]


INIT = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}


class HttpClient:
    """An MCP client over HTTP: one session on one keep-alive connection."""

    def __init__(self, port: int, token: str | None = None) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.headers = {
            "Host": f"127.0.0.1:{port}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
        }
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        self.ids = 0
        reply, headers = self._post({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": INIT})
        self.headers["Mcp-Session-Id"] = headers["mcp-session-id"]
        self.headers["MCP-Protocol-Version"] = reply["result"]["protocolVersion"]
        self._post({"jsonrpc": "2.0", "method": "notifications/initialized"})

    def _post(self, message: dict[str, Any]) -> tuple[Any, dict[str, str]]:
        self.connection.request("POST", "/mcp", body=json.dumps(message), headers=self.headers)
        response = self.connection.getresponse()
        data = response.read().decode()
        headers = {k.lower(): v for k, v in response.getheaders()}
        if headers.get("content-type", "").startswith("text/event-stream"):
            data = [line[5:] for line in data.splitlines() if line.startswith("data:")][-1]
        return (json.loads(data) if data.strip() else None), headers

    def request(self, method: str, params: dict[str, Any]) -> dict[str, Any]:
        self.ids += 1
        return self._post({"jsonrpc": "2.0", "id": self.ids, "method": method, "params": params})[0]


def percentiles(samples: list[float]) -> tuple[float, float]:
    cuts = statistics.quantiles(samples, n=100)
    return cuts[49], cuts[94]


def timed(action: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return samples


def wait_listening(port: int) -> None:
    def listening() -> bool:
        with socket.socket() as probe:
            return probe.connect_ex(("127.0.0.1", port)) == 0

    wait_for(listening, 30, f"something to listen on {port}")


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise ValueError(pid)


# The goals' figures of this run, each kept at its best over the runs of a --check.
RESULTS = Results()


def report(figure: str, value: float, reference: float, unit: str, note: str = "", goal: str | None = None) -> None:
    """Print a figure beside its same-run reference (times in seconds, shown in `unit`), and the goal
    of spec/policy/goals.yaml it is held to (or a note); the goal's figure is kept in RESULTS."""
    scale = 1000 if unit == "ms" else 1
    digits = 0 if unit == "chars" else 3  # counted, not measured
    measured = f"{value * scale:9.{digits}f} {unit:<4}"
    baseline = f"{reference * scale:12.{digits}f} {unit:<4}"
    held = ""
    if goal is not None:
        assert GOALS[goal].unit == unit, f"{goal} is in {GOALS[goal].unit}, the figure in {unit}"
        RESULTS.add(goal, Measured(value * scale, reference * scale))
        missed = misses(GOALS[goal], Measured(value * scale, reference * scale))
        held = f"{written(GOALS[goal])} {'MISSED' if missed else 'ok'}" + (f"; {note}" if note else "")
    print(f"{figure:<40} {measured} {baseline} {value / reference:7.2f}   {held or note}", flush=True)


def mixed_payload(size: int = 100_000) -> str:
    """JSON bodies, log lines and headers, with a secret from the test corpus now and then."""
    from secret_corpus import corpus

    secrets = corpus()
    parts, index = [], 0
    while sum(map(len, parts)) < size:
        secret = secrets[index % len(secrets)]
        parts.append(
            json.dumps(
                {
                    "id": index,
                    "user": {"name": "Alice", "id": "123e4567-e89b-12d3-a456-426614174000"},
                    "items": list(range(12)),
                    "note": "Lorem ipsum dolor sit amet " * 4,
                }
            )
        )
        parts.append(f"2026-11-22T10:00:{index % 60:02d}Z INFO GET /api/products?page={index} 200 12ms\n")
        parts.append("Content-Type: application/json\nX-Request-Id: 9f86d081884c7d65\nAccept: */*\n")
        if index % 5 == 0:
            parts.append(secret.line + "\n")
        index += 1
    return "".join(parts)[:size]

"""What every benchmark shares: timing, memory, waiting for a server, and the report line."""

from __future__ import annotations

import socket
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "tests" / "integration"), str(ROOT / "tests" / "unit")]
from processes import free_port, wait_for  # noqa: E402  (the integration tests' own helpers)

__all__ = ["ROOT", "free_port", "percentiles", "report", "rss_mib", "timed", "wait_for", "wait_listening"]


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


def report(figure: str, value: float, reference: float, unit: str, goal: str) -> None:
    scale = 1000 if unit == "ms" else 1
    digits = 0 if unit == "chars" else 3  # counted, not measured
    measured = f"{value * scale:9.{digits}f} {unit:<4}"
    baseline = f"{reference * scale:12.{digits}f} {unit:<4}"
    print(f"{figure:<40} {measured} {baseline} {value / reference:7.2f}   {goal}")

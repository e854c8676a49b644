"""The official MCP conformance suite against the fixture server (full requirement sets) and the daemon."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from .conftest import Isolated
from .mcp_tools import run_tool
from .processes import PYTHON, ROOT, Daemon, free_port, kill_group, wait_for

FIXTURE_SERVER = ROOT / "tests" / "conformance" / "fixture_server.py"
DAEMON_BASELINE = ROOT / "tests" / "conformance" / "daemon-expected-failures.yml"


@pytest.fixture(scope="module")
def fixture_url() -> Iterator[str]:
    port = free_port()
    server = subprocess.Popen(
        [PYTHON, str(FIXTURE_SERVER), "--port", str(port)],
        start_new_session=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        import socket

        def listening() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        wait_for(listening, what="the fixture server")
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        kill_group(server)


def failures(results: Path) -> list[str]:
    """Every FAILURE check in a results directory, as 'scenario: check: message'."""
    found = []
    for checks in results.glob("*/checks.json"):
        for check in json.loads(checks.read_text()):
            if check["status"] == "FAILURE":
                found.append(f"{checks.parent.name}: {check['id']}: {check.get('errorMessage')}")
    return sorted(found)


@pytest.mark.parametrize("revision", ["2025-11-25", "2026-07-28"])
def test_the_fixture_server_meets_every_requirement_of(revision: str, fixture_url: str, tmp_path: Path) -> None:
    result = run_tool(
        "conformance",
        "server",
        "--url",
        fixture_url,
        "--requirements",
        revision,
        "-o",
        str(tmp_path / "results"),
        home=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    assert "Total:" in result.stdout
    scored = [
        line
        for line in result.stdout.splitlines()
        if line.startswith("✗") and "tasks-" not in line and "json-schema" not in line and "custom-header" not in line
    ]
    assert not scored, scored


LEGACY_SCENARIOS = [
    "server-initialize",
    "ping",
    "tools-list",
    "dns-rebinding-protection",
    "server-session-lifecycle",
    "server-sse-multiple-streams",
]
MODERN_SCENARIOS = ["server-stateless", "tools-list", "dns-rebinding-protection"]


@pytest.mark.parametrize(
    ("revision", "scenario"),
    [("2025-11-25", s) for s in LEGACY_SCENARIOS] + [("2026-07-28", s) for s in MODERN_SCENARIOS],
)
def test_the_daemon_passes_the_fixture_independent_scenario(
    revision: str, scenario: str, open_daemon: Daemon, isolated: Isolated, tmp_path: Path
) -> None:
    results = tmp_path / "results"
    result = run_tool(
        "conformance",
        "server",
        "--url",
        open_daemon.url,
        "--scenario",
        scenario,
        "--spec-version",
        revision,
        "--force",
        "--expected-failures",
        str(DAEMON_BASELINE),
        "-o",
        str(results),
        home=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-3000:]
    unexpected = [f for f in failures(results) if not any(entry in f for entry in _baseline_checks())]
    assert not unexpected, unexpected
    passed = sum(
        check["status"] == "SUCCESS"
        for checks in results.glob("*/checks.json")
        for check in json.loads(checks.read_text())
    )
    assert passed >= 1


def _baseline_checks() -> list[str]:
    return [
        line.split(":")[1].split()[0]
        for line in DAEMON_BASELINE.read_text().splitlines()
        if line.strip().startswith("- ")
    ]

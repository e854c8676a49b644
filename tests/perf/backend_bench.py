"""Backend control beside the same work done directly in the same run: the demo shop's backend (the
Python template rendered into its falcon app) with 10,000 customers; backend_control through a
stdio bridge and the daemon beside the same POST sent straight to the endpoint; discovery from the
cache beside discovery over HTTP; snapshot create and restore through MCP beside the service's own
snapshot and restore operations; audit_log over 10,000 entries beside parsing them with json."""

from __future__ import annotations

import http.client
import json
import sqlite3
import statistics
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from measure import percentiles, report, timed

from gasoline.control.service.client import ControlClient
from gasoline.control.service.discovery import Discovery
from gasoline.control.service.targets import ServiceTarget
from gasoline.demo.backend_session import SERVICE, ShopBackend, shop_backend
from tests.integration.processes import Bridge, gasoline_cli, running_bridge, running_daemon

ROWS = 10_000
CALLS = 30
ALLOW = f"""approvals:
  allow:
    - {{tool: interact, mode: backend_control, scope: "service:{SERVICE}"}}
    - {{tool: configure, mode: snapshot, scope: "service:{SERVICE}"}}
"""


class Direct:
    """POSTs straight to the control endpoint, over one kept-alive connection."""

    def __init__(self, backend: ShopBackend) -> None:
        self.connection = http.client.HTTPConnection(backend.url.removeprefix("http://"))
        self.headers = {"Authorization": f"Bearer {backend.token}", "Content-Type": "application/json"}

    def run(self, operation: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        body = json.dumps({"operation": operation, "params": params or {}}).encode()
        self.connection.request("POST", "/.gasoline/control", body, self.headers)
        answer: dict[str, Any] = json.loads(self.connection.getresponse().read())
        assert answer["status"] == "success", answer
        return answer


def backend() -> None:
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        with shop_backend(root) as service:
            fill(root / "shop.sqlite3")
            project = root / "project"
            (project / ".gasoline").mkdir(parents=True)
            (project / ".gasoline" / "config.yaml").write_text(service.config() + ALLOW)
            state = project / "state"
            state.mkdir()
            direct = Direct(service)
            with running_daemon(state, forked=False) as daemon, running_bridge(state, daemon.port) as bridge:
                bridge.initialize()
                calls(bridge, direct)
                discovery(service)
                snapshots(bridge, direct, lambda request_id: gasoline_cli(state, daemon.port, "approve", request_id))
                audit_log(bridge, project)


def fill(database: Path) -> None:
    with sqlite3.connect(database) as db:
        db.executemany(
            "INSERT INTO users (email, name, plan, credits) VALUES (?, ?, 'free', 0)",
            ((f"customer-{n}@example.com", f"Customer {n}") for n in range(ROWS - 2)),
        )


def calls(bridge: Bridge, direct: Direct) -> None:
    read = {"action": "backend_control", "service": SERVICE, "operation": "state", "params": {"keys": ["user_count"]}}
    ours = timed(lambda: bridge.result("interact", **read), CALLS)
    straight = timed(lambda: direct.run("state", {"keys": ["user_count"]}), CALLS)
    p50, reference = statistics.median(ours), statistics.median(straight)
    report("backend_control read, p50", p50, reference, "ms", goal="backend.read_p50")
    report("  added to a read by MCP, p50", p50, reference, "ms", goal="backend.read_overhead_p50")
    emails = iter(range(10**6))
    write = {"action": "backend_control", "service": SERVICE, "operation": "create_test_user"}
    ours = timed(lambda: bridge.result("interact", **write, params={"email": f"w{next(emails)}@example.com"}), CALLS)
    straight = timed(lambda: direct.run("create_test_user", {"email": f"w{next(emails)}@example.com"}), CALLS)
    p50, _ = percentiles(ours)
    report(f"backend_control write, {ROWS} rows, p50", p50, statistics.median(straight), "ms", goal="backend.write_p50")


def discovery(service: ShopBackend) -> None:
    target = ServiceTarget(SERVICE, service.url, service.token)
    found = Discovery(ControlClient())
    fresh = timed(lambda: found.lookup(target, refresh=True), CALLS)
    cached = timed(lambda: found.lookup(target), 1000)
    report(
        "discovery from cache, p50",
        statistics.median(cached),
        statistics.median(fresh),
        "ms",
        goal="backend.discovery_cached_p50",
    )


def snapshots(bridge: Bridge, direct: Direct, approve: Callable[[str], object]) -> None:
    taken: list[str] = []

    def create() -> None:
        taken.append(
            bridge.result("configure", action="snapshot", session_action="create", service=SERVICE)["snapshot_id"]
        )

    creates = timed(create, 10)
    own = timed(lambda: direct.run("snapshot"), 10)
    report(
        f"snapshot create, {ROWS} rows, p50",
        statistics.median(creates),
        statistics.median(own),
        "ms",
        goal="backend.snapshot_create_p50",
    )
    state = direct.run("snapshot")["result"]
    restores = timed(lambda: restore(bridge, approve, taken[0]), 5)
    own = timed(lambda: direct.run("restore", state), 5)
    report(
        f"snapshot restore, {ROWS} rows, p50",
        statistics.median(restores),
        statistics.median(own),
        "ms",
        goal="backend.snapshot_restore_p50",
    )


def restore(bridge: Bridge, approve: Callable[[str], object], snapshot_id: str) -> None:
    """One restore, approved by the person at the keyboard (the approval's round trip included)."""
    arguments = {"action": "snapshot", "session_action": "restore", "snapshot_id": snapshot_id}
    asked = bridge.call("configure", arguments)["result"]["structuredContent"]
    request_id = asked["details"]["request_id"]
    approve(request_id)
    done = bridge.result("configure", **arguments, approval_id=request_id)
    assert done["status"] == "restored"


def audit_log(bridge: Bridge, project: Path) -> None:
    log = project / ".gasoline" / "audit.jsonl"
    template = json.loads(log.read_text().splitlines()[0])
    with log.open("a") as out:
        for n in range(ROWS - len(log.read_text().splitlines())):
            out.write(
                json.dumps({**template, "audit_id": f"audit-bench-{n}", "correlation_id": f"run-{n % 100}"}) + "\n"
            )
    lines = log.read_text().splitlines()
    query = {"what": "audit_log", "correlation_id": "run-7", "limit": 50}
    first = timed(lambda: bridge.result("observe", **query), 1)[0]
    later = statistics.median(timed(lambda: bridge.result("observe", **query), CALLS))
    parse = statistics.median(timed(lambda: [json.loads(line) for line in lines], 5))
    report(
        f"audit_log, {len(lines)} entries, first", first, parse, "ms", "reference: json", goal="backend.audit_log_first"
    )
    report(f"audit_log, {len(lines)} entries, p50", later, parse, "ms", goal="backend.audit_log_p50")

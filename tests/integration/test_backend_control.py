"""Backend control through MCP against a service rendered from the Python template: discovery,
shadow mode, dry runs, approvals by the operation's own hints, snapshots before and after, restore
verified by checksum, the audit log under correlation ids, rollback of a failed operation, and
structured errors (nothing half-recorded) for services that are unknown, down, or misbehaving."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from ..templates.support import Service, request
from .backend_services import (
    SERVICE_NAME,
    OddService,
    approved,
    audit_lines,
    call,
    ok,
    project_config,
    python_service,
    render_python_service,
)
from .conftest import Isolated, project_daemon
from .processes import Bridge, free_port, gasoline_cli, running_bridge

SECRET = "ghp_" + "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x"
ALLOW_BACKEND = """approvals:
  allow:
    - {tool: interact, mode: backend_control, scope: "service:api-server"}
    - {tool: configure, mode: snapshot, scope: "service:api-server"}
"""


@pytest.fixture(scope="module")
def rendered(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_python_service(tmp_path_factory.mktemp("rendered") / "service")


@pytest.fixture
def service(rendered: Path, tmp_path: Path) -> Iterator[Service]:
    with python_service(rendered, free_port(), tmp_path / "shop.sqlite3", tmp_path / "service.log") as running:
        yield running


@pytest.fixture
def odd() -> Iterator[OddService]:
    with OddService().running() as running:
        yield running


@contextmanager
def client(isolated: Isolated, service: Service, odd: OddService, extra: str = "") -> Iterator[Bridge]:
    """An MCP client (a stdio bridge) whose project names the two services, and its daemon."""
    with (
        project_daemon(isolated, project_config(service.port, odd.port, extra)),
        running_bridge(isolated.state_dir, isolated.port) as running,
    ):
        running.initialize()
        yield running


@pytest.fixture
def bridge(isolated: Isolated, service: Service, odd: OddService) -> Iterator[Bridge]:
    with client(isolated, service, odd) as running:
        yield running


@pytest.fixture
def allowed(isolated: Isolated, service: Service, odd: OddService) -> Iterator[Bridge]:
    """A client whose project lets state-changing (not destructive) operations run without asking."""
    with client(isolated, service, odd, ALLOW_BACKEND) as running:
        yield running


def control(bridge: Bridge, operation: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    return call(bridge, "interact", action="backend_control", service=SERVICE_NAME, operation=operation, **arguments)


def user_count(bridge: Bridge) -> int:
    values = ok(bridge, "observe", what="backend_state", service=SERVICE_NAME, keys=["user_count"])
    return int(values["state"]["user_count"])


def emails(service: Service) -> list[str]:
    status, _, users = request(service.port, "GET", token=None, path="/api/users")
    assert status == 200, users
    return [user["email"] for user in users]


def test_discovery_shows_the_operations_and_their_hints(bridge: Bridge) -> None:
    listed = ok(bridge, "observe", what="backend_state", service=SERVICE_NAME, query_type="operations")
    hints = {op["name"]: (op["read_only"], op.get("destructive", True)) for op in listed["operations"]}
    assert hints["reset_database"] == (False, True)
    assert hints["create_test_user"] == (False, False)
    assert hints["state"][0] is True and hints["snapshot"][0] is True
    health = ok(bridge, "observe", what="backend_state", service=SERVICE_NAME, query_type="health")
    assert health["reachable"] is True and health["health"]["protocol_version"] == "1.1"
    again = ok(bridge, "observe", what="backend_state", service=SERVICE_NAME, query_type="operations")
    assert again["cached"] is True, "discovery is cached"


def test_shadow_and_dry_runs_change_nothing_and_need_no_approval(
    bridge: Bridge, isolated: Isolated, service: Service
) -> None:
    before = user_count(bridge)
    user = {"email": "shadow@example.com", "plan": "pro", "name": SECRET}
    failed, shadow = control(bridge, "create_test_user", params=user, shadow_mode=True, correlation_id="t-shadow")
    assert not failed, shadow
    assert shadow["status"] == "success" and shadow["applied"] is False and shadow["shadow_mode"] is True
    assert shadow["result"]["email"] == "shadow@example.com", "the predicted result"
    failed, dry = control(bridge, "reset_database", dry_run=True)
    assert not failed and dry["applied"] is False and dry["dry_run"] is True
    assert "snapshot_before" not in shadow and "snapshot_before" not in dry
    assert user_count(bridge) == before and "shadow@example.com" not in emails(service)
    audit = (isolated.state_dir.parent / ".gasoline" / "audit.jsonl").read_text()
    assert "shadow@example.com" in audit and SECRET not in audit, "the audit log is redacted"
    assert SECRET not in json.dumps(shadow), "and so is the result"


def test_a_state_change_asks_a_person_then_runs_between_two_snapshots(
    bridge: Bridge, isolated: Isolated, service: Service
) -> None:
    before = user_count(bridge)
    new_user = {"email": "tester-7@example.com"}
    failed, asked = control(bridge, "create_test_user", params=new_user, correlation_id="bug-7")
    assert failed and asked["error"] == "approval_required"
    assert asked["details"]["scope"] == "service:api-server" and asked["details"]["mutation"] == "mutating"
    assert "create_test_user" in asked["details"]["summary"], asked["details"]
    arguments = {"service": SERVICE_NAME, "operation": "create_test_user", "params": {"email": "tester-7@example.com"}}
    done = approved(bridge, isolated, "interact", action="backend_control", correlation_id="bug-7", **arguments)
    assert done["status"] == "success" and done["applied"] is True and done["attempts"] == 1, json.dumps(done)
    assert done["snapshot_before"] != done["snapshot_after"] and len(done["checksum"]) == 64
    assert done["idempotency_key"].startswith("idem-")
    assert user_count(bridge) == before + 1 and "tester-7@example.com" in emails(service)
    assert "correlation_id=bug-7" in service.log_text(), "the service's own log names the correlation id"
    entries = ok(bridge, "observe", what="audit_log", correlation_id="bug-7")["entries"]
    assert [(e["operation"], e["audit_id"]) for e in entries] == [("create_test_user", done["audit_id"])]


def test_a_destructive_operation_asks_even_when_the_project_allows_the_service(
    allowed: Bridge, isolated: Isolated
) -> None:
    failed, created = control(allowed, "create_test_user", params={"email": "tester-8@example.com"})
    assert not failed and created["applied"] is True, "allowed: not destructive"
    failed, asked = control(allowed, "reset_database")
    assert failed and asked["error"] == "approval_required" and asked["details"]["mutation"] == "destructive"
    reset = approved(allowed, isolated, "interact", action="backend_control", service=SERVICE_NAME,
                     operation="reset_database")  # fmt: skip
    assert reset["applied"] is True and reset["result"]["rows_deleted"] >= 1


def test_a_snapshot_restores_the_exact_state_with_its_checksum(
    allowed: Bridge, isolated: Isolated, service: Service
) -> None:
    snap = ok(allowed, "configure", action="snapshot", session_action="create", name="clean", service=SERVICE_NAME)
    assert snap["status"] == "created" and len(snap["checksum"]) == 64
    control(allowed, "create_test_user", params={"email": "temp@example.com"})
    assert "temp@example.com" in emails(service)
    restored = approved(allowed, isolated, "configure", action="snapshot", session_action="restore",
                        snapshot_id=snap["snapshot_id"], service=SERVICE_NAME)  # fmt: skip
    assert restored["status"] == "restored" and restored["checksum"] == snap["checksum"]
    assert "temp@example.com" not in emails(service)
    listed = ok(allowed, "configure", action="snapshot", session_action="list", service=SERVICE_NAME)["snapshots"]
    assert snap["snapshot_id"] in [s["snapshot_id"] for s in listed]
    stored = isolated.state_dir.parent / ".gasoline" / "snapshots" / f"{snap['snapshot_id']}.data.gz"
    assert stored.read_bytes()[:2] == b"\x1f\x8b", "kept compressed"
    kinds = [entry["kind"] for entry in audit_lines(isolated)]
    assert kinds.count("snapshot") == 1 and kinds.count("restore") == 1


def test_a_failed_operation_offers_its_rollback_which_is_audited_as_one(
    allowed: Bridge, isolated: Isolated, service: Service
) -> None:
    control(allowed, "create_test_user", params={"email": "dup@example.com"})
    failed, duplicate = control(allowed, "create_test_user", params={"email": "dup@example.com"}, correlation_id="c-9")
    assert not failed and duplicate["status"] == "error", "failed on the service's own terms"
    offer = duplicate["rollback"]
    assert offer["snapshot_id"] == duplicate["snapshot_before"] and "session_action='restore'" in offer["call"]
    rolled = approved(allowed, isolated, "configure", action="snapshot", session_action="restore",
                      snapshot_id=offer["snapshot_id"], service=SERVICE_NAME)  # fmt: skip
    rollback = [e for e in audit_lines(isolated) if e["audit_id"] == rolled["audit_id"]]
    assert rollback and rollback[0]["kind"] == "rollback" and rollback[0]["rolls_back"] == duplicate["audit_id"]


def test_calls_that_cannot_be_sent_are_refused_before_anything_is_recorded(bridge: Bridge, isolated: Isolated) -> None:
    failed, unknown = control(bridge, "reset_everything")
    assert failed and unknown["error"] == "operation_unknown" and "reset_database" in unknown["details"]["operations"]
    failed, misfit = control(bridge, "create_test_user", params={"email": 7, "credits": -1})
    assert failed and misfit["error"] == "invalid_arguments"
    assert {p["parameter"] for p in misfit["problems"]} >= {"params.email", "params.credits"}
    failed, nobody = call(bridge, "interact", action="backend_control", service="payments", operation="x")
    assert failed and nobody["error"] == "service_unknown" and SERVICE_NAME in nobody["message"]
    failed, remote = call(bridge, "interact", action="backend_control", service="http://192.0.2.1:80", operation="x")
    assert failed and remote["error"] == "service_unknown", "only loopback URLs, or the project's services"
    closed = f"http://127.0.0.1:{free_port()}"
    started = time.monotonic()
    failed, down = call(bridge, "observe", what="backend_state", service=closed, query_type="operations")
    assert not failed and down["reachable"] is False and "connection refused" in down["error"]
    failed, down = call(bridge, "interact", action="backend_control", service=closed, operation="state")
    assert failed and down["error"] == "service_unreachable" and "connection refused" in down["details"]["tried"][0]
    assert time.monotonic() - started < 5, "an unreachable service fails fast"
    assert audit_lines(isolated) == [], "nothing was sent, so nothing is recorded"


def test_a_misbehaving_service_gets_structured_errors_and_whole_audit_entries(
    bridge: Bridge, isolated: Isolated, odd: OddService
) -> None:
    def odd_call(operation: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
        return call(bridge, "interact", action="backend_control", service="odd", operation=operation, **arguments)

    failed, garbage = odd_call("garbage")
    assert failed and garbage["error"] == "service_protocol_error" and "not JSON" in garbage["message"]
    failed, shape = odd_call("wrong_shape")
    assert failed and shape["error"] == "service_protocol_error" and "ControlResponse" in shape["message"]
    failed, hung = odd_call("hang", timeout_ms=300)
    assert failed and hung["error"] == "service_unreachable" and "no answer within 300 ms" in hung["message"]
    failed, shadow = odd_call("ignores_shadow", shadow_mode=True)
    assert failed and shadow["error"] == "service_protocol_error" and "does not honour shadow_mode" in shadow["message"]
    failed, dangling = odd_call("dangling")
    assert failed and dangling["error"] == "service_protocol_error" and "/$defs/nowhere" in dangling["message"]
    assert ok(bridge, "observe", what="backend_state", service="odd", query_type="health")["reachable"] is True
    entries = {entry["operation"]: entry for entry in audit_lines(isolated)}
    assert {name: entries[name]["error"]["code"] for name in ("garbage", "wrong_shape", "hang", "ignores_shadow")} == {
        "garbage": "service_protocol_error",
        "wrong_shape": "service_protocol_error",
        "hang": "service_unreachable",
        "ignores_shadow": "service_protocol_error",
    }
    assert all(entry["status"] == "error" and entry["applied"] is False for entry in entries.values())


def test_only_idempotent_operations_are_retried_and_each_with_one_key(
    isolated: Isolated, service: Service, odd: OddService
) -> None:
    extra = "approvals:\n  allow:\n    - {tool: interact, mode: backend_control, scope: 'service:odd'}\n"
    with client(isolated, service, odd, extra) as bridge:
        failed, flaky = call(bridge, "interact", action="backend_control", service="odd", operation="flaky")
        assert not failed and flaky["attempts"] == 3, flaky
        keys = {post["idempotency_key"] for post in odd.posts if post["operation"] == "flaky"}
        assert keys == {flaky["idempotency_key"]}, "every try carries the same idempotency key"
        failed, dropped = call(bridge, "interact", action="backend_control", service="odd", operation="drop")
        assert failed and dropped["error"] == "service_unreachable" and "dropped" in dropped["message"]
        assert odd.posted("drop") == 1, "not idempotent: sent once"


def test_snapshots_survive_a_restart_of_the_daemon_and_of_the_service(
    allowed: Bridge, isolated: Isolated, service: Service, rendered: Path, tmp_path: Path
) -> None:
    snap = ok(allowed, "configure", action="snapshot", session_action="create", service=SERVICE_NAME)
    control(allowed, "create_test_user", params={"email": "later@example.com"})
    assert gasoline_cli(isolated.state_dir, isolated.port, "stop").returncode == 0
    service.process.kill()
    service.process.wait(10)
    with python_service(rendered, service.port, tmp_path / "shop.sqlite3", tmp_path / "again.log") as again:
        assert "later@example.com" in emails(again)
        with running_bridge(isolated.state_dir, isolated.port) as bridge:
            bridge.initialize()
            listed = ok(bridge, "configure", action="snapshot", session_action="list")["snapshots"]
            assert snap["snapshot_id"] in [s["snapshot_id"] for s in listed]
            restored = approved(bridge, isolated, "configure", action="snapshot", session_action="restore",
                                snapshot_id=snap["snapshot_id"])  # fmt: skip
            assert restored["checksum"] == snap["checksum"] and "later@example.com" not in emails(again)

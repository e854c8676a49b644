"""A served template driven by Gasoline through MCP, as an assistant would: discover, shadow, dry
run, execute between two snapshots, snapshot and restore with equal checksums, a failure and its
rollback, all in the audit log under one correlation id."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..integration.processes import Bridge, free_port, gasoline_cli, running_bridge, running_daemon
from .support import TOKEN, Service

NAME = "team-service"


def project(service: Service) -> str:
    return f"""backend:
  services:
    - {{name: {NAME}, url: "{service.url}", token: {TOKEN}}}
approvals:
  allow:
    - {{tool: interact, mode: backend_control, scope: "service:{NAME}"}}
    - {{tool: configure, mode: snapshot, scope: "service:{NAME}"}}
"""


class Assistant:
    """An MCP client of a project with one backend service; the person at the keyboard approves
    (on the command line) what it asks for."""

    def __init__(self, bridge: Bridge, state: Path, port: int, service: str, correlation_id: str) -> None:
        self.bridge, self.state, self.port = bridge, state, port
        self.service, self.correlation_id = service, correlation_id

    def ok(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.bridge.call(tool, arguments, seconds=60)["result"]
        if result.get("isError") and result["structuredContent"]["error"] == "approval_required":
            request_id = result["structuredContent"]["details"]["request_id"]
            assert gasoline_cli(self.state, self.port, "approve", request_id).returncode == 0
            result = self.bridge.call(tool, {**arguments, "approval_id": request_id}, seconds=60)["result"]
        assert not result.get("isError"), result
        structured: dict[str, Any] = result["structuredContent"]
        return structured

    def control(self, operation: str, **arguments: Any) -> dict[str, Any]:
        return self.ok("interact", action="backend_control", service=self.service, operation=operation,
                       correlation_id=self.correlation_id, **arguments)  # fmt: skip

    def users(self) -> int:
        found = self.ok("observe", what="backend_state", service=self.service, keys=["user_count"])
        return int(found["state"]["user_count"])


def drive_through_mcp(service: Service, workspace: Path) -> None:
    state = workspace / "gasoline" / "state"
    state.mkdir(parents=True)
    (state.parent / ".gasoline").mkdir()
    (state.parent / ".gasoline" / "config.yaml").write_text(project(service))
    port = free_port()
    with running_daemon(state, port=port), running_bridge(state, port) as bridge:
        bridge.initialize()
        assistant = Assistant(bridge, state, port, NAME, "through-mcp")
        offered = assistant.ok("observe", what="backend_state", service=NAME, query_type="operations")["operations"]
        assert {"reset_database", "create_test_user", "simulate_failure", "snapshot", "restore", "state"} <= {
            operation["name"] for operation in offered
        }
        before = assistant.users()
        user = {"email": "through-mcp@example.com", "name": "Through MCP"}
        shadow = assistant.control("create_test_user", params=user, shadow_mode=True)
        dry = assistant.control("reset_database", dry_run=True)
        assert shadow["applied"] is False and dry["applied"] is False and assistant.users() == before

        clean = assistant.ok("configure", action="snapshot", session_action="create", service=NAME)
        created = assistant.control("create_test_user", params=user)
        assert created["applied"] is True and created["snapshot_before"] and created["snapshot_after"]
        assert assistant.users() == before + 1
        duplicate = assistant.control("create_test_user", params=user)
        assert duplicate["status"] == "error" and duplicate["rollback"]["snapshot_id"] == duplicate["snapshot_before"]
        rolled = assistant.ok("configure", action="snapshot", session_action="restore",
                              snapshot_id=duplicate["rollback"]["snapshot_id"])  # fmt: skip
        assert assistant.users() == before + 1, "the rollback puts back the state before the failed call"
        restored = assistant.ok("configure", action="snapshot", session_action="restore",
                                snapshot_id=clean["snapshot_id"])  # fmt: skip
        assert restored["checksum"] == clean["checksum"] and assistant.users() == before

        logged = assistant.ok("observe", what="audit_log", correlation_id="through-mcp")["entries"]
        assert [entry["operation"] for entry in logged] == [
            "create_test_user", "create_test_user", "reset_database", "create_test_user",
        ]  # fmt: skip
        kinds = {e["audit_id"]: e["kind"] for e in assistant.ok("observe", what="audit_log")["entries"]}
        assert kinds[rolled["audit_id"]] == "rollback" and kinds[restored["audit_id"]] == "restore"
    assert "correlation_id=through-mcp" in service.log_text(), "the service's own log has the correlation id"

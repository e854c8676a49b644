"""Seed 000's end-to-end flow, in real Chromium with the extension: the demo shop's backend (the
Python template rendered with copier into the team's falcon app) is reset and seeded through MCP,
the customers page shows the new customer, an injected fault breaks the page until it expires by
itself, and the rollback to the snapshot taken before the seeding puts the page back. Correlation
ids run through the audit log and the backend's own log."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from gasoline.demo_backend import SERVICE, shop_backend

from .browsers import chromium_with_extension
from .conftest import Isolated, project_daemon
from .processes import Bridge, gasoline_cli, running_bridge, wait_for

ALLOW = f"""approvals:
  allow:
    - {{tool: interact, mode: backend_control, scope: "service:{SERVICE}"}}
"""
EMAIL = "marie@example.com"


class Assistant:
    """An MCP client of the project; the person at the keyboard approves what it asks for."""

    def __init__(self, bridge: Bridge, isolated: Isolated) -> None:
        self.bridge = bridge
        self.isolated = isolated

    def ok(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.bridge.call(tool, arguments, seconds=60)["result"]
        if result.get("isError") and result["structuredContent"]["error"] == "approval_required":
            request_id = result["structuredContent"]["details"]["request_id"]
            approved = gasoline_cli(self.isolated.state_dir, self.isolated.port, "approve", request_id)
            assert approved.returncode == 0, approved.stderr
            result = self.bridge.call(tool, {**arguments, "approval_id": request_id}, seconds=60)["result"]
        assert not result.get("isError"), result
        structured: dict[str, Any] = result["structuredContent"]
        return structured

    def control(self, operation: str, **params: Any) -> dict[str, Any]:
        return self.ok("interact", action="backend_control", service=SERVICE, operation=operation,
                       correlation_id="e2e-1", **({"params": params} if params else {}))  # fmt: skip

    def errors(self) -> list[str]:
        return [entry["message"] for entry in self.ok("observe", what="logs", level="error")["entries"]]


def listed(page: Page) -> list[str]:
    emails: list[str] = page.locator("#customers li").evaluate_all("items => items.map(item => item.dataset.email)")
    return emails


def test_reset_seed_see_it_in_the_page_break_it_and_roll_back(isolated: Isolated, tmp_path: Path) -> None:
    with (
        shop_backend(tmp_path) as backend,
        project_daemon(isolated, backend.config() + ALLOW) as daemon,
        chromium_with_extension(daemon.port, tmp_path) as browser,
        running_bridge(isolated.state_dir, isolated.port) as bridge,
    ):
        bridge.initialize()
        assistant = Assistant(bridge, isolated)
        reset = assistant.control("reset_database")
        assert reset["status"] == "success" and reset["applied"] is True
        seeded = assistant.control("create_test_user", email=EMAIL, name="Marie Curie", plan="team")
        assert seeded["status"] == "success"

        page = browser.new_page()
        page.goto(backend.url + "/customers")
        expect(page.locator(f"#customers li[data-email='{EMAIL}']")).to_have_text("Marie Curie (team)")
        seen = assistant.ok("analyze", what="dom", selector="#customers li")
        assert EMAIL in [m["attributes"].get("data-email") for m in seen["matches"]], "Gasoline sees it too"

        fault = assistant.control("simulate_failure", target="customers", status=503, duration_ms=1500)
        assert fault["expires_at"], "an injected fault says when it ends"
        wait_for(lambda: "customers: 503" in assistant.errors(), what="the page's 503 in its console")
        wait_for(lambda: page.evaluate("fetch('/api/customers').then(r => r.status)") == 200, what="the fault's end")

        assistant.ok("configure", action="snapshot", session_action="restore", snapshot_id=seeded["snapshot_before"])
        wait_for(lambda: EMAIL not in listed(page), what="the page without the rolled-back customer")
        assert listed(page) == ["ada@example.com", "grace@example.com"]

        entries = assistant.ok("observe", what="audit_log", correlation_id="e2e-1")["entries"]
        assert [entry["operation"] for entry in entries] == ["simulate_failure", "create_test_user", "reset_database"]
        rollback = assistant.ok("observe", what="audit_log", operation="restore")["entries"]
        assert rollback[0]["kind"] == "restore" and rollback[0]["snapshot_id"] == seeded["snapshot_before"]
    assert backend.log.read_text().count("correlation_id=e2e-1") >= 3, "the backend's own log has the same ids"

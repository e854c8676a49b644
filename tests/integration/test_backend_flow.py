"""Seed 000's end-to-end flow, in real Chromium with the extension: the demo shop's backend (the
Python template rendered with copier into the team's falcon app) is reset and seeded through MCP,
the customers page shows the new customer, an injected fault breaks the page until it expires by
itself, and the rollback to the snapshot taken before the seeding puts the page back. Correlation
ids run through the audit log and the backend's own log."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from gasoline.demo.backend_session import SERVICE, shop_backend

from ..templates.through_mcp import Assistant
from .browsers import chromium_with_extension
from .conftest import Isolated, project_daemon
from .processes import running_bridge, wait_for

ALLOW = f"""approvals:
  allow:
    - {{tool: interact, mode: backend_control, scope: "service:{SERVICE}"}}
"""
EMAIL = "marie@example.com"


def console_errors(assistant: Assistant) -> list[str]:
    return [entry["message"] for entry in assistant.ok("observe", what="logs", level="error")["entries"]]


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
        assistant = Assistant(bridge, isolated.state_dir, isolated.port, SERVICE, "e2e-1")
        reset = assistant.control("reset_database")
        assert reset["status"] == "success" and reset["applied"] is True
        seeded = assistant.control("create_test_user", params={"email": EMAIL, "name": "Marie Curie", "plan": "team"})
        assert seeded["status"] == "success"

        page = browser.new_page()
        page.goto(backend.url + "/customers")
        expect(page.locator(f"#customers li[data-email='{EMAIL}']")).to_have_text("Marie Curie (team)")
        seen = assistant.ok("analyze", what="dom", selector="#customers li")
        assert EMAIL in [m["attributes"].get("data-email") for m in seen["matches"]], "Gasoline sees it too"

        fault = assistant.control(
            "simulate_failure", params={"target": "customers", "status": 503, "duration_ms": 1500}
        )
        assert fault["expires_at"], "an injected fault says when it ends"
        wait_for(lambda: "customers: 503" in console_errors(assistant), what="the page's 503 in its console")
        wait_for(lambda: page.evaluate("fetch('/api/customers').then(r => r.status)") == 200, what="the fault's end")

        assistant.ok("configure", action="snapshot", session_action="restore", snapshot_id=seeded["snapshot_before"])
        wait_for(lambda: EMAIL not in listed(page), what="the page without the rolled-back customer")
        assert listed(page) == ["ada@example.com", "grace@example.com"]

        entries = assistant.ok("observe", what="audit_log", correlation_id="e2e-1")["entries"]
        assert [entry["operation"] for entry in entries] == ["simulate_failure", "create_test_user", "reset_database"]
        rollback = assistant.ok("observe", what="audit_log", operation="restore")["entries"]
        assert rollback[0]["kind"] == "restore" and rollback[0]["snapshot_id"] == seeded["snapshot_before"]
    assert backend.log.read_text().count("correlation_id=e2e-1") >= 3, "the backend's own log has the same ids"

"""An assistant fixes a bug it saw in the browser, end to end, through MCP calls only: the page
(served from the developer's repository) throws in real Chromium; observe shows the error and where;
code_search finds the function; code_read gives its lines and hash; code_modify fixes it (staged,
not committed); run_tests passes; the page, reloaded, no longer throws; modification_log has the
change under its correlation id; code_rollback puts the file back, and the test fails again."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext

from gasoline.demo_app import CHECKOUT

from .browsers import chromium_with_extension
from .conftest import Isolated, project_daemon
from .fixture_site import fixture_site
from .processes import Bridge, running_bridge, wait_for
from .test_code_editing import ALLOW_CODE, out
from .test_code_reading import make_repository

FIX = "  return line.price * (line.quantity ?? 1);"


@pytest.fixture
def chromium_allowing_code(isolated: Isolated, tmp_path: Path) -> Iterator[BrowserContext]:
    """Chromium with the extension, and a daemon whose project lets the code tools run without asking."""
    with project_daemon(isolated, ALLOW_CODE) as daemon, chromium_with_extension(daemon.port, tmp_path) as context:
        yield context


def errors_seen(bridge: Bridge, text: str) -> list[dict[str, object]]:
    entries = bridge.result("observe", what="errors")["entries"]
    return [entry for entry in entries if text in str(entry.get("message", ""))]


def test_a_bug_seen_in_the_browser_is_found_fixed_tested_and_rolled_back(
    isolated: Isolated, tmp_path: Path, chromium_allowing_code: BrowserContext
) -> None:
    repo = make_repository(tmp_path / "checkout", {p.name: p.read_text() for p in CHECKOUT.iterdir()})
    original = (repo / "cart.js").read_text()
    head = out(repo, "rev-parse", "HEAD")
    with (
        fixture_site(repo) as site,
        running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge,
    ):
        bridge.initialize()
        page = chromium_allowing_code.new_page()
        page.bring_to_front()
        page.goto(site)
        seen = wait_for(lambda: errors_seen(bridge, "valueOf"), 15, "the page's error through observe")
        assert "cart.js:4" in str(seen[0].get("stack")), seen

        found = bridge.result("interact", action="code_search", pattern="function lineTotal", correlation_id="bug-42")
        match = found["matches"][0]
        assert (match["path"], match["line"]) == ("cart.js", 3)
        read = bridge.result("interact", action="code_read", file_path="cart.js", line_range=[4, 4])
        assert "quantity.valueOf()" in read["content"]

        fixed = bridge.result(
            "interact",
            action="code_modify",
            file_path="cart.js",
            operation="replace",
            line_range=[4, 4],
            new_content=FIX,
            expected=read["content_hash"],
            correlation_id="bug-42",
            reason="a line without a quantity counts once",
        )
        assert (
            fixed["git_staged"]
            and FIX in (repo / "cart.js").read_text()
            and FIX.strip() in out(repo, "diff", "--cached")
        )
        assert out(repo, "rev-parse", "HEAD") == head

        tested = bridge.result("interact", action="run_tests", correlation_id="bug-42")
        assert (tested["status"], tested["framework"], tested["tests_passed"]) == ("passed", "node", 1), tested

        page.reload()
        page.wait_for_function("document.getElementById('total').textContent === '29.00'")
        logged = bridge.result("observe", what="modification_log", correlation_id="bug-42")["entries"]
        assert [entry["modification_id"] for entry in logged] == [fixed["modification_id"]]

        bridge.result("interact", action="code_rollback", modification_id=fixed["modification_id"])
        assert (repo / "cart.js").read_text() == original and out(repo, "status", "--porcelain") == ""
        again = bridge.result("interact", action="run_tests")
        failure = again["failures"][0]
        assert again["status"] == "failed" and failure["name"].endswith("a line without a quantity counts once")
        assert "valueOf" in failure["message"], failure
        subprocess.run(["git", "fsck", "--no-progress"], cwd=repo, check=True, capture_output=True)

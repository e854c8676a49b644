"""code_modify, code_rollback, run_tests and modification_log through MCP, in real git
repositories: only the edit is staged and the developer's own unstaged work survives the edit and
its rollback; stale or inexact edits change nothing; rollbacks come in order or as a chain; the
log survives a torn line; and nothing runs without a human's approval unless the project allows it."""

from __future__ import annotations

import json
import shlex
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .conftest import Isolated, project_daemon
from .processes import Bridge, Daemon, gasoline_cli, running_bridge, wait_for
from .test_browser_commands import progress, send_call
from .test_code_reading import git, make_repository

CART_PY = """def total(items):
    result = 0
    for item in items:
        result += item["price"]
    return result


def tax(amount):
    return amount * 0.2
"""
TEST_CART = """from cart import tax, total


def test_total():
    assert total([{"price": 2}, {"price": 3}]) == 5


def test_tax():
    assert tax(10) == 2
"""
ALLOW_CODE = """approvals:
  allow:
    - {tool: interact, mode: code_modify}
    - {tool: interact, mode: code_rollback}
    - {tool: interact, mode: run_tests}
"""


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_repository(tmp_path / "shop", {"cart.py": CART_PY, "test_cart.py": TEST_CART, "conftest.py": ""})


@pytest.fixture
def allowed(isolated: Isolated) -> Iterator[Daemon]:
    with project_daemon(isolated, ALLOW_CODE) as running:
        yield running


@pytest.fixture
def editor(allowed: Daemon, isolated: Isolated, repo: Path) -> Iterator[Bridge]:
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        yield bridge


def out(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def refused(bridge: Bridge, action: str, **arguments: Any) -> dict[str, Any]:
    result = bridge.call("interact", {"action": action, **arguments})["result"]
    assert result["isError"] is True, result
    structured: dict[str, Any] = result["structuredContent"]
    return structured


def test_an_edit_is_staged_alone_and_its_rollback_restores_the_file(editor: Bridge, repo: Path) -> None:
    head = out(repo, "rev-parse", "HEAD")
    cart = repo / "cart.py"
    mine = CART_PY.replace("def tax(amount):", "def tax(amount):  # the developer's own edit")
    cart.write_text(mine)
    read = editor.result("interact", action="code_read", file_path="cart.py", line_range=[4, 4])
    changed = editor.result(
        "interact",
        action="code_modify",
        file_path="cart.py",
        operation="replace",
        line_range=[4, 4],
        new_content='        result += item["price"] * item.get("quantity", 1)',
        expected=read["content_hash"],
        correlation_id="bug-cart-1",
        reason="count quantities",
    )
    assert changed["status"] == "success" and changed["git_staged"] is True and changed["lines_affected"] == [4, 4]
    assert '+        result += item["price"] * item.get("quantity", 1)' in changed["git_diff"]
    edited = cart.read_text()
    assert 'item.get("quantity", 1)' in edited and "the developer's own edit" in edited
    assert "quantity" in out(repo, "diff", "--cached") and "developer" not in out(repo, "diff", "--cached")
    assert "developer" in out(repo, "diff") and "quantity" not in out(repo, "diff"), "their edit stays unstaged"
    assert out(repo, "rev-parse", "HEAD") == head, "nothing is committed"
    assert out(repo, "show-ref", "--", f"refs/gasoline/checkpoints/{changed['modification_id']}")

    logged = editor.result("observe", what="modification_log", correlation_id="bug-cart-1")
    assert [e["modification_id"] for e in logged["entries"]] == [changed["modification_id"]]
    assert logged["entries"][0]["reason"] == "count quantities" and logged["entries"][0]["rolled_back"] is False

    undone = editor.result("interact", action="code_rollback", modification_id=changed["modification_id"])
    assert undone["rolled_back"] == [changed["modification_id"]] and undone["git_staged"] is True
    assert cart.read_text() == mine, "exactly as before the change, the developer's edit included"
    assert out(repo, "diff", "--cached") == "" and "developer" in out(repo, "diff")
    entries = editor.result("observe", what="modification_log")["entries"]
    assert [(e["operation"], e.get("rolls_back")) for e in entries] == [
        ("rollback", changed["modification_id"]),
        ("replace", None),
    ]
    assert entries[1]["rolled_back"] is True


def test_stale_or_inexact_edits_change_nothing(editor: Bridge, repo: Path) -> None:
    cart = repo / "cart.py"
    stale = refused(
        editor, "code_modify", file_path="cart.py", operation="delete", line_range=[2, 2], expected="old text"
    )
    assert stale["error"] == "edit_conflict" and stale["details"]["found"] == "    result = 0"
    missing = refused(
        editor,
        "code_modify",
        file_path="cart.py",
        operation="search_replace",
        old_text="return amount * 0.25",
        new_content="x",
    )
    assert missing["error"] == "edit_conflict" and missing["details"]["closest_lines"] == [9, 9]
    assert "+    return amount * 0.2" in missing["details"]["closest_diff"], "proposed as a diff, not applied"
    twice = refused(
        editor, "code_modify", file_path="cart.py", operation="search_replace", old_text="result", new_content="r"
    )
    assert twice["details"]["found_times"] > 1
    assert cart.read_text() == CART_PY and out(repo, "status", "--porcelain") == ""

    replaced = editor.result(
        "interact",
        action="code_modify",
        file_path="cart.py",
        operation="search_replace",
        old_text="return amount * 0.2",
        new_content="return round(amount * 0.2, 2)",
    )
    assert replaced["lines_affected"] == [9, 9] and "round(amount * 0.2, 2)" in cart.read_text()
    inserted = editor.result(
        "interact",
        action="code_modify",
        file_path="cart.py",
        operation="insert_before",
        line=1,
        new_content="import math",
    )
    assert cart.read_text().startswith("import math\ndef total") and inserted["lines_affected"] == [1, 1]
    unbalanced = editor.result(
        "interact", action="code_modify", file_path="cart.py", operation="insert_after", line=1, new_content="x = (1,"
    )
    assert unbalanced["warnings"] == ["unbalanced parentheses: 1 '(' without a matching ')'"]
    outside = refused(editor, "run_tests", test_file="../test_elsewhere.py")
    assert outside["error"] == "path_refused", "a test file is kept inside the repository like any path"
    escape = refused(
        editor, "code_modify", file_path="../outside.py", operation="insert_after", line=1, new_content="x"
    )
    assert escape["error"] == "path_refused"
    private = refused(editor, "code_modify", file_path=".git/config", operation="insert_after", line=1, new_content="x")
    assert private["error"] == "path_refused"


def test_a_project_can_refuse_unbalanced_edits(allowed: Daemon, isolated: Isolated, repo: Path) -> None:
    (repo / ".gasoline").mkdir()
    (repo / ".gasoline" / "config.yaml").write_text("code: {balance_check: refuse}\n")
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        no = refused(bridge, "code_modify", file_path="cart.py", operation="insert_after", line=1, new_content="x = {")
        assert no["error"] == "invalid_arguments" and "balance_check" in no["message"]
    assert (repo / "cart.py").read_text() == CART_PY


def test_later_changes_are_undone_first_or_as_a_chain(editor: Bridge, repo: Path) -> None:
    def change(line: int, text: str) -> str:
        made = editor.result(
            "interact", action="code_modify", file_path="cart.py", operation="insert_after", line=line, new_content=text
        )
        return str(made["modification_id"])

    first, second = change(1, "    # first"), change(9, "    # second")
    blocked = refused(editor, "code_rollback", modification_id=first)
    assert blocked["error"] == "edit_conflict" and blocked["details"]["roll_back_first"] == [second]
    chained = editor.result("interact", action="code_rollback", modification_id=first, chain=True)
    assert chained["rolled_back"] == [second, first]
    assert (repo / "cart.py").read_text() == CART_PY and out(repo, "status", "--porcelain") == ""
    again = refused(editor, "code_rollback", modification_id=first)
    assert again["error"] == "edit_conflict"


def test_the_log_survives_a_torn_line(editor: Bridge, repo: Path) -> None:
    log = repo / ".gasoline" / "modifications.jsonl"
    made = editor.result("interact", action="code_modify", file_path="cart.py", operation="delete", line_range=[8, 9])
    with log.open("ab") as torn:
        torn.write(b'{"modification_id": "mod-torn", "timest')  # a crash in the middle of a line
    after = editor.result(
        "interact", action="code_modify", file_path="cart.py", operation="insert_after", line=7, new_content="# end"
    )
    ids = [entry["modification_id"] for entry in editor.result("observe", what="modification_log")["entries"]]
    assert ids == [after["modification_id"], made["modification_id"]]
    page = editor.result("observe", what="modification_log", limit=1)
    assert page["count"] == 1 and page["total"] == 2 and page["next_cursor"]
    rest = editor.result("observe", what="modification_log", limit=1, cursor=page["next_cursor"])
    assert [e["modification_id"] for e in rest["entries"]] == [made["modification_id"]]
    since = editor.result("observe", what="modification_log", since=rest["entries"][0]["timestamp"])
    assert since["total"] == 2
    later = editor.result("observe", what="modification_log", since="2999-01-01T00:00:00Z")
    assert later["total"] == 0 and later["entries"] == []


def test_tests_run_after_an_edit_and_on_their_own(editor: Bridge, repo: Path) -> None:
    broken = editor.result(
        "interact",
        action="code_modify",
        file_path="cart.py",
        operation="search_replace",
        old_text="return amount * 0.2",
        new_content="return amount * 0.25",
        auto_test=True,
        correlation_id="bug-tax",
    )
    assert broken["test_results"]["passed"] == 1 and broken["test_results"]["failed"] == 1, broken
    logged = editor.result("observe", what="modification_log", correlation_id="bug-tax")["entries"][0]
    assert logged["test_results"]["failed"] == 1
    ran = editor.result("interact", action="run_tests", test_file="test_cart.py", correlation_id="bug-tax")
    assert ran["status"] == "failed" and ran["framework"] == "pytest" and ran["tests_failed"] == 1
    assert ran["failures"][0]["name"].endswith("test_tax") and ran["failures"][0]["file"] == "test_cart.py"
    recorded = [json.loads(line) for line in (repo / ".gasoline" / "test_runs.jsonl").read_text().splitlines()]
    assert [(run["correlation_id"], run["status"], run["tests_failed"]) for run in recorded] == [
        ("bug-tax", "failed", 1),
        ("bug-tax", "failed", 1),
    ], "the run after the edit and the one asked for, each under its correlation id"
    assert out(repo, "status", "--porcelain") == "M  cart.py\n", "the edit is staged; the logs stay out of git's way"


def test_edits_need_a_humans_approval_unless_the_project_allows_them(
    daemon: Daemon, isolated: Isolated, repo: Path
) -> None:
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        arguments = {"action": "code_modify", "file_path": "cart.py", "operation": "delete", "line_range": [8, 9]}
        asked = bridge.call("interact", arguments)["result"]["structuredContent"]
        assert asked["error"] == "approval_required" and asked["details"]["scope"] == "file:cart.py"
        assert "Edit cart.py: delete lines 8-9" in asked["details"]["summary"]
        assert (repo / "cart.py").read_text() == CART_PY, "nothing is done before the approval"
        request_id = asked["details"]["request_id"]
        assert gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id).returncode == 0
        assert "WARNING" not in asked["details"]["summary"], "an ordinary edit is not risky"
        done = bridge.result("interact", **arguments, approval_id=request_id)
        assert done["status"] == "success" and "def tax" not in (repo / "cart.py").read_text()
        assert (done["warnings"], done["risks"]) == ([], [])
        tests = bridge.call("interact", {"action": "run_tests"})["result"]["structuredContent"]
        assert tests["error"] == "approval_required", "running a command needs approval too"


def test_git_untracked_files_are_edited_but_not_staged(editor: Bridge, repo: Path) -> None:
    (repo / "notes.py").write_text("a = 1\n")
    made = editor.result(
        "interact", action="code_modify", file_path="notes.py", operation="insert_after", line=1, new_content="b = 2"
    )
    assert made["git_staged"] is False and made["warnings"] == ["the file is not tracked by git: nothing was staged"]
    assert (repo / "notes.py").read_text() == "a = 1\nb = 2\n"
    git(repo, "status")


def test_a_long_test_run_reports_progress_or_runs_in_the_background(editor: Bridge, repo: Path) -> None:
    (repo / "test_slow.py").write_text("import time\n\n\ndef test_slow():\n    time.sleep(2.5)\n")
    request_id = send_call(editor, "interact", {"action": "run_tests", "test_file": "test_slow.py"}, "tests-1")
    finished = editor.reply_to(request_id, 60)["result"]["structuredContent"]
    assert finished["status"] == "passed" and finished["tests_passed"] == 1, finished
    reported = progress(editor, "tests-1")
    assert len(reported) >= 2 and [p["progress"] for p in reported] == sorted(p["progress"] for p in reported)

    started = editor.result("interact", action="run_tests", test_file="test_cart.py", background=True)
    assert started["status"] == "pending" and started["kind"] == "run_tests"

    def outcome() -> dict[str, Any] | None:
        status = editor.result("observe", what="command_result", correlation_id=started["correlation_id"])
        return status if status["status"] != "pending" else None

    done = wait_for(outcome, 60, "the background test run")
    assert done["status"] == "ok" and done["result"]["tests_passed"] == 2


def test_a_project_can_allow_one_test_command(isolated: Isolated, repo: Path) -> None:
    allow = "approvals:\n  allow:\n    - {tool: interact, mode: run_tests, scope: 'command:python -m pytest -q'}\n"
    with (
        project_daemon(isolated, allow),
        running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge,
    ):
        bridge.initialize()
        ran = bridge.result("interact", action="run_tests", test_command="python -m pytest -q")
        assert ran["status"] == "passed" and ran["tests_passed"] == 2, ran
        other = refused(bridge, "run_tests", test_command="python -m pytest -x")
        assert other["error"] == "approval_required" and other["details"]["scope"] == "command:python -m pytest -x"
        own = refused(bridge, "run_tests")
        assert own["details"]["scope"] == "command", "the project's own command is allowed only by name or by kind"


RISKY_EDITS = [  # the file and its text, the edit, the risk, and how its warning starts
    (
        "package-lock.json",
        '{\n  "lockfileVersion": 3\n}\n',
        {"operation": "replace", "line_range": [2, 2], "new_content": '  "lockfileVersion": 2'},
        "lockfile",
        "package-lock.json is a lockfile",
    ),
    (
        ".github/workflows/ci.yml",
        "on: push\njobs: {}\n",
        {"operation": "insert_after", "line": 1, "new_content": "# nightly too"},
        "ci_config",
        ".github/workflows/ci.yml is CI configuration",
    ),
    (
        ".env",
        "DEBUG=0\n",
        {"operation": "replace", "line_range": [1, 1], "new_content": "DEBUG=1"},
        "credentials",
        ".env may hold credentials",
    ),
    (
        "deploy.sh",
        "echo deploying\n",
        {"operation": "insert_after", "line": 1, "new_content": "echo done"},
        "script",
        "deploy.sh is a script run as a program",
    ),
    (
        "tools/release",
        "#!/usr/bin/env bash\necho release\n",
        {"operation": "insert_after", "line": 2, "new_content": "echo done"},
        "script",
        "tools/release is a script run as a program (#!/usr/bin/env bash)",
    ),
    (
        "cart.py",
        CART_PY,
        {"operation": "insert_after", "line": 9, "new_content": "subprocess.run(['make'])"},
        "runs_commands",
        "the new code runs commands or evaluates code: subprocess.run(",
    ),
    (
        "build.js",
        "module.exports = {};\n",
        {"operation": "insert_before", "line": 1, "new_content": "const { execSync } = require('child_process');"},
        "runs_commands",
        "the new code runs commands or evaluates code: child_process",
    ),
    (
        "notes.md",
        "# notes\none\ntwo\nthree\n",
        {"operation": "delete", "line_range": [2, 4]},
        "deletes_most",
        "the edit deletes 3 of the file's 4 lines",
    ),
]


def test_risky_edits_are_named_in_the_approval_and_in_the_result(
    daemon: Daemon, isolated: Isolated, tmp_path: Path
) -> None:
    repo = make_repository(tmp_path / "shop", {file: text for file, text, *_ in RISKY_EDITS})
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        for file, _, edit, kind, warning in RISKY_EDITS:
            arguments = {"action": "code_modify", "file_path": file, **edit}
            asked = bridge.call("interact", arguments)["result"]["structuredContent"]
            assert asked["error"] == "approval_required", (file, asked)
            assert f"WARNING: {warning}" in asked["details"]["summary"], (file, asked["details"]["summary"])
            request_id = asked["details"]["request_id"]
            assert gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id).returncode == 0
            done = bridge.result("interact", **arguments, approval_id=request_id)
            assert done["risks"] == [kind], (file, done)
            assert [w for w in done["warnings"] if w.startswith(warning)], (file, done["warnings"])


def test_an_edit_that_cannot_apply_is_refused_before_anyone_is_asked(
    daemon: Daemon, isolated: Isolated, repo: Path
) -> None:
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        stale = refused(bridge, "code_modify", file_path="cart.py", operation="delete", line_range=[2, 2], expected="x")
        assert stale["error"] == "edit_conflict"
        outside = refused(bridge, "code_modify", file_path="../cart.py", operation="delete", line_range=[1, 1])
        assert outside["error"] == "path_refused"


def test_a_test_runs_approval_shows_the_command_line_it_starts(
    daemon: Daemon, isolated: Isolated, tmp_path: Path
) -> None:
    outside = tmp_path / "precious" / "test_kept.py"
    outside.mkdir(parents=True)
    (outside / "keep.txt").write_text("kept\n")
    named = f"--basetemp={outside}"
    kept = "def test_kept(tmp_path):\n    assert tmp_path.is_dir()\n"
    repo = make_repository(tmp_path / "shop", {"cart.py": CART_PY, "test_cart.py": TEST_CART, named: kept})
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        arguments = {"action": "run_tests", "test_file": named}
        asked = bridge.call("interact", arguments)["result"]["structuredContent"]
        summary = asked["details"]["summary"]
        words = ["-m", "pytest", f"./{named}", "--junitxml=<report>", "-o", "junit_family=xunit1"]
        assert f"Run in {repo}, without a shell: " in summary and f" {shlex.join(words)} " in summary, summary
        request_id = asked["details"]["request_id"]
        assert gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id).returncode == 0
        ran = bridge.result("interact", **arguments, approval_id=request_id)
        assert (ran["status"], ran["tests_passed"]) == ("passed", 1), ran
        assert (outside / "keep.txt").read_text() == "kept\n"


def test_a_flat_python_repository_is_tested_with_pytest(allowed: Daemon, isolated: Isolated, tmp_path: Path) -> None:
    app = "def total(prices):\n    return sum(prices)\n"
    tests = (
        "from app import total\n\n\n"
        "def test_total():\n    assert total([2, 3]) == 5\n\n\n"
        "def test_none():\n    assert total([]) == 1\n"
    )
    repo = make_repository(tmp_path / "flat", {"app.py": app, "test_app.py": tests})
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        ran = bridge.result("interact", action="run_tests")
        assert (ran["status"], ran["framework"], ran["tests_passed"], ran["tests_failed"]) == ("failed", "pytest", 1, 1)
        assert [failure["name"] for failure in ran["failures"]] == ["test_app.py::test_none"]

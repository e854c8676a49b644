"""interact(action='run_tests')'s service on real repositories: pytest, node --test, jest, vitest and
go test run for real, and what they report comes back in one shape."""

from __future__ import annotations

import shlex
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from pydantic import MISSING

from gasoline.code.testing.runs import run_tests
from gasoline.contract import ProgressReporter
from gasoline_generated.models import InteractRunTestsParams, InteractRunTestsResult
from gasoline_generated.policy import LIMITS

from ..conftest import GO_BUILD_CACHE
from .processes import wait_for

ROOT = Path(__file__).resolve().parents[2]
RUNNERS = ROOT / "tests" / "code-runners" / "node_modules"
PYTEST_CONFIG = "[tool.pytest.ini_options]\n"
CART_TESTS = """\
    import pytest


    def total(price):
        return round(price * 1.07, 2)


    def test_total():
        assert total(10) == 10.7


    def test_total_with_tax():
        assert total(10) == 10.8


    @pytest.mark.skip(reason="not yet")
    def test_discount():
        pass
"""


def repository(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return root


def line_of(path: Path, text: str) -> int:
    return next(number for number, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def run(
    repo: Path, project_command: str | None = None, progress: ProgressReporter | None = None, **params: object
) -> InteractRunTestsResult:
    return run_tests(repo, InteractRunTestsParams.model_validate(params), project_command, progress)


def alive(pid: int) -> bool:
    """Running, not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@pytest.fixture(autouse=True)
def plain_pytest(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pytest under test loads no plugins from this environment (its start takes a second less)."""
    monkeypatch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")


@pytest.fixture
def js_project(tmp_path: Path) -> Callable[[dict[str, str]], Path]:
    """A repository using the jest and vitest installed in tests/code-runners (nothing downloads)."""
    if not (RUNNERS / ".bin" / "jest").exists() or not (RUNNERS / ".bin" / "vitest").exists():
        pytest.fail("tests/code-runners/node_modules is missing: `python3 tasks.py setup` installs it")

    def make(files: dict[str, str]) -> Path:
        repo = repository(tmp_path / "repo", files)
        (repo / "node_modules").symlink_to(RUNNERS, target_is_directory=True)
        return repo

    return make


def test_pytest_reports_counts_and_the_failing_test(tmp_path: Path) -> None:
    repo = repository(tmp_path, {"pyproject.toml": PYTEST_CONFIG, "tests/test_cart.py": CART_TESTS})

    result = run(repo, correlation_id="bug-cart-001")

    assert (result.status, result.framework, result.exit_code) == ("failed", "pytest", 1)
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (1, 1, 1)
    [failure] = result.failures
    assert failure.name == "tests/test_cart.py::test_total_with_tax"
    assert failure.file == "tests/test_cart.py"
    assert failure.line == line_of(repo / "tests/test_cart.py", "assert total(10) == 10.8")
    assert failure.message == "assert 10.7 == 10.8\n+  where 10.7 = total(10)"
    assert result.command == shlex.join([sys.executable, "-m", "pytest"])
    assert "1 failed, 1 passed, 1 skipped" in result.output
    assert result.correlation_id == "bug-cart-001"
    assert result.output_truncated is False


def test_pytest_runs_only_the_test_file(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "pytest.ini": "[pytest]\n",
            "tests/test_cart.py": CART_TESTS,
            "tests/test_ok.py": "def test_ok():\n    assert True\n",
        },
    )

    result = run(repo, test_file="tests/test_ok.py")

    assert (result.status, result.exit_code, result.failures) == ("passed", 0, [])
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (1, 0, 0)
    assert result.command.endswith("-m pytest ./tests/test_ok.py")


def test_the_given_command_runs_with_its_runners_report(tmp_path: Path) -> None:
    repo = repository(tmp_path, {"checks/test_ok.py": "def test_ok():\n    assert True\n"})
    command = f"{shlex.quote(sys.executable)} -m pytest -q checks/test_ok.py"

    result = run(repo, test_command=command, project_command="false")

    assert (result.status, result.framework, result.command) == ("passed", "pytest", command)
    assert result.tests_passed == 1


def test_the_projects_command_comes_before_the_runner_found(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "pyproject.toml": PYTEST_CONFIG,
            "tests/test_cart.py": CART_TESTS,
            "tests/test_ok.py": "def test_ok(): pass\n",
        },
    )
    command = f"{shlex.quote(sys.executable)} -m pytest tests/test_ok.py"

    result = run(repo, project_command=command)

    assert (result.status, result.command, result.tests_passed, result.tests_failed) == ("passed", command, 1, 0)


@pytest.mark.exclusive  # the run's pytest must reach its test within the 1.5 s limit: under load it may not
def test_a_run_past_its_time_is_stopped_with_everything_it_started(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "pyproject.toml": PYTEST_CONFIG,
            "tests/test_slow.py": """\
                import os, subprocess, sys, time
                from pathlib import Path


                def test_slow():
                    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
                    Path("pids").write_text(f"{os.getpid()} {child.pid}")
                    time.sleep(30)
            """,
        },
    )
    reports: list[tuple[float, float | None, str | None]] = []
    started = time.monotonic()

    result = run(repo, progress=lambda *report: reports.append(report), timeout_ms=1500)

    assert time.monotonic() - started < 8
    assert (result.status, result.framework, result.exit_code) == ("timeout", "unknown", MISSING)
    assert 1500 <= result.duration_ms < 6000
    pids = [int(pid) for pid in (repo / "pids").read_text().split()]
    wait_for(lambda: not any(alive(pid) for pid in pids), 5, "the test and its child to be gone")
    assert reports and all(total == 1.5 for _, total, _ in reports)


def test_what_a_passing_run_leaves_running_is_stopped_and_does_not_hold_the_call(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "pyproject.toml": '[tool.pytest.ini_options]\naddopts = "-s"\n',  # the child gets the output pipe itself
            "tests/test_spawns.py": """\
                import subprocess, sys
                from pathlib import Path


                def test_spawns():
                    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
                    Path("pid").write_text(str(child.pid))
            """,
        },
    )
    started = time.monotonic()

    result = run(repo)

    assert time.monotonic() - started < 10
    assert (result.status, result.tests_passed) == ("passed", 1)
    pid = int((repo / "pid").read_text())
    wait_for(lambda: not alive(pid), 5, "the child to be gone")


def test_without_a_command_or_a_runner_it_says_how_to_set_one(tmp_path: Path) -> None:
    repo = repository(tmp_path, {"README.md": "# nothing to test\n"})

    result = run(repo)

    assert (result.status, result.framework, result.command, result.exit_code) == ("error", "unknown", "", MISSING)
    assert "code.test_command in .gasoline/config.yaml" in result.output
    assert "test_command" in result.output


def test_a_command_that_cannot_start_is_an_error(tmp_path: Path) -> None:
    result = run(tmp_path, test_command="gasoline-no-such-runner --all")

    assert (result.status, result.exit_code, result.command) == ("error", MISSING, "gasoline-no-such-runner --all")
    assert "could not start gasoline-no-such-runner" in result.output


def test_a_test_file_outside_the_repository_is_refused(tmp_path: Path) -> None:
    repo = repository(tmp_path / "repo", {"pytest.ini": "[pytest]\n"})
    (tmp_path / "test_elsewhere.py").write_text("def test_x(): pass\n")

    result = run(repo, test_file="../test_elsewhere.py")

    assert result.status == "error"
    assert "relative to the repository root" in result.output


def test_a_command_without_a_report_is_an_error_and_its_output_tail_is_kept(tmp_path: Path) -> None:
    script = "print('start'); print('é' * 20000)"
    command = shlex.join([sys.executable, "-c", script])

    result = run(tmp_path, test_command=command)

    assert (result.status, result.framework, result.exit_code) == ("error", "unknown", 0)
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (0, 0, 0)
    assert result.output_truncated is True
    assert len(result.output.encode()) <= LIMITS.code.test_output_bytes
    assert set(result.output.rstrip("\n")) == {"é"}


def test_node_test_runner(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "package.json": '{"name": "shop", "private": true, "scripts": {"test": "node --test"}}',
            "test/cart.test.js": """\
                const test = require('node:test');
                const assert = require('node:assert');

                test('total', () => {
                  assert.strictEqual(2 + 2, 4);
                });

                test.describe('Cart', () => {
                  test.it('adds tax', () => {
                    assert.strictEqual(10.7, 10.8);
                  });
                });
            """,
            "test/ok.test.js": "require('node:test')('fine', () => {});\n",
        },
    )

    result = run(repo)

    assert (result.status, result.framework, result.command) == ("failed", "node", "npm test")
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (2, 1, 0)
    [failure] = result.failures
    assert (failure.name, failure.file) == ("Cart > adds tax", "test/cart.test.js")
    assert failure.line == line_of(repo / "test/cart.test.js", "assert.strictEqual(10.7, 10.8)")
    assert "10.7 !== 10.8" in failure.message
    assert "✖ adds tax" in result.output  # the spec reporter keeps the output readable

    only = run(repo, test_file="test/ok.test.js")

    assert (only.status, only.command, only.tests_passed) == ("passed", "node --test ./test/ok.test.js", 1)


def test_jest(js_project: Callable[[dict[str, str]], Path]) -> None:
    repo = js_project(
        {
            "package.json": '{"name": "shop", "private": true, "scripts": {"test": "jest"}}',
            "src/cart.test.js": """\
                describe('Cart', () => {
                  test('total', () => {
                    expect(2 + 2).toBe(4);
                  });
                  describe('tax', () => {
                    test('adds tax', () => {
                      expect(10.7).toBe(10.8);
                    });
                  });
                  test.skip('discount', () => {});
                });
            """,
            "src/ok.test.js": "test('fine', () => {});\n",
        }
    )

    result = run(repo)

    assert (result.status, result.framework, result.command) == ("failed", "jest", "npm test")
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (2, 1, 1)
    [failure] = result.failures
    assert (failure.name, failure.file) == ("Cart > tax > adds tax", "src/cart.test.js")
    assert failure.line == line_of(repo / "src/cart.test.js", "expect(10.7).toBe(10.8)")
    assert "Expected: 10.8" in failure.message

    only = run(repo, test_file="src/ok.test.js")

    assert (only.status, only.command, only.tests_passed) == ("passed", "npm test -- ./src/ok.test.js", 1)


def test_vitest_through_the_given_npm_command(js_project: Callable[[dict[str, str]], Path]) -> None:
    repo = js_project(
        {
            "package.json": '{"name": "shop", "private": true, "type": "module", "scripts": {"test": "vitest"}}',
            "src/cart.test.js": """\
                import { describe, expect, test } from 'vitest';

                describe('Cart', () => {
                  test('total', () => {
                    expect(2 + 2).toBe(4);
                  });
                  test('adds tax', () => {
                    expect(10.7).toBe(10.8);
                  });
                });
            """,
            "src/other.test.js": "import { test } from 'vitest';\ntest('other', () => { throw new Error('no'); });\n",
        }
    )

    result = run(repo, test_command="npm run test -- cart")

    assert (result.status, result.framework, result.command) == ("failed", "vitest", "npm run test -- cart")
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (1, 1, 0)
    [failure] = result.failures
    assert (failure.name, failure.file) == ("Cart > adds tax", "src/cart.test.js")
    assert failure.line == line_of(repo / "src/cart.test.js", "expect(10.7).toBe(10.8)")
    assert failure.message.startswith("AssertionError: expected 10.7 to be 10.8")

    only = run(repo, test_command="npm test", test_file="src/other.test.js")

    assert (only.status, only.command, only.tests_failed) == ("failed", "npm test -- ./src/other.test.js", 1)
    assert [failure.name for failure in only.failures] == ["other"]


def test_go(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOTOOLCHAIN", "local")  # never fetch another Go
    monkeypatch.setenv("GOFLAGS", "-mod=mod")
    monkeypatch.setenv("GOCACHE", str(GO_BUILD_CACHE))  # where `tasks.py test` compiled the standard library
    repo = repository(
        tmp_path,
        {
            "go.mod": "module example.com/shop\n\ngo 1.21\n",
            "cart/cart.go": "package cart\n\nfunc Total(price float64) float64 { return price * 1.07 }\n",
            "cart/cart_test.go": """\
                package cart

                import "testing"

                func TestTotal(t *testing.T) {
                    if Total(10) < 10 {
                        t.Fatal("less than the price")
                    }
                }

                func TestTax(t *testing.T) {
                    if got := Total(10); got != 10.8 {
                        t.Errorf("got %v, want 10.8", got)
                    }
                }
            """,
            "util/util_test.go": 'package util\n\nimport "testing"\n\nfunc TestFine(t *testing.T) {}\n',
        },
    )

    result = run(repo, timeout_ms=180_000)  # a first run on a new cache compiles the standard library

    assert (result.status, result.framework, result.command, result.exit_code) == ("failed", "go", "go test ./...", 1)
    assert (result.tests_passed, result.tests_failed, result.tests_skipped) == (2, 1, 0)
    [failure] = result.failures
    assert (failure.name, failure.file) == ("TestTax", "cart/cart_test.go")
    assert failure.line == line_of(repo / "cart/cart_test.go", "t.Errorf")
    assert "got 10.700000000000001, want 10.8" in failure.message
    assert "--- FAIL: TestTax" in result.output
    assert '"Action"' not in result.output  # the text, not the JSON events

    only = run(repo, test_file="util/util_test.go", timeout_ms=180_000)

    assert (only.status, only.command, only.tests_passed) == ("passed", "go test ./util", 1)


KEPT_TEST = {
    "pytest": "def test_kept(tmp_path):\n    assert tmp_path.is_dir()\n",
    "node": "require('node:test')('kept', () => {});\n",
    "jest": "test('kept', () => {});\n",
    "vitest": "import { test } from 'vitest';\ntest('kept', () => {});\n",
}
RUNNER_REPOSITORIES = {
    "pytest": {"pytest.ini": "[pytest]\n", "tests/test_other.py": "def test_other():\n    assert False\n"},
    "node": {
        "package.json": '{"name": "shop", "private": true, "scripts": {"test": "node --test"}}',
        "test/other.test.js": "require('node:test')('other', () => { throw new Error('no'); });\n",
    },
    "jest": {
        "package.json": '{"name": "shop", "private": true, "scripts": {"test": "jest"}}',
        "src/other.test.js": "test('other', () => { throw new Error('no'); });\n",
    },
    "vitest": {
        "package.json": '{"name": "shop", "private": true, "type": "module", "scripts": {"test": "vitest"}}',
        "src/other.test.js": "import { test } from 'vitest';\ntest('other', () => { throw new Error('no'); });\n",
    },
}


@pytest.mark.parametrize("runner", ["pytest", "node", "jest", "vitest"])
def test_a_test_file_named_like_an_option_is_run_as_a_file(
    runner: str, tmp_path: Path, js_project: Callable[[dict[str, str]], Path]
) -> None:
    outside = tmp_path / "precious" / ("test_kept.py" if runner == "pytest" else "kept.test.js")
    outside.mkdir(parents=True)
    (outside / "keep.txt").write_text("not the tests' to delete\n")
    named = f"--basetemp={outside}"  # a folder "--basetemp=" in the repository, and the path below it
    files = {**RUNNER_REPOSITORIES[runner], named: KEPT_TEST[runner]}
    repo = js_project(files) if runner in ("jest", "vitest") else repository(tmp_path / "repo", files)

    result = run(repo, test_file=named)

    assert (outside / "keep.txt").read_text() == "not the tests' to delete\n"
    assert (result.status, result.framework, result.tests_passed, result.tests_failed) == ("passed", runner, 1, 0), (
        result.output
    )
    assert f"./{named}" in shlex.split(result.command)


def test_a_test_file_named_like_pytests_argument_file_is_not_read_for_arguments(tmp_path: Path) -> None:
    outside = tmp_path / "precious"
    outside.mkdir()
    (outside / "keep.txt").write_text("kept\n")
    repo = repository(
        tmp_path / "repo",
        {
            "pytest.ini": "[pytest]\n",
            "@options": "",  # the test_file named; pytest would read the file `options` for arguments
            "options": f"--basetemp={outside}\n",
            "tests/test_temp.py": "def test_temp(tmp_path):\n    assert tmp_path.is_dir()\n",
        },
    )

    result = run(repo, test_file="@options")

    assert (outside / "keep.txt").read_text() == "kept\n"
    assert result.command.endswith("-m pytest ./@options")
    assert (result.status, result.tests_passed) == ("error", 0), "the file holds no tests; nothing else ran"


def test_pytests_default_discovery_finds_a_flat_repository(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "app.py": "def total(prices):\n    return sum(prices)\n",
            "test_app.py": "from app import total\n\n\ndef test_total():\n    assert total([2, 3]) == 5\n",
            "cart_test.py": "from app import total\n\n\ndef test_empty():\n    assert total([]) == 1\n",
        },
    )

    result = run(repo)

    assert (result.status, result.framework, result.command) == (
        "failed",
        "pytest",
        shlex.join([sys.executable, "-m", "pytest"]),
    )
    assert (result.tests_passed, result.tests_failed) == (1, 1)
    assert [failure.name for failure in result.failures] == ["cart_test.py::test_empty"]


def test_pytests_default_discovery_skips_what_pytest_never_enters(tmp_path: Path) -> None:
    repo = repository(
        tmp_path,
        {
            "node_modules/pkg/test_pkg.py": "def test_pkg(): pass\n",
            ".tox/py/test_env.py": "def test_env(): pass\n",
            "env/pyvenv.cfg": "home = /usr/bin\n",
            "env/lib/test_site.py": "def test_site(): pass\n",
            "build/test_built.py": "def test_built(): pass\n",
            "app.py": "print('no tests')\n",
        },
    )

    result = run(repo)

    assert (result.status, result.command) == ("error", "")
    assert "No test command found" in result.output

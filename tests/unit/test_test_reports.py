"""Reading test runners' reports: real reports pytest, node --test, jest, vitest and go test wrote for
one repository, /tmp/cart-shop, read into counts and failures with files relative to it."""

from __future__ import annotations

from pathlib import Path

import pytest

from gasoline.code.testing.go_events import GoEvents
from gasoline.code.testing.process import OutputTail
from gasoline.code.testing.reports import Failure, Report, read_report, short_message
from gasoline.code.testing.runs import status
from gasoline_generated.policy import LIMITS

SAMPLES = Path(__file__).parent / "test_reports"
REPOSITORY = Path("/tmp/cart-shop")  # where the samples were written (absolute paths in them are under it)


@pytest.fixture
def go_module(tmp_path: Path) -> Path:
    """A repository with the go.mod of the one the go sample was written in (a package's
    directory is found from its import path)."""
    (tmp_path / "go.mod").write_text("module example.com/shop\n\ngo 1.22\n")
    return tmp_path


def test_pytest_junit_names_each_failure_by_node_id_with_the_failing_line() -> None:
    report = read_report("pytest", SAMPLES / "pytest.xml", REPOSITORY)

    assert report is not None
    assert (report.framework, report.passed, report.failed, report.skipped) == ("pytest", 1, 3, 1)
    assert report.failures == [
        Failure("tests/test_cart.py::test_bad", "assert 10.7 == 10.8", "tests/test_cart.py", 8),
        Failure(
            "tests/test_cart.py::TestCart::test_method_bad", "ValueError: boom\nsecond line", "tests/test_cart.py", 16
        ),
        Failure("tests/test_cart.py::test_error", "RuntimeError: fixture broke", "tests/test_cart.py", 20),
    ]


def test_node_junit_joins_describe_blocks_and_finds_the_line_in_the_stack() -> None:
    report = read_report("node", SAMPLES / "node.xml", REPOSITORY)

    assert report is not None
    assert (report.framework, report.passed, report.failed, report.skipped) == ("node", 1, 2, 1)
    assert report.failures == [
        Failure(
            "fails",
            "AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:\n10.7 !== 10.8",
            "test/cart.test.js",
            9,
        ),
        Failure("Cart > adds tax", "Error: no tax\nsecond", "test/cart.test.js", 16),
    ]


def test_jest_json_counts_a_file_that_did_not_load_as_a_failure() -> None:
    report = read_report("jest", SAMPLES / "jest.json", REPOSITORY)

    assert report is not None
    assert (report.framework, report.passed, report.failed, report.skipped) == ("jest", 1, 2, 1)
    adds_tax, broken = report.failures
    assert (adds_tax.name, adds_tax.file, adds_tax.line) == ("Cart > total > adds tax", "src/cart.test.js", 4)
    assert "Expected: 10.8" in adds_tax.message
    assert "at " not in adds_tax.message  # the stack stays out
    assert (broken.name, broken.file) == ("src/broken.test.js", "src/broken.test.js")
    assert broken.message.startswith("● Test suite failed to run")


def test_vitest_json_is_read_like_jest() -> None:
    report = read_report("vitest", SAMPLES / "vitest.json", REPOSITORY)

    assert report is not None
    assert (report.framework, report.passed, report.failed, report.skipped) == ("vitest", 1, 2, 1)
    broken, adds_tax = report.failures
    assert broken.name == broken.file == "src/broken.test.mjs"
    assert "invalid JS syntax" in broken.message
    assert adds_tax == Failure(
        "Cart > total > adds tax",
        "AssertionError: expected 10.7 to be 10.8 // Object.is equality",
        "src/cart.test.mjs",
        5,
    )


def test_go_events_count_subtests_and_a_package_that_did_not_build(go_module: Path) -> None:
    text = bytearray()
    events = GoEvents(go_module, text.extend)
    raw = (SAMPLES / "go.jsonl").read_bytes()
    for start in range(0, len(raw), 100):  # as a pipe delivers it: lines cut anywhere
        events.feed(raw[start : start + 100])
    events.finish()
    report = events.report()

    assert report is not None
    assert (report.framework, report.passed, report.failed, report.skipped) == ("go", 2, 3, 1)
    by_name = {failure.name: failure for failure in report.failures}
    assert by_name["TestBad"] == Failure(
        "TestBad", "cart_test.go:14: got 10.700000000000001 want 10.8\nsecond line", "cart/cart_test.go", 14
    )
    assert (by_name["TestSub/b"].file, by_name["TestSub/b"].line) == ("cart/cart_test.go", 22)
    build = by_name["example.com/shop/broken"]
    assert (build.file, build.line) == ("broken/b.go", 3)
    assert "cannot use" in build.message
    # What goes on to the output is the text the events carry, not their JSON.
    assert b'"Action"' not in text
    assert b"--- FAIL: TestBad" in text


def test_go_events_without_events_make_no_report() -> None:
    text = bytearray()
    events = GoEvents(REPOSITORY, text.extend)
    events.feed(b"go: cannot find main module\n")
    events.finish()

    assert events.report() is None
    assert bytes(text) == b"go: cannot find main module\n"


@pytest.mark.parametrize("runner", ["pytest", "node", "jest", "vitest"])
def test_a_missing_or_cut_report_is_no_report(runner: str, tmp_path: Path) -> None:
    source = SAMPLES / ("jest.json" if runner in ("jest", "vitest") else "node.xml")
    cut = tmp_path / "cut"
    cut.write_bytes(source.read_bytes()[:200])

    assert read_report(runner, tmp_path / "absent", REPOSITORY) is None  # type: ignore[arg-type]
    assert read_report(runner, cut, REPOSITORY) is None  # type: ignore[arg-type]


def test_only_the_first_failures_are_listed_but_all_are_counted() -> None:
    report = Report("pytest")
    for number in range(LIMITS.code.test_failures_listed + 5):
        report.fail(Failure(f"test_{number}", "failed"))

    assert report.failed == LIMITS.code.test_failures_listed + 5
    assert len(report.failures) == LIMITS.code.test_failures_listed


def test_a_message_is_its_first_lines_without_colours() -> None:
    text = "\x1b[31mfirst\x1b[0m\n" + "\n".join(f"line {n}" for n in range(20)) + "\n" + "x" * 2000

    message = short_message(text)

    assert message.startswith("first\nline 0")
    assert "\x1b" not in message
    assert "line 10" not in message
    assert len(message) <= 500


@pytest.mark.parametrize(
    ("report", "exit_code", "expected"),
    [
        (Report("pytest", passed=3), 0, "passed"),
        (Report("pytest", passed=3, failed=1), 1, "failed"),
        (Report("pytest", skipped=2), 0, "error"),  # no test ran
        (Report("pytest", passed=3), 1, "error"),  # all passed, yet the command failed
        (None, 0, "error"),  # no report: nothing shows a test ran
        (None, 1, "error"),
    ],
)
def test_status(report: Report | None, exit_code: int, expected: str) -> None:
    assert status(report, exit_code) == expected


def test_output_tail_cuts_at_a_character_boundary() -> None:
    tail = OutputTail(11)
    tail.write("é".encode() * 20)  # two bytes each: the last 11 start inside one

    text, cut = tail.text()

    assert cut is True
    assert text == "é" * 5
    assert OutputTail(10).text() == ("", False)

"""Test runners' own reports (JUnit XML, jest and vitest JSON) read into one shape: the counts and
the failing tests, each with its file and line when the report tells them."""

from __future__ import annotations

import json
import re
import textwrap
import xml.etree.ElementTree as ElementTree
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from gasoline_generated.policy import LIMITS

Runner = Literal["pytest", "node", "jest", "vitest", "go"]

MESSAGE_LINES = 6
MESSAGE_CHARS = 500
ANSI = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]")
# A stack frame's absolute path and line: "(/repo/src/cart.test.js:4:20)", "at file:///repo/a.test.ts:5:3".
STACK_FRAME = re.compile(r"(?:file://)?(/[^\s():]+):(\d+):\d+")


@dataclass(frozen=True)
class Failure:
    name: str
    message: str
    file: str | None = None
    line: int | None = None


@dataclass
class Report:
    """Counts over every test; `failures` keeps the first few failing tests, `failed` counts them all."""

    framework: Runner
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    failures: list[Failure] = field(default_factory=list)

    def fail(self, failure: Failure) -> None:
        self.failed += 1
        if len(self.failures) < LIMITS.code.test_failures_listed:
            self.failures.append(failure)


def short_message(text: str) -> str:
    """The first non-blank lines of a failure's text, without colours, at most MESSAGE_CHARS."""
    lines = [line.rstrip() for line in textwrap.dedent(ANSI.sub("", text).strip("\n")).splitlines()]
    while lines and not lines[0].strip():
        lines.pop(0)
    message = "\n".join(lines[:MESSAGE_LINES]).strip()
    return message if len(message) <= MESSAGE_CHARS else message[: MESSAGE_CHARS - 1] + "…"


def relative_file(path: str, repository: Path) -> str:
    """A file a report names, relative to the repository when it lies inside it."""
    path = path.removeprefix("file://")
    candidate = Path(path)
    if not candidate.is_absolute():
        return candidate.as_posix()
    for root in (repository, repository.resolve()):
        if candidate.is_relative_to(root):
            return candidate.relative_to(root).as_posix()
    return path


def stack_location(text: str, repository: Path, file: str | None = None) -> tuple[str, int] | None:
    """The first stack frame in `file` (else in the repository, outside node_modules): where a test failed."""
    found: tuple[str, int] | None = None
    for match in STACK_FRAME.finditer(text):
        path, line = match.group(1), int(match.group(2))
        relative = relative_file(path, repository)
        if relative.startswith("/") or "node_modules/" in relative or line < 1:
            continue
        if file is None or relative == file:
            return relative, line
        found = found or (relative, line)
    return found


def read_report(runner: Runner, path: Path, repository: Path) -> Report | None:
    """The report a runner wrote to `path`; None when it wrote none that can be read."""
    try:
        if runner == "pytest":
            return read_pytest_junit(path, repository)
        if runner == "node":
            return read_node_junit(path, repository)
        if runner in ("jest", "vitest"):
            return read_jest_json(path, repository, runner)
    except (OSError, ValueError, ElementTree.ParseError, KeyError, TypeError, AttributeError):
        return None
    return None


def _cases(element: ElementTree.Element, suites: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], Any]]:
    """Every <testcase> with the names of the <testsuite>s around it."""
    for child in element:
        if child.tag == "testcase":
            yield suites, child
        elif child.tag == "testsuite":
            yield from _cases(child, (*suites, child.get("name", "")))


def _outcome(case: ElementTree.Element) -> tuple[str, ElementTree.Element | None]:
    for tag in ("failure", "error"):
        problem = case.find(tag)
        if problem is not None:
            return "failed", problem
    return ("skipped", None) if case.find("skipped") is not None else ("passed", None)


def _read_junit(path: Path, repository: Path, runner: Runner) -> Report:
    root = ElementTree.parse(path).getroot()
    report = Report(runner)
    for suites, case in _cases(root) if root.tag == "testsuites" else _cases(root, (root.get("name", ""),)):
        outcome, problem = _outcome(case)
        if outcome == "passed":
            report.passed += 1
        elif outcome == "skipped":
            report.skipped += 1
        elif problem is not None:
            describe = _pytest_failure if runner == "pytest" else _node_failure
            report.fail(describe(suites, case, problem, repository))
    return report


def read_pytest_junit(path: Path, repository: Path) -> Report:
    """pytest's --junitxml, written with junit_family=xunit1 so each test case names its file."""
    return _read_junit(path, repository, "pytest")


def read_node_junit(path: Path, repository: Path) -> Report:
    """node --test's junit reporter: describe blocks are nested <testsuite>s."""
    return _read_junit(path, repository, "node")


def _pytest_failure(
    _suites: tuple[str, ...], case: ElementTree.Element, problem: ElementTree.Element, repository: Path
) -> Failure:
    file = case.get("file") or None
    classname, name = case.get("classname", ""), case.get("name", "")
    if file and classname:
        module = file.removesuffix(".py").replace("/", ".")
        inner = classname.removeprefix(module).lstrip(".") if classname.startswith(module) else ""
        node_id = "::".join(part for part in (file, *inner.split("."), name) if part)
    else:
        node_id = "::".join(part for part in (file or classname, name) if part) if classname else (file or name)
    body = problem.text or ""
    error_lines = [line[1:].strip() for line in body.splitlines() if line.startswith("E ")]
    message = short_message("\n".join(error_lines) or problem.get("message", "") or body)
    line: int | None = None
    if file:
        failed_at = re.findall(rf"^{re.escape(file)}:(\d+): ", body, re.MULTILINE)
        if failed_at:
            line = int(failed_at[-1])
        elif (case.get("line") or "").isdigit():
            line = int(case.get("line", "0")) + 1  # xunit1 lines count from 0
    return Failure(node_id, message or "failed", file, line)


def _node_failure(
    suites: tuple[str, ...], case: ElementTree.Element, problem: ElementTree.Element, repository: Path
) -> Failure:
    name = " > ".join(part for part in (*suites, case.get("name", "")) if part)
    body = problem.text or ""
    cause = body.split("cause: ", 1)[1] if "cause: " in body else body
    lines: list[str] = []
    for text in cause.strip().lstrip("[").splitlines():
        if text.strip().startswith("at ") or text.strip() == "] {":
            break
        if text.strip():
            lines.append(text.strip())
    message = short_message("\n".join(lines) or problem.get("message", "") or body)
    given_file = relative_file(case.get("file", ""), repository) if case.get("file") else None
    location = stack_location(body, repository, given_file)
    if location is None:
        return Failure(name, message or "failed", given_file)
    return Failure(name, message or "failed", *location)


def read_jest_json(path: Path, repository: Path, runner: Runner) -> Report:
    """jest's --json report, and vitest's json reporter, which writes the same shape."""
    data = json.loads(path.read_text(encoding="utf-8"))
    report = Report(runner)
    for suite in data["testResults"]:
        file = relative_file(suite["name"], repository)
        failed_before = report.failed
        for test in suite.get("assertionResults") or []:
            status = test.get("status")
            if status == "passed":
                report.passed += 1
            elif status == "failed":
                report.fail(_jest_failure(test, file, repository))
            else:  # pending, skipped, todo, disabled
                report.skipped += 1
        if suite.get("status") == "failed" and report.failed == failed_before:
            # The file failed without a failing test: it did not load, or a hook outside the tests threw.
            message = short_message(suite.get("message") or suite.get("failureMessage") or "the test file failed")
            location = stack_location(suite.get("message") or "", repository, file)
            report.fail(Failure(file, message or "the test file failed", file, location[1] if location else None))
    return report


def _jest_failure(test: dict[str, Any], file: str, repository: Path) -> Failure:
    name = " > ".join([*test.get("ancestorTitles", []), test.get("title", "")])
    text = "\n".join(test.get("failureMessages") or [])
    before_stack = []
    for part in text.splitlines():
        if part.strip().startswith("at "):
            break
        before_stack.append(part)
    location = stack_location(text, repository, file)
    line = location[1] if location and location[0] == file else (test.get("location") or {}).get("line")
    message = short_message("\n".join(before_stack)) or "failed"
    return Failure(name, message, file, line if isinstance(line, int) else None)

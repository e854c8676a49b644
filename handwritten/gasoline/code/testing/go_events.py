"""`go test -json`'s event stream, read as it arrives: the plain text it carries goes on to the output,
the events become the report. Read while the tests run, so a run stopped at its time limit still
counts the tests that finished."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .reports import Failure, Report, relative_file, short_message

KEPT_LINES = 40  # of each test's output, for its failure message
LONGEST_LINE = 1 << 20  # a line without an end this long is passed on as text
FRAME = re.compile(r"^(=== (RUN|PAUSE|CONT|NAME)|--- (PASS|FAIL|SKIP)|(PASS|FAIL|ok)\b)")
GO_LOCATION = re.compile(r"([\w./-]+\.go):(\d+)")


@dataclass
class _Test:
    outcome: str | None = None  # pass, fail, skip
    lines: list[str] = field(default_factory=list)

    def keep(self, line: str) -> None:
        if len(self.lines) < KEPT_LINES:
            self.lines.append(line)


def module_path(repository: Path) -> str | None:
    """The module go.mod declares, to find a package's directory from its import path."""
    try:
        text = (repository / "go.mod").read_text(encoding="utf-8")
    except OSError:
        return None
    found = re.search(r"^module\s+(\S+)", text, re.MULTILINE)
    return found.group(1).strip('"') if found else None


class GoEvents:
    """Feed it the command's bytes; `report()` is None until an event arrived."""

    def __init__(self, repository: Path, write: Callable[[bytes], None]) -> None:
        self.repository = repository
        self.module = module_path(repository)
        self.write = write
        self.pending = b""
        self.seen = False
        self.tests: dict[tuple[str, str], _Test] = {}
        self.packages: dict[str, _Test] = {}
        self.builds: dict[str, list[str]] = {}
        self.failed_builds: dict[str, str] = {}

    def feed(self, data: bytes) -> None:
        self.pending += data
        *lines, self.pending = self.pending.split(b"\n")
        for line in lines:
            self._line(line + b"\n")
        if len(self.pending) > LONGEST_LINE:
            self.write(self.pending)
            self.pending = b""

    def finish(self) -> None:
        if self.pending:
            self._line(self.pending)
            self.pending = b""

    def _line(self, raw: bytes) -> None:
        event: Any = None
        if raw.startswith(b"{"):
            try:
                event = json.loads(raw)
            except ValueError:
                event = None
        if not isinstance(event, dict) or "Action" not in event:
            self.write(raw)
            return
        self.seen = True
        self._event(event)

    def _event(self, event: dict[str, Any]) -> None:
        action, output = event.get("Action"), event.get("Output")
        if isinstance(output, str):
            self.write(output.encode())
        if action == "build-output" and isinstance(output, str):
            self.builds.setdefault(str(event.get("ImportPath")), []).append(output)
            return
        package, test = str(event.get("Package", "")), event.get("Test")
        record = self.tests.setdefault((package, test), _Test()) if test else self.packages.setdefault(package, _Test())
        if action == "output" and isinstance(output, str):
            if event.get("OutputType", "error" if not FRAME.match(output) else "frame") != "frame":
                record.keep(output.strip())
        elif action in ("pass", "fail", "skip"):
            record.outcome = action
            if action == "fail" and not test and event.get("FailedBuild"):
                self.failed_builds[package] = str(event["FailedBuild"])

    def report(self) -> Report | None:
        if not self.seen:
            return None
        report = Report("go")
        parents = {(package, name.rsplit("/", 1)[0]) for package, name in self.tests if "/" in name}
        failing = {key for key, test in self.tests.items() if test.outcome == "fail"}
        for key, test in self.tests.items():
            if key in parents and (test.outcome != "fail" or self._failing_child(key, failing)):
                continue  # a test with subtests counts through them
            if test.outcome == "pass":
                report.passed += 1
            elif test.outcome == "skip":
                report.skipped += 1
            elif test.outcome == "fail":
                report.fail(self._failure(key[0], key[1], test.lines))
        for package, record in self.packages.items():
            if record.outcome == "fail" and not any(key[0] == package for key in failing):
                build = self.builds.get(self.failed_builds.get(package, ""), [])
                lines = [line.strip() for line in build if not line.startswith("#")]
                # The compiler names files relative to where go ran, the repository; tests, to their package.
                report.fail(
                    self._failure(package, None, lines, ".") if lines else self._failure(package, None, record.lines)
                )
        return report

    @staticmethod
    def _failing_child(key: tuple[str, str], failing: set[tuple[str, str]]) -> bool:
        return any(package == key[0] and name.startswith(key[1] + "/") for package, name in failing)

    def _failure(self, package: str, test: str | None, lines: list[str], directory: str | None = None) -> Failure:
        directory = directory or self._directory(package)
        file: str | None = None
        line: int | None = None
        for found in GO_LOCATION.finditer("\n".join(lines)):
            candidate = self._file(found.group(1), directory)
            if not candidate.startswith("/"):  # not the Go runtime's or a module cache's files
                file, line = candidate, int(found.group(2))
                break
        message = short_message("\n".join(lines)) or ("build failed" if test is None else "failed")
        return Failure(test or package, message, file, line)

    def _directory(self, package: str) -> str | None:
        if self.module and (package == self.module or package.startswith(self.module + "/")):
            return package[len(self.module) :].lstrip("/") or "."
        return None

    def _file(self, name: str, directory: str | None) -> str:
        if name.startswith("/"):
            return relative_file(name, self.repository)
        name = name.removeprefix("./")
        if directory is None or directory == ".":
            return name
        return f"{directory}/{name}"

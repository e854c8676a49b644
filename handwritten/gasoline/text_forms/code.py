"""The code tools as a model reads them: matches as path:line:column and the line, a file as its
numbered lines under a one-line header and its outline."""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from gasoline.core.missing import given
from gasoline_generated.models import (
    InteractCodeModifyResult,
    InteractCodeReadResult,
    InteractCodeRollbackResult,
    InteractCodeSearchResult,
    InteractRunTestsResult,
    LinesAffectedItem,
    ObserveModificationLogResult,
)

from .common import counted
from .form import Form, form


def span(lines_affected: list[LinesAffectedItem]) -> tuple[int, int]:
    """The first and last line an edit touched."""
    first, last = (line.root for line in lines_affected)
    return first, last


def search(result: InteractCodeSearchResult, now: float) -> str:
    shown = result.matches
    more = f", {len(shown)} shown" if result.truncated else ""
    head = (
        f"{counted(result.total_matches, 'match', 'matches')} in {counted(result.files_matched, 'file')}"
        f"{more} ({result.search_time_ms} ms)"
    )
    return "\n".join([head, *(f"{m.path}:{m.line}:{m.column}  {m.context.strip()}" for m in shown)])


def read(result: InteractCodeReadResult, now: float) -> str:
    lines_shown = f"lines {result.start_line}-{result.end_line} of {result.total_lines}"
    head = f"{result.path} ({result.language}, {result.git_status}) {lines_shown}, hash {result.content_hash}"
    lines = [head]
    if result.outline:
        lines.append("outline: " + ", ".join(f"{s.name} {s.start_line}-{s.end_line}" for s in result.outline))
    if result.content or result.end_line:
        width = len(str(result.end_line))
        numbered = enumerate(result.content.split("\n"), start=result.start_line)
        lines += [f"{number:>{width}}  {text}" for number, text in numbered]
    return "\n".join(lines)


def modify(result: InteractCodeModifyResult, now: float) -> str:
    first, last = span(result.lines_affected)
    where = f"lines {first}-{last}" if last >= first else f"removed at line {first}"
    staged = "staged" if result.git_staged else "not staged"
    lines = [f"{result.operation} {result.file_path} {where}, {staged} ({result.modification_id})"]
    if tests := given(result.test_results):
        lines.append(f"tests: {tests.passed} passed, {tests.failed} failed ({tests.duration_ms} ms)")
    lines += [f"warning: {warning}" for warning in result.warnings]
    lines.append(result.git_diff.rstrip("\n"))
    return "\n".join(lines)


def rollback(result: InteractCodeRollbackResult, now: float) -> str:
    index = "index restored" if result.git_staged else "index left as it is"
    undone = ", ".join(result.rolled_back)
    restored = f"{result.lines_restored} lines put back"
    return f"rolled back {undone} in {result.file} ({restored}; {index}; logged as {result.rollback_id})"


def tests(result: InteractRunTestsResult, now: float) -> str:
    counts = f"{result.tests_passed} passed, {result.tests_failed} failed, {result.tests_skipped} skipped"
    lines = [f"{result.status}: {counts} ({result.framework}, {result.duration_ms} ms) $ {result.command}"]
    for failure in result.failures:
        where = (
            f" ({failure.file}:{failure.line})" if failure.file is not MISSING and failure.line is not MISSING else ""
        )
        lines.append(f"FAILED {failure.name}{where}: {failure.message.splitlines()[0] if failure.message else ''}")
    if result.status in ("error", "timeout") or (not result.failures and result.status != "passed"):
        lines.append(result.output[-2000:].rstrip("\n"))
    return "\n".join(lines)


def log(result: ObserveModificationLogResult, now: float) -> str:
    lines = [f"{counted(result.total, 'change')}" + (f", {result.count} shown" if result.count < result.total else "")]
    for entry in result.entries:
        first, last = span(entry.lines_affected)
        state = " (rolled back)" if entry.rolled_back else ""
        rolls_back, reason = given(entry.rolls_back), given(entry.reason)
        undoes = f" of {rolls_back}" if rolls_back else ""
        why = f": {reason}" if reason else ""
        lines.append(f"{entry.modification_id} {entry.operation}{undoes} {entry.file}:{first}-{last}{state}{why}")
    return "\n".join(lines)


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("interact", "code_search"): form(InteractCodeSearchResult, search),
    ("interact", "code_read"): form(InteractCodeReadResult, read),
    ("interact", "code_modify"): form(InteractCodeModifyResult, modify),
    ("interact", "code_rollback"): form(InteractCodeRollbackResult, rollback),
    ("interact", "run_tests"): form(InteractRunTestsResult, tests),
    ("observe", "modification_log"): form(ObserveModificationLogResult, log),
}

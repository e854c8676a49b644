"""What a code tool call would do, in plain words, for the person asked to approve it."""

from __future__ import annotations

from pydantic import MISSING

from gasoline_generated.models import InteractCodeModifyParams, InteractCodeRollbackParams, InteractRunTestsParams


def describe_modify(params: InteractCodeModifyParams) -> str:
    where = {
        "replace": lambda: f"replace lines {span(params.line_range)} with {lines_of(params.new_content)}",
        "delete": lambda: f"delete lines {span(params.line_range)}",
        "insert_before": lambda: f"insert {lines_of(params.new_content)} before line {params.line}",
        "insert_after": lambda: f"insert {lines_of(params.new_content)} after line {params.line}",
        "search_replace": lambda: f"replace {quoted(params.old_text)} with {quoted(params.new_content)}",
    }[params.operation]()
    why = f" ({params.reason})" if isinstance(params.reason, str) else ""
    tests = "; then run the tests" if params.auto_test else ""
    return f"Edit {params.file_path}: {where}{why}; the edit is staged in git, not committed{tests}."


def describe_rollback(params: InteractCodeRollbackParams) -> str:
    later = " and the later changes of the same file" if params.chain else ""
    return f"Undo the code change {params.modification_id}{later}: the file gets back what it had before."


def describe_tests(params: InteractRunTestsParams) -> str:
    command = params.test_command if params.test_command is not MISSING else "the project's test command"
    only = f" on {params.test_file}" if params.test_file is not MISSING else ""
    return f"Run {command}{only} in the repository (stopped after {params.timeout_ms} ms)."


def span(line_range: object) -> str:
    return "-".join(str(line.root) for line in line_range) if isinstance(line_range, list) else "?"


def lines_of(content: object) -> str:
    count = content.count("\n") + 1 if isinstance(content, str) and content else 0
    return f"{count} line{'s' if count != 1 else ''}"


def quoted(text: object, most: int = 80) -> str:
    shown = text if isinstance(text, str) else ""
    return repr(shown if len(shown) <= most else shown[:most] + "…")

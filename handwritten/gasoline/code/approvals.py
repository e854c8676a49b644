"""What a code tool call would do, in plain words, for the person asked to approve it: the edit and
what makes it risky, the exact command line a test run starts."""

from __future__ import annotations

import shlex
from pathlib import Path

from gasoline.contract import CallContext
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import InteractCodeModifyParams, InteractCodeRollbackParams, InteractRunTestsParams

from .modify import propose
from .testing.command import CommandError, with_report
from .testing.runs import plan_of, project_command

REPORT = Path("<report>")  # stands for the temporary file the runner writes its report to


def describe_modify(ctx: CallContext, workspace: Workspace, params: InteractCodeModifyParams) -> str:
    """ToolFailure when the edit cannot be made, so nobody is asked to approve it."""
    risks = propose(ctx, workspace, params).risks
    where = {
        "replace": lambda: f"replace lines {span(params.line_range)} with {lines_of(params.new_content)}",
        "delete": lambda: f"delete lines {span(params.line_range)}",
        "insert_before": lambda: f"insert {lines_of(params.new_content)} before line {params.line}",
        "insert_after": lambda: f"insert {lines_of(params.new_content)} after line {params.line}",
        "search_replace": lambda: f"replace {quoted(params.old_text)} with {quoted(params.new_content)}",
    }[params.operation]()
    why = f" ({params.reason})" if isinstance(params.reason, str) else ""
    tests = "; then run the tests" if params.auto_test else ""
    warnings = "".join(f" WARNING: {risk.message}." for risk in risks)
    return f"Edit {params.file_path}: {where}{why}; the edit is staged in git, not committed{tests}.{warnings}"


def describe_rollback(params: InteractCodeRollbackParams) -> str:
    later = " and the later changes of the same file" if params.chain else ""
    return f"Undo the code change {params.modification_id}{later}: the file gets back what it had before."


def describe_tests(ctx: CallContext, workspace: Workspace, params: InteractRunTestsParams) -> str:
    """The command line run_tests would start, word for word (but for its report's temporary name)."""
    root = workspace.root
    try:
        invocation = with_report(plan_of(root, params, project_command(ctx, workspace, params)), REPORT)
    except CommandError as error:
        return f"Run the tests in {root}; nothing can run: {error}"
    env = "".join(f"{name}={shlex.quote(value)} " for name, value in invocation.env.items())
    return (
        f"Run in {root}, without a shell: {env}{shlex.join(invocation.argv)} "
        f"({REPORT} is a temporary file for the runner's report; stopped after {params.timeout_ms} ms)."
    )


def span(line_range: object) -> str:
    return "-".join(str(line.root) for line in line_range) if isinstance(line_range, list) else "?"


def lines_of(content: object) -> str:
    count = content.count("\n") + 1 if isinstance(content, str) and content else 0
    return f"{count} line{'s' if count != 1 else ''}"


def quoted(text: object, most: int = 80) -> str:
    shown = text if isinstance(text, str) else ""
    return repr(shown if len(shown) <= most else shown[:most] + "…")

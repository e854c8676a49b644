"""interact(action='run_tests'): run a repository's tests and say how they went, from the runner's report."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Literal

from pydantic import MISSING

from gasoline.contract import CallContext, ProgressReporter
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import InteractRunTestsFailure, InteractRunTestsParams, InteractRunTestsResult
from gasoline_generated.policy import LIMITS

from ..modification_log import TestRunLog
from ..settings import code_settings
from .command import CommandError, Plan, check_test_file, choose, with_report
from .go_events import GoEvents
from .process import OutputTail, run_process
from .reports import Report, read_report

# Runners see no terminal: CI keeps jest and vitest out of watch mode, and nothing colours its output.
QUIET = {"CI": "1", "NO_COLOR": "1", "FORCE_COLOR": "0"}


def project_command(ctx: CallContext, repository: Workspace, params: InteractRunTestsParams) -> str | None:
    """The repository's own test command (code.test_command), if it names one; ToolFailure
    path_refused when test_file leads outside the repository (through a symlink, into .git/)."""
    if isinstance(params.test_file, str):
        repository.file(ctx, params.test_file)
    command = code_settings(ctx, repository).test_command
    return command if isinstance(command, str) else None


def run_and_record(
    repository: Workspace,
    params: InteractRunTestsParams,
    project_command: str | None,
    progress: ProgressReporter | None = None,
) -> InteractRunTestsResult:
    """Run the tests, and keep the run in the repository's test-run log under its correlation id."""
    run = run_tests(repository.root, params, project_command, progress)
    repository.kept(TestRunLog).record(run)
    return run


def plan_of(repository: Path, params: InteractRunTestsParams, project_command: str | None) -> Plan:
    """The command a call runs (params.test_command, else project_command, else the runner found
    in the repository); CommandError when there is none, or test_file is not a file of the repository."""
    test_file = None if params.test_file is MISSING else params.test_file
    if test_file is not None:
        check_test_file(repository, test_file)
    return choose(
        repository, test_file, None if params.test_command is MISSING else params.test_command, project_command
    )


def run_tests(
    repository: Path,
    params: InteractRunTestsParams,
    project_command: str | None,
    progress: ProgressReporter | None = None,
) -> InteractRunTestsResult:
    """Run the tests (plan_of) with cwd at the repository, no shell, and read the runner's report."""
    correlation_id = None if params.correlation_id is MISSING else params.correlation_id
    try:
        plan = plan_of(repository, params, project_command)
    except CommandError as error:
        return _not_run("", str(error), correlation_id)
    with tempfile.TemporaryDirectory(prefix="gasoline-tests-") as scratch:
        report_file = Path(scratch) / ("report.json" if plan.runner in ("jest", "vitest") else "report.xml")
        invocation = with_report(plan, report_file)
        tail = OutputTail(LIMITS.code.test_output_bytes)
        events = GoEvents(repository, tail.write) if plan.runner == "go" else None
        try:
            finished = run_process(
                invocation.argv,
                repository,
                {**os.environ, **QUIET, **invocation.env},
                params.timeout_ms / 1000,
                events.feed if events else tail.write,
                progress,
            )
        except OSError as error:
            return _not_run(
                plan.shown, f"could not start {invocation.argv[0]}: {error.strerror or error}", correlation_id
            )
        if events is not None:
            events.finish()
            report = events.report()
        else:
            report = read_report(plan.runner, report_file, repository) if plan.runner else None
    output, truncated = tail.text()
    return InteractRunTestsResult(
        status="timeout" if finished.timed_out else status(report, finished.exit_code),
        command=plan.shown,
        framework=report.framework if report else "unknown",
        tests_passed=report.passed if report else 0,
        tests_failed=report.failed if report else 0,
        tests_skipped=report.skipped if report else 0,
        failures=_failures(report),
        duration_ms=finished.duration_ms,
        exit_code=MISSING if finished.exit_code is None else finished.exit_code,
        output=output,
        output_truncated=truncated,
        correlation_id=MISSING if correlation_id is None else correlation_id,
    )


def status(report: Report | None, exit_code: int | None) -> Literal["passed", "failed", "error"]:
    """failed when the report has a failing test; passed only when a report shows tests that all
    passed and the command exited 0. Everything else is an error: without a report nothing shows
    that a test ran, whatever the exit code (which the result still carries), and a command that
    fails with every test passed (a coverage threshold, a crash after the tests) did not pass."""
    if report is not None and report.failed:
        return "failed"
    if report is None or report.passed == 0 or exit_code != 0:
        return "error"
    return "passed"


def _failures(report: Report | None) -> list[InteractRunTestsFailure]:
    return [
        InteractRunTestsFailure(
            name=failure.name,
            message=failure.message,
            file=MISSING if failure.file is None else failure.file,
            line=MISSING if failure.line is None or failure.line < 1 else failure.line,
        )
        for failure in (report.failures if report else [])[: LIMITS.code.test_failures_listed]
    ]


def _not_run(command: str, why: str, correlation_id: str | None) -> InteractRunTestsResult:
    return InteractRunTestsResult(
        status="error",
        command=command,
        framework="unknown",
        tests_passed=0,
        tests_failed=0,
        tests_skipped=0,
        failures=[],
        duration_ms=0,
        output=why,
        output_truncated=False,
        correlation_id=MISSING if correlation_id is None else correlation_id,
    )

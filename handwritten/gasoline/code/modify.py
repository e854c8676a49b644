"""code_modify: one edit of one file, written, checkpointed, staged alone, logged, maybe tested.

The file's bytes before the edit are kept as a git blob under refs/gasoline/checkpoints/<id>
(code_rollback puts them back). The edit is carried over to the index's copy of the file and
that copy is staged, so the developer's own unstaged changes stay unstaged; where they overlap
the edited lines nothing is staged, and the result says why. Nothing is ever committed. What
makes the edit risky (risks.py) is among its warnings, as the approval asked for it said.
"""

from __future__ import annotations

import difflib
import os
import secrets
import tempfile
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import (
    InteractCodeModifyParams,
    InteractCodeModifyResult,
    InteractCodeModifyTestResults,
    InteractRunTestsParams,
    ObserveModificationLogTestResults,
)

from . import git_store
from .balance import unbalanced_by
from .edits import Edited, edit
from .modification_log import Modification, ModificationLog
from .rebase import carry_over
from .risks import Risk, edit_risks
from .settings import code_settings
from .testing.runs import run_and_record
from .text_file import TextFile, read_text


@dataclass(frozen=True)
class Proposal:
    """An edit worked out on the file as it is, not yet written."""

    repository: Workspace
    path: Path
    relative: str
    before: TextFile
    edited: Edited
    after: bytes

    @property
    def risks(self) -> list[Risk]:
        return edit_risks(self.relative, self.before.lines, self.edited.lines)


def propose(ctx: CallContext, workspace: Workspace, params: InteractCodeModifyParams) -> Proposal:
    """The edit a call asks for; ToolFailure when it cannot be made (the path, the file, a conflict)."""
    repository = git_repository(ctx, workspace)
    path = repository.file(ctx, params.file_path)
    before = read_text(ctx, path, params.file_path)
    edited = edit(ctx, params, before)
    return Proposal(repository, path, repository.relative(path), before, edited, joined(edited.lines, before))


def modify(ctx: CallContext, workspace: Workspace, params: InteractCodeModifyParams) -> InteractCodeModifyResult:
    proposal = propose(ctx, workspace, params)
    root, relative, before, edited = proposal.repository.root, proposal.relative, proposal.before, proposal.edited
    settings = code_settings(ctx, workspace)
    warnings = unbalanced_by(before.raw.decode(), proposal.after.decode())
    if warnings and settings.balance_check == "refuse":
        reason = "; ".join(warnings)
        raise bad_argument(ctx.entry, "new_content", f"the edit would leave {reason} (code.balance_check is refuse)")
    risks = proposal.risks
    warnings += [risk.message for risk in risks]
    modification_id = new_id()
    checkpoint = git_store.store(root, before.raw)
    git_store.keep(root, modification_id, checkpoint)
    write_bytes(proposal.path, proposal.after)
    staged, index_before, index_after = stage(root, relative, before.lines, edited.lines, warnings)
    command = settings.test_command if isinstance(settings.test_command, str) else None
    tests = tested(workspace, params, command) if params.auto_test else None
    entry = Modification(
        modification_id=modification_id,
        timestamp=datetime.now(UTC),
        file=relative,
        operation=params.operation,
        lines_affected=(edited.first, edited.first + edited.new_count - 1),
        reason=params.reason if isinstance(params.reason, str) else None,
        correlation_id=params.correlation_id if isinstance(params.correlation_id, str) else None,
        git_staged=staged,
        test_results=tests,
        diff=unified_diff(relative, before.lines, edited.lines),
        before=checkpoint,
        after=git_store.store(root, proposal.after),
        index_before=index_before,
        index_after=index_after,
    )
    workspace.kept(ModificationLog).append(entry)
    return InteractCodeModifyResult.model_validate(
        {
            "status": "success",
            "modification_id": modification_id,
            "file_path": relative,
            "operation": params.operation,
            "lines_affected": list(entry.lines_affected),
            "lines_changed": edited.lines_changed,
            "git_diff": entry.diff,
            "git_staged": staged,
            "warnings": warnings,
            "risks": [risk.kind for risk in risks],
            **({"test_results": InteractCodeModifyTestResults.model_validate(tests.model_dump())} if tests else {}),
        }
    )


def git_repository(ctx: CallContext, repository: Workspace) -> Workspace:
    if not git_store.work_tree(repository.root):
        message = (
            f"{ctx.entry.label}: {repository.root} is not a git work tree; edits are staged in git, so it needs one"
        )
        raise ToolFailure.of(ctx.entry, "repository_unknown", message)
    return repository


def stage(
    root: Path, relative: str, before: list[str], after: list[str], warnings: list[str]
) -> tuple[bool, str | None, str | None]:
    """Stage the edit alone: (staged, the index's blob before, after)."""
    entry = git_store.index_entry(root, relative)
    if entry is None:
        warnings.append("the file is not tracked by git: nothing was staged")
        return False, None, None
    indexed = TextFile.parse(git_store.content(root, entry.blob))
    carried = carry_over(before, after, indexed.lines) if indexed is not None else None
    if indexed is None or carried is None:
        warnings.append("unstaged changes of the file overlap the edited lines: nothing was staged")
        return False, entry.blob, None
    blob = git_store.store(root, joined(carried, indexed))
    git_store.set_index(root, relative, git_store.IndexEntry(entry.mode, blob))
    return True, entry.blob, blob


def tested(
    workspace: Workspace, params: InteractCodeModifyParams, command: str | None
) -> ObserveModificationLogTestResults:
    correlation = {"correlation_id": params.correlation_id} if isinstance(params.correlation_id, str) else {}
    run = run_and_record(workspace, InteractRunTestsParams.model_validate(correlation), command)
    return ObserveModificationLogTestResults(
        passed=run.tests_passed, failed=run.tests_failed, duration_ms=run.duration_ms
    )


def joined(lines: list[str], like: TextFile) -> bytes:
    text = "\n".join(lines)
    return (text + "\n" if like.ends_with_newline and lines else text).encode()


def unified_diff(relative: str, before: list[str], after: list[str]) -> str:
    lines = difflib.unified_diff(before, after, f"a/{relative}", f"b/{relative}", lineterm="")
    return f"diff --git a/{relative} b/{relative}\n" + "\n".join(lines) + "\n"


def write_bytes(path: Path, data: bytes) -> None:
    """Replace the file's bytes at once (a reader never sees half of them), keeping its mode."""
    mode = path.stat().st_mode
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.chmod(temporary, mode)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def new_id() -> str:
    return f"mod-{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"

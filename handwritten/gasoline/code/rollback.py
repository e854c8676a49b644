"""code_rollback: put a file back as it was before one code_modify change.

When the file is as the change left it, its checkpoint's bytes go back exactly. When it was
edited since, the change is taken out of it the way it was staged (only its own lines, where they
are still as it left them), so later edits elsewhere in the file stay. The index gets its copy
from before the change back if it still holds the staged one. Each rollback is logged.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from difflib import SequenceMatcher

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import InteractCodeRollbackParams, InteractCodeRollbackResult

from . import git_store
from .modification_log import Modification, ModificationLog
from .modify import git_repository, joined, new_id, unified_diff, write_bytes
from .rebase import carry_over
from .text_file import TextFile, read_text


@dataclass(frozen=True)
class Undone:
    entry: Modification  # the rollback's own log entry
    lines_restored: int


def rollback(ctx: CallContext, workspace: Workspace, params: InteractCodeRollbackParams) -> InteractCodeRollbackResult:
    repository = git_repository(ctx, workspace)
    log = repository.kept(ModificationLog)
    entries = log.entries()
    undone = {entry.rolls_back for entry in entries if entry.rolls_back}
    target = next((e for e in entries if e.modification_id == params.modification_id and not e.rolls_back), None)
    if target is None:
        message = f"{ctx.entry.label}: no change {params.modification_id!r} in {log.path}"
        raise ToolFailure.of(ctx.entry, "invalid_arguments", message, problems=[("modification_id", "unknown")])
    if target.modification_id in undone:
        message = f"{ctx.entry.label}: {target.modification_id} was already rolled back"
        raise ToolFailure.of(ctx.entry, "edit_conflict", message, details={"modification_id": target.modification_id})
    later = [
        entry
        for entry in entries[entries.index(target) + 1 :]
        if entry.file == target.file and not entry.rolls_back and entry.modification_id not in undone
    ]
    if later and not params.chain:
        ids = [entry.modification_id for entry in reversed(later)]
        message = f"{ctx.entry.label}: later changes of {target.file} come first: {', '.join(ids)} (or set chain)"
        raise ToolFailure.of(ctx.entry, "edit_conflict", message, details={"roll_back_first": ids})
    correlation = params.correlation_id if isinstance(params.correlation_id, str) else None
    done = [undo(ctx, repository, log, entry, correlation) for entry in [*reversed(later), target]]
    return InteractCodeRollbackResult(
        status="rolled_back",
        modification_id=target.modification_id,
        file=target.file,
        lines_restored=done[-1].lines_restored,
        rolled_back=[step.entry.rolls_back or "" for step in done],
        rollback_id=done[-1].entry.modification_id,
        git_staged=all(step.entry.git_staged for step in done),
    )


def undo(
    ctx: CallContext, repository: Workspace, log: ModificationLog, change: Modification, correlation: str | None
) -> Undone:
    path = repository.file(ctx, change.file)
    now = read_text(ctx, path, change.file)
    before = parsed(git_store.content(repository.root, change.before))
    after = parsed(git_store.content(repository.root, change.after))
    if now.raw == after.raw:
        restored = before.raw
    else:
        carried = carry_over(after.lines, before.lines, now.lines)
        if carried is None:
            message = (
                f"{ctx.entry.label}: the lines {change.modification_id} changed in {change.file} were edited since"
            )
            raise ToolFailure.of(
                ctx.entry, "edit_conflict", message, details={"modification_id": change.modification_id}
            )
        restored = joined(carried, now)
    write_bytes(path, restored)
    staged = unstage(repository, change)
    entry = Modification(
        modification_id=new_id(),
        timestamp=datetime.now(UTC),
        file=change.file,
        operation="rollback",
        lines_affected=change.lines_affected,
        correlation_id=correlation or change.correlation_id,
        git_staged=staged,
        rolls_back=change.modification_id,
        diff=unified_diff(change.file, now.lines, parsed(restored).lines),
        before=git_store.store(repository.root, now.raw),
        after=git_store.store(repository.root, restored),
    )
    log.append(entry)
    replaced = sum(
        i2 - i1
        for tag, i1, i2, _, _ in SequenceMatcher(None, before.lines, after.lines).get_opcodes()
        if tag != "equal"
    )
    return Undone(entry, replaced)


def unstage(repository: Workspace, change: Modification) -> bool:
    """Give the index back its copy from before the change, if it still holds the one staged."""
    entry = git_store.index_entry(repository.root, change.file)
    if entry is None or change.index_before is None or entry.blob != change.index_after:
        return False
    git_store.set_index(repository.root, change.file, git_store.IndexEntry(entry.mode, change.index_before))
    return True


def parsed(raw: bytes) -> TextFile:
    return TextFile.parse(raw) or TextFile(raw, [], False)

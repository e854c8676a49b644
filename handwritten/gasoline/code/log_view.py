"""observe(what="modification_log"): the repository's changes, newest first, filtered and paged."""

from __future__ import annotations

from gasoline.contract import CallContext
from gasoline.core.errors import bad_argument
from gasoline_generated.models import (
    ObserveModificationLogEntry,
    ObserveModificationLogParams,
    ObserveModificationLogResult,
)

from .modification_log import Modification, ModificationLog
from .repository import Repository

CURSOR = "m_"


def modification_log(ctx: CallContext, params: ObserveModificationLogParams) -> ObserveModificationLogResult:
    repository = Repository.of(ctx)
    entries = ModificationLog(repository.root).entries()
    undone = {entry.rolls_back for entry in entries if entry.rolls_back}
    folder = params.file.rstrip("/") + "/" if isinstance(params.file, str) else None
    matching = [
        entry
        for entry in reversed(entries)
        if (not isinstance(params.correlation_id, str) or entry.correlation_id == params.correlation_id)
        and (folder is None or entry.file == folder[:-1] or entry.file.startswith(folder))
    ]
    start = offset(ctx, params.cursor)
    page = matching[start : start + params.limit]
    more = start + len(page) < len(matching)
    return ObserveModificationLogResult.model_validate(
        {
            "entries": [shown(entry, entry.modification_id in undone) for entry in page],
            "count": len(page),
            "total": len(matching),
            **({"next_cursor": f"{CURSOR}{start + len(page)}"} if more else {}),
        }
    )


def offset(ctx: CallContext, cursor: object) -> int:
    if not isinstance(cursor, str):
        return 0
    if not cursor.startswith(CURSOR) or not cursor[len(CURSOR) :].isdigit():
        raise bad_argument(ctx.entry, "cursor", "cursor is not a next_cursor of modification_log")
    return int(cursor[len(CURSOR) :])


def shown(entry: Modification, rolled_back: bool) -> ObserveModificationLogEntry:
    return ObserveModificationLogEntry.model_validate(
        entry.model_dump(
            include={
                "modification_id", "timestamp", "file", "operation", "lines_affected", "reason",
                "correlation_id", "git_staged", "test_results", "rolls_back",
            },
            exclude_none=True,
            mode="json",
        )
        | {"rolled_back": rolled_back}
    )  # fmt: skip

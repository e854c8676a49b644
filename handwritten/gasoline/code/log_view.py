"""observe(what="modification_log"): the repository's changes, newest first, filtered and paged."""

from __future__ import annotations

from datetime import datetime

from gasoline.contract import CallContext
from gasoline.core.cursors import MODIFICATIONS
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import (
    ObserveModificationLogEntry,
    ObserveModificationLogParams,
    ObserveModificationLogResult,
)

from .modification_log import Modification, ModificationLog, valid


def modification_log(
    ctx: CallContext, repository: Workspace, params: ObserveModificationLogParams
) -> ObserveModificationLogResult:
    records = repository.kept(ModificationLog).records()
    undone = {record.get("rolls_back") for record in records}
    folder = params.file.rstrip("/") + "/" if isinstance(params.file, str) else None
    since = params.since if isinstance(params.since, datetime) else None
    matching = [
        record
        for record in reversed(records)
        if (not isinstance(params.correlation_id, str) or record.get("correlation_id") == params.correlation_id)
        and (folder is None or record.get("file") == folder[:-1] or str(record.get("file")).startswith(folder))
        and (since is None or after(record.get("timestamp"), since))
    ]
    start = MODIFICATIONS.start(ctx, params.cursor)
    page = [entry for record in matching[start : start + params.limit] if (entry := valid(record)) is not None]
    more = start + params.limit < len(matching)
    return ObserveModificationLogResult.model_validate(
        {
            "entries": [shown(entry, entry.modification_id in undone) for entry in page],
            "count": len(page),
            "total": len(matching),
            **({"next_cursor": MODIFICATIONS.at(start + len(page))} if more else {}),
        }
    )


def after(timestamp: object, since: datetime) -> bool:
    try:
        return isinstance(timestamp, str) and datetime.fromisoformat(timestamp.replace("Z", "+00:00")) >= since
    except ValueError:
        return False


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

"""The project's .gasoline/audit.jsonl: every backend operation, shadow, dry run, snapshot, restore,
rollback and delete, one whole redacted entry a line (an entry is written once, complete, when the
call is over: nothing half-recorded), read newest first by observe(what="audit_log")."""

from __future__ import annotations

import secrets
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from gasoline.contract import CallContext
from gasoline.core.cursors import AUDIT
from gasoline.safety.redaction import Redactor
from gasoline.workspace.jsonl_log import AppendOnlyLog, Record
from gasoline_generated.models import ObserveAuditLogEntry, ObserveAuditLogParams, ObserveAuditLogResult

AUDIT_FILE = Path(".gasoline") / "audit.jsonl"


def new_audit_id() -> str:
    return f"audit-{datetime.now(UTC):%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class AuditLog(AppendOnlyLog):
    def __init__(self, root: Path, redactor: Redactor) -> None:
        super().__init__(root / AUDIT_FILE)
        self.redactor = redactor
        # (entries indexed, correlation_id -> positions): reading one test run's entries out of
        # 10,000 does not scan them all.
        self._index: tuple[int, dict[str, list[int]]] = (0, {})
        self._index_lock = threading.Lock()

    def record(self, **fields: Any) -> ObserveAuditLogEntry:
        """Write one complete entry (redacted); fields left None are absent."""
        present = {name: value for name, value in fields.items() if value is not None}
        entry = ObserveAuditLogEntry.model_validate(self.redactor.value(present))
        self.append(entry)
        return entry

    def matching(self, params: ObserveAuditLogParams) -> list[Record]:
        """The entries the filters keep, newest first."""
        records = self.records()
        if isinstance(params.correlation_id, str):
            records = [records[i] for i in self._positions(records).get(params.correlation_id, [])]
        return [
            record
            for record in reversed(records)
            if (not isinstance(params.service, str) or record.get("service") == params.service)
            and (not isinstance(params.operation, str) or record.get("operation") == params.operation)
        ]

    def _positions(self, records: list[Record]) -> dict[str, list[int]]:
        with self._index_lock:
            indexed, index = self._index
            if indexed > len(records):
                indexed, index = 0, {}
            for position in range(indexed, len(records)):
                correlation = records[position].get("correlation_id")
                if isinstance(correlation, str):
                    index.setdefault(correlation, []).append(position)
            self._index = (len(records), index)
            return index


def audit_log(ctx: CallContext, log: AuditLog, params: ObserveAuditLogParams) -> ObserveAuditLogResult:
    matching = log.matching(params)
    start = AUDIT.start(ctx, params.cursor)
    page = [entry for record in matching[start : start + params.limit] if (entry := valid(record)) is not None]
    more = start + params.limit < len(matching)
    return ObserveAuditLogResult(
        entries=page,
        count=len(page),
        total=len(matching),
        **({"next_cursor": AUDIT.at(start + params.limit)} if more else {}),
    )


def valid(record: Record) -> ObserveAuditLogEntry | None:
    try:
        return ObserveAuditLogEntry.model_validate(record)
    except ValidationError:
        return None  # not an entry of ours

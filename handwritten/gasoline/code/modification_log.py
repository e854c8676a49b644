"""The repository's .gasoline/modifications.jsonl (every change the code tools made) and
.gasoline/test_runs.jsonl (every test run, with its correlation id), append-only logs."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from gasoline.workspace.jsonl_log import AppendOnlyLog, Record
from gasoline_generated.models import InteractRunTestsResult, ObserveModificationLogTestResults

LOG_FILE = Path(".gasoline") / "modifications.jsonl"
TEST_RUNS_FILE = Path(".gasoline") / "test_runs.jsonl"


class Modification(BaseModel):
    """One change as the log keeps it: what observe modification_log shows, and what a rollback needs."""

    model_config = ConfigDict(extra="ignore")

    modification_id: str
    timestamp: datetime
    file: str
    operation: str
    lines_affected: tuple[int, int]
    reason: str | None = None
    correlation_id: str | None = None
    git_staged: bool
    test_results: ObserveModificationLogTestResults | None = None
    rolls_back: str | None = None
    diff: str
    before: str  # blob of the file's bytes before the change (a checkpoint ref keeps it)
    after: str  # blob of its bytes after
    index_before: str | None = None  # the index's blob before, when the change was staged
    index_after: str | None = None


class RecordedRun(BaseModel):
    """A run_tests outcome as .gasoline/test_runs.jsonl keeps it: when, for what, and how it went."""

    timestamp: datetime
    correlation_id: str | None = None
    command: str
    status: str
    framework: str
    tests_passed: int
    tests_failed: int
    tests_skipped: int
    duration_ms: int


class ModificationLog(AppendOnlyLog):
    def __init__(self, root: Path) -> None:
        super().__init__(root / LOG_FILE)

    def entries(self) -> list[Modification]:
        """Every whole entry, oldest first."""
        return [entry for record in self.records() if (entry := valid(record)) is not None]


class TestRunLog(AppendOnlyLog):
    def __init__(self, root: Path) -> None:
        super().__init__(root / TEST_RUNS_FILE)

    def record(self, run: InteractRunTestsResult) -> None:
        """A run_tests outcome, under its correlation id."""
        fields = run.model_dump(include=set(RecordedRun.model_fields) - {"timestamp"}, exclude_none=True)
        fields["correlation_id"] = run.correlation_id if isinstance(run.correlation_id, str) else None
        self.append(RecordedRun(timestamp=datetime.now(UTC), **fields))


def valid(record: Record) -> Modification | None:
    try:
        return Modification.model_validate(record)
    except ValidationError:
        return None  # not ours

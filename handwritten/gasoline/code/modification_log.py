"""The repository's .gasoline/modifications.jsonl (every change the code tools made) and
.gasoline/test_runs.jsonl (every test run, with its correlation id): one JSON object a line, only
ever appended to.

A line is written whole with one write() and synced; a line torn by a crash (no newline at its
end, or not JSON) is skipped when reading and the next line starts on a line of its own. Reading
parses only what was appended since the last read of the same log.
"""

from __future__ import annotations

import os
import threading
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, ValidationError
from pydantic_core import from_json

from gasoline_generated.models import InteractRunTestsResult, ObserveModificationLogTestResults

LOG_FILE = Path(".gasoline") / "modifications.jsonl"
TEST_RUNS_FILE = Path(".gasoline") / "test_runs.jsonl"
# The logs are this machine's record, not the project's: git is told to leave them (and this) alone.
IGNORED = "modifications.jsonl\ntest_runs.jsonl\n.gitignore\n"


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


Record = dict[str, Any]


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


class AppendOnlyLog:
    """One of a repository's logs under .gasoline/, appended to whole lines at a time."""

    _cache: ClassVar[dict[Path, tuple[int, list[Record]]]] = {}  # log -> (bytes read, its records)
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, path: Path) -> None:
        self.path = path

    def append(self, entry: BaseModel) -> None:
        line = entry.model_dump_json(exclude_none=True).encode() + b"\n"
        self.path.parent.mkdir(exist_ok=True)
        ignore = self.path.parent / ".gitignore"
        if not ignore.exists():
            ignore.write_text(IGNORED)
        with self._lock:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                size = os.fstat(fd).st_size
                if size and not self._ends_with_newline(size):
                    line = b"\n" + line  # after a torn line, start a line of our own
                os.write(fd, line)
                os.fsync(fd)
            finally:
                os.close(fd)

    def records(self) -> list[Record]:
        """Every whole line's JSON object, oldest first, not yet checked against Modification: a
        reader that keeps a few of 10,000 filters these (20 ms) and checks only those it keeps."""
        with self._lock:
            try:
                size = self.path.stat().st_size
            except FileNotFoundError:
                return []
            read, known = self._cache.get(self.path, (0, []))
            if size < read:  # replaced by a shorter file: read it again
                read, known = 0, []
            with self.path.open("rb") as log:
                log.seek(read)
                fresh = log.read(size - read)
            whole = fresh[: fresh.rfind(b"\n") + 1]  # a line still being written, or torn, waits
            known = known + parsed_lines(whole.splitlines())
            self._cache[self.path] = (read + len(whole), known)
            return list(known)

    def _ends_with_newline(self, size: int) -> bool:
        with self.path.open("rb") as log:
            log.seek(size - 1)
            return log.read(1) == b"\n"


class ModificationLog(AppendOnlyLog):
    def __init__(self, root: Path) -> None:
        super().__init__(root / LOG_FILE)

    def entries(self) -> list[Modification]:
        """Every whole entry, oldest first."""
        return [entry for record in self.records() if (entry := valid(record)) is not None]


def record_test_run(root: Path, run: InteractRunTestsResult) -> None:
    """A run_tests outcome into .gasoline/test_runs.jsonl, under its correlation id."""
    fields = run.model_dump(include=set(RecordedRun.model_fields) - {"timestamp"}, exclude_none=True)
    fields["correlation_id"] = run.correlation_id if isinstance(run.correlation_id, str) else None
    AppendOnlyLog(root / TEST_RUNS_FILE).append(RecordedRun(timestamp=datetime.now(UTC), **fields))


def parsed_lines(lines: list[bytes]) -> list[Record]:
    """The objects of whole lines: all at once as one JSON array, or line by line when one of them
    is torn or not JSON (skipped)."""
    lines = [line for line in lines if line.strip()]
    try:
        found = from_json(b"[" + b",".join(lines) + b"]")
    except ValueError:
        found = [record for line in lines if (record := parsed(line)) is not None]
    return [record for record in found if isinstance(record, dict)]


def parsed(line: bytes) -> Any:
    try:
        return from_json(line)
    except ValueError:
        return None  # torn by a crash


def valid(record: Record) -> Modification | None:
    try:
        return Modification.model_validate(record)
    except ValidationError:
        return None  # not ours

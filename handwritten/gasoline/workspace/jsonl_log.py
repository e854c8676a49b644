"""Append-only JSON-lines logs in a repository's .gasoline/: one JSON object a line.

A line is written whole with one write() and synced; a line torn by a crash (no newline at its
end, or not JSON) is skipped when reading and the next line starts on a line of its own. Reading
parses only what was appended since the last read of the same log.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from pydantic_core import from_json

Record = dict[str, Any]
# The logs and snapshots are this machine's record, not the project's: git is told to leave them
# (and this file) alone; .gasoline/config.yaml stays the project's.
IGNORED = ("modifications.jsonl", "test_runs.jsonl", "audit.jsonl", "snapshots/", ".gitignore")


def ignore_in_git(directory: Path) -> None:
    """.gasoline/.gitignore names every file Gasoline keeps there (lines added when missing). Read
    only while it is missing or was not seen whole yet: an append must not cost a read of it."""
    ignore = directory / ".gitignore"
    if ignore in _ignoring and ignore.exists():
        return
    directory.mkdir(exist_ok=True)
    present = ignore.read_text().splitlines() if ignore.exists() else []
    missing = [name for name in IGNORED if name not in present]
    if missing:
        with ignore.open("a") as file:
            file.write("".join(f"{name}\n" for name in missing))
    _ignoring.add(ignore)


_ignoring: set[Path] = set()  # the .gitignore files known to name everything in IGNORED


class AppendOnlyLog:
    """One of a repository's logs under .gasoline/, appended to whole lines at a time. A workspace
    keeps one of each (Workspace.kept), so what was read is read once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._read: tuple[int, list[Record]] = (0, [])  # bytes read, and their records
        self._lock = threading.Lock()

    def append(self, entry: BaseModel) -> None:
        line = entry.model_dump_json(exclude_none=True).encode() + b"\n"
        ignore_in_git(self.path.parent)
        with self._lock:
            fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                size = os.fstat(fd).st_size
                if size and not self._ends_with_newline(size):
                    line = b"\n" + line  # after a torn line, start a line of our own
                os.write(fd, line)
                os.fdatasync(fd)  # the line's bytes and the file's length, before the call returns
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
            read, known = self._read
            if size < read:  # replaced by a shorter file: read it again
                read, known = 0, []
            with self.path.open("rb") as log:
                log.seek(read)
                fresh = log.read(size - read)
            whole = fresh[: fresh.rfind(b"\n") + 1]  # a line still being written, or torn, waits
            known = known + parsed_lines(whole.splitlines())
            self._read = (read + len(whole), known)
            return list(known)

    def _ends_with_newline(self, size: int) -> bool:
        with self.path.open("rb") as log:
            log.seek(size - 1)
            return log.read(1) == b"\n"


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

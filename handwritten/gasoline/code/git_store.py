"""What code_modify keeps in git itself: blobs of a file's exact bytes (a checkpoint before each
change, kept from garbage collection under refs/gasoline/checkpoints/), and the index entry of a
file, read and set with plumbing so that only an edit is staged."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .git import git

CHECKPOINTS = "refs/gasoline/checkpoints/"


class GitFailed(RuntimeError):
    pass


def run(root: Path, *args: str, stdin: bytes | None = None) -> bytes:
    answer = git(root, *args, stdin=stdin)
    if answer.returncode != 0:
        raise GitFailed(f"git {args[0]}: {answer.stderr.decode(errors='replace').strip()}")
    return answer.stdout


def work_tree(root: Path) -> bool:
    return git(root, "rev-parse", "--is-inside-work-tree").stdout.strip() == b"true"


def store(root: Path, data: bytes) -> str:
    """The blob id of these bytes, written into the repository's objects."""
    return run(root, "hash-object", "-w", "--stdin", stdin=data).decode().strip()


def keep(root: Path, name: str, blob: str) -> None:
    run(root, "update-ref", CHECKPOINTS + name, blob)


def content(root: Path, blob: str) -> bytes:
    return run(root, "cat-file", "blob", blob)


@dataclass(frozen=True)
class IndexEntry:
    mode: str
    blob: str


def index_entry(root: Path, relative: str) -> IndexEntry | None:
    """The file's entry in the index (stage 0), if it is tracked."""
    listed = run(root, "ls-files", "-s", "-z", "--", relative).split(b"\0")[0]
    if not listed:
        return None
    mode, blob, _stage_and_path = listed.decode().split(" ", 2)
    return IndexEntry(mode, blob)


def set_index(root: Path, relative: str, entry: IndexEntry) -> None:
    run(root, "update-index", "--cacheinfo", f"{entry.mode},{entry.blob},{relative}")

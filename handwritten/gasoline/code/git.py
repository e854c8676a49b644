"""What git says of a repository file, read with git itself (never by reading .git/)."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Literal

GitStatus = Literal["modified", "untracked", "unchanged", "staged", "ignored", "not_a_repository"]
TIMEOUT_S = 30


def command(args: tuple[str, ...]) -> list[str]:
    """git, with file names as they are."""
    return ["git", "-c", "core.quotepath=off", *args]


def environment() -> dict[str, str]:
    """git's environment: no pager, no prompt."""
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "LC_ALL": "C"}


def git(root: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """git in the repository, run to its end."""
    return subprocess.run(
        command(args), cwd=root, input=stdin, capture_output=True, env=environment(), timeout=TIMEOUT_S
    )


def status_started(root: Path, relative: str) -> Callable[[], GitStatus]:
    """Start asking git for a file's status; the function returned waits for the answer, so the
    caller works while git does. staged: the index differs from HEAD; modified: only the working
    tree differs from the index."""
    args = ("status", "--porcelain=v1", "-z", "--ignored=matching", "--", relative)
    process = subprocess.Popen(
        command(args), cwd=root, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=environment()
    )

    def status() -> GitStatus:
        try:
            output, _ = process.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
            raise
        return "not_a_repository" if process.returncode != 0 else status_in(output)

    return status


def status_in(output: bytes) -> GitStatus:
    """The status git status --porcelain gives a file."""
    code = output[:2].decode()
    if code == "??":
        return "untracked"
    if code == "!!":
        return "ignored"
    if code[:1] not in ("", " "):
        return "staged"
    return "modified" if code[1:2] not in ("", " ") else "unchanged"

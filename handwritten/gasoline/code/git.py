"""What git says of a repository file, read with git itself (never by reading .git/)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Literal

GitStatus = Literal["modified", "untracked", "unchanged", "staged", "ignored", "not_a_repository"]


def git(root: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    """git in the repository, with no pager or prompt, and file names as they are."""
    env = {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_PAGER": "cat", "LC_ALL": "C"}
    return subprocess.run(
        ["git", "-c", "core.quotepath=off", *args], cwd=root, input=stdin, capture_output=True, env=env, timeout=30
    )


def status_of(root: Path, relative: str) -> GitStatus:
    """staged: the index differs from HEAD; modified: only the working tree differs from the index."""
    answer = git(root, "status", "--porcelain=v1", "-z", "--ignored=matching", "--", relative)
    if answer.returncode != 0:
        return "not_a_repository"
    code = answer.stdout[:2].decode()
    if code == "??":
        return "untracked"
    if code == "!!":
        return "ignored"
    if code[:1] not in ("", " "):
        return "staged"
    return "modified" if code[1:2] not in ("", " ") else "unchanged"

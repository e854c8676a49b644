"""The one place code tools turn a path a client gave into a file: inside the repository or refused.

Every path is resolved (symlinks and `..` included) and must stay under the repository's real
root; nothing under .git/ or .gasoline/ is touched, whatever the case or a look-alike character
says (NFKC folds fullwidth dots and letters), and NUL bytes, absolute paths and symlink loops are
refused outright.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure

PRIVATE_DIRECTORIES = frozenset({".git", ".gasoline"})


@dataclass(frozen=True)
class Repository:
    """A repository root (real path) and the calls' way into it."""

    root: Path

    @classmethod
    def of(cls, ctx: CallContext) -> Repository:
        """The calling client's repository: the git work tree holding the directory it named (a
        client started in a sub-folder still edits the whole repository), else that directory."""
        named = ctx.repository().resolve()
        return cls(next((folder for folder in (named, *named.parents) if (folder / ".git").exists()), named))

    def file(self, ctx: CallContext, given: str) -> Path:
        """The real path of `given` (relative to the root); ToolFailure path_refused otherwise."""

        def refused(why: str) -> ToolFailure:
            message = f"{ctx.entry.label}: {given!r} {why}; paths are relative to the repository root ({self.root})"
            return ToolFailure.of(ctx.entry, "path_refused", message, details={"path": given})

        if "\0" in given:
            raise refused("holds a NUL byte")
        relative = PurePosixPath(given.replace("\\", "/"))
        if relative.is_absolute() or Path(given).is_absolute():
            raise refused("is absolute")
        if private_part(relative.parts):
            raise refused("is inside .git/ or .gasoline/, which code tools never touch")
        try:
            resolved = (self.root / relative).resolve()
        except (RuntimeError, OSError) as error:  # a symlink loop, a name too long
            raise refused(f"cannot be resolved ({error})") from error
        if not resolved.is_relative_to(self.root):
            raise refused("leads outside the repository")
        if private_part(resolved.relative_to(self.root).parts):
            raise refused("leads into .git/ or .gasoline/, which code tools never touch")
        return resolved

    def relative(self, path: Path) -> str:
        """A real path under the root, as clients name it."""
        return path.relative_to(self.root).as_posix()


def private_part(parts: tuple[str, ...]) -> bool:
    return any(unicodedata.normalize("NFKC", part).casefold() in PRIVATE_DIRECTORIES for part in parts)

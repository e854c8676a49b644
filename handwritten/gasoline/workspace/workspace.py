"""One repository the daemon serves: its real root, its .gasoline/config.yaml, the records it keeps,
and the one place a path a client gave becomes a file of it (inside the repository or refused).

Every path is resolved (symlinks and `..` included) and must stay under the repository's real
root; nothing under .git/ or .gasoline/ is touched, whatever the case or a look-alike character
says (NFKC folds fullwidth dots and letters), and NUL bytes, absolute paths and symlink loops are
refused outright.
"""

from __future__ import annotations

import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, TypeVar

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline_generated.models import ProjectConfig

from .config import ProjectConfigError, load_project_config, version_of

PRIVATE_DIRECTORIES = frozenset({".git", ".gasoline"})
Kept = TypeVar("Kept")


@dataclass(frozen=True)
class Workspace:
    """A repository root (real path) and the calls' way into it."""

    root: Path
    _kept: dict[Callable[[Path], Any], Any] = field(default_factory=dict, compare=False, repr=False)
    _keeping: threading.Lock = field(default_factory=threading.Lock, compare=False, repr=False)
    # the config file's (mtime, size, inode) when last parsed, and what it said
    _parsed: list[tuple[tuple[int, int, int], ProjectConfig]] = field(default_factory=list, compare=False, repr=False)

    def config(self, ctx: CallContext) -> ProjectConfig:
        """The repository's .gasoline/config.yaml (parsed again only when the file changed);
        ToolFailure handler_failed, naming the file and the problem, when it is not valid."""
        version = version_of(self.root)
        if version is not None and self._parsed and self._parsed[0][0] == version:
            return self._parsed[0][1]
        try:
            config = load_project_config(self.root)
        except ProjectConfigError as error:
            raise ToolFailure.of(ctx.entry, "handler_failed", f"{ctx.entry.label}: {error}") from error
        if version is not None:
            self._parsed[:] = [(version, config)]
        return config

    def kept(self, make: Callable[[Path], Kept]) -> Kept:
        """The one object `make` builds for this repository (a log and its index), built when first asked."""
        with self._keeping:
            if make not in self._kept:
                self._kept[make] = make(self.root)
            return self._kept[make]  # type: ignore[no-any-return]

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

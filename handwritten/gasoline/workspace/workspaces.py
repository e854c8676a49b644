"""Which repository a call works in: the calling client's, one Workspace per repository root.

A client names a directory (its bridge's working directory, or its first MCP root); its workspace
is the git work tree holding that directory (a client started in a sub-folder still works in the
whole repository), else the directory itself. Two clients in two repositories get two workspaces,
each with its own config, logs and snapshots; a workspace is kept while the daemon runs.
"""

from __future__ import annotations

import threading
from pathlib import Path

from gasoline.contract import CallContext

from .workspace import Workspace


class Workspaces:
    def __init__(self) -> None:
        self._known: dict[Path, Workspace] = {}
        self._lock = threading.Lock()

    def of(self, ctx: CallContext) -> Workspace:
        """The calling client's workspace; raises RepositoryUnknown (from the call's context),
        saying how to name one, when the client names none."""
        return self.at(ctx.client_directory())

    def at(self, directory: Path) -> Workspace:
        named = directory.resolve()
        root = next((folder for folder in (named, *named.parents) if (folder / ".git").exists()), named)
        with self._lock:
            return self._known.setdefault(root, Workspace(root))

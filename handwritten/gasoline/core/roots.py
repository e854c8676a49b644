"""Which repository a client works in, as MCP says it: the first file:// URI of its roots.

A bridge names its client's repository to the daemon in each forwarded call's _meta
(REPOSITORY_META); a client that talks to the daemon directly is asked for its roots.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote, urlsplit

from .jsonrpc import RpcError

if TYPE_CHECKING:
    from .protocol import Exchange

REPOSITORY_META = "dev.gasoline/repository"
# A bridge also names its client (its clientInfo name), so the daemon's session of the bridge is
# shown as the client's, not as the bridge's.
CLIENT_META = "dev.gasoline/client"
BRIDGE_CLIENT_NAME = "gasoline-bridge"  # the bridge's own clientInfo name, in its session with the daemon
PROJECT_DIR_ENV = "GASOLINE_PROJECT_DIR"
HOW_TO_NAME_ONE = (
    "an MCP client that declares roots gets its first file:// root; `gasoline` on stdio uses "
    "GASOLINE_PROJECT_DIR from its environment, else the directory it was started in"
)


def project_dir() -> Path:
    """This process's project: GASOLINE_PROJECT_DIR, else the directory it started in (a bridge
    starts its daemon in its client's working directory)."""
    return Path(os.environ.get(PROJECT_DIR_ENV) or os.getcwd())


class RootsUnanswered(Exception):
    """The client could not be asked for its roots, or did not answer in time."""


def ask_roots(exchange: Exchange, seconds: float) -> Path | None:
    """The first file:// root the client gives when asked roots/list (None: it gives none).
    Never ask on the thread that reads the client's messages: it must be free to read the answer."""
    try:
        return first_file_root(exchange.ask("roots/list", {}, seconds))
    except (RpcError, RuntimeError) as error:
        raise RootsUnanswered(str(error)) from error


def first_file_root(answer: Any) -> Path | None:
    """The directory of the first file:// root in a roots/list answer, if any."""
    roots = answer.get("roots") if isinstance(answer, dict) else None
    for root in roots if isinstance(roots, list) else []:
        uri = root.get("uri") if isinstance(root, dict) else None
        if isinstance(uri, str):
            parts = urlsplit(uri)
            if parts.scheme == "file" and parts.netloc in ("", "localhost") and parts.path:
                return Path(unquote(parts.path))
    return None

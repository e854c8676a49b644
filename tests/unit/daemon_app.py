"""The daemon's falcon app as `gasoline daemon` builds it, on a test's daemon: no process, no port."""

from __future__ import annotations

from typing import Any

import falcon

from gasoline.composition import Daemon, create_daemon
from gasoline.daemon.app import Tokens, create_app

PORT = 7000
HOST = {"Host": f"127.0.0.1:{PORT}"}
TOKENS = Tokens("token", "approver")


def daemon_app(daemon: Daemon | None = None) -> falcon.App[Any, Any]:
    return create_app(daemon or create_daemon(), PORT, TOKENS, 1000)

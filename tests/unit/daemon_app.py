"""The daemon's falcon app as `gasoline daemon` builds it, on a test's runtime: no process, no port."""

from __future__ import annotations

import falcon

from gasoline.core.catalog import SERVER_INFO
from gasoline.core.dispatch import Dispatcher
from gasoline.core.local_tools import LocalTools
from gasoline.core.protocol import McpServer
from gasoline.daemon.app import Tokens, create_app
from gasoline.runtime import Runtime
from gasoline.transports.http import Sessions

PORT = 7000
HOST = {"Host": f"127.0.0.1:{PORT}"}
TOKENS = Tokens("token", "approver")


def daemon_app(runtime: Runtime, dispatcher: Dispatcher | None = None) -> falcon.App:
    dispatcher = dispatcher or Dispatcher(runtime)
    server = McpServer(SERVER_INFO, LocalTools(dispatcher, runtime.redactor, runtime.continuations, 1000))
    return create_app(server, dispatcher, runtime, Sessions(60), PORT, TOKENS, 1000)

"""`gasoline` with no arguments: the stdio MCP server a client spawns.

It answers initialize and tools/list from generated data at once, starts (or finds) the daemon
in the background, and forwards tool calls to it. Only light modules are imported here, so a
client's initialize is answered within milliseconds of the spawn.
"""

from __future__ import annotations

import sys
import threading

from gasoline import logs
from gasoline.core.catalog import SERVER_INFO
from gasoline.core.protocol import McpServer
from gasoline.core.roots import project_dir
from gasoline.core.workers import Workers
from gasoline_generated.policy import LIMITS

from .client import DaemonClient, RemoteTools
from .relay import RelayingTransport
from .repository import ClientRepository


def run() -> int:
    client = DaemonClient(LIMITS.daemon, LIMITS.mcp.bridge_calls_in_flight)
    threading.Thread(target=client.start_daemon, name="gasoline-daemon-start", daemon=True).start()
    repository = ClientRepository(project_dir(), LIMITS.mcp.roots_answer_ms / 1000)
    tools = RemoteTools(client, repository)
    server = McpServer(SERVER_INFO, tools, notifications={"notifications/roots/list_changed": repository.roots_changed})
    workers = Workers("gasoline-stdio", LIMITS.mcp.request_workers)
    grace = LIMITS.mcp.eof_grace_ms / 1000
    RelayingTransport(server, tools, sys.stdin.buffer, sys.stdout.buffer, workers, grace).serve()
    logs.stage("bridge_stopped", "end of input: bridge stopping", port=client.files.port)
    return 0

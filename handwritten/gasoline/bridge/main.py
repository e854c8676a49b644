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
from gasoline.core.workers import Workers
from gasoline.transports.lines import LineTransport
from gasoline_generated.policy import LIMITS

from .client import DaemonClient, RemoteTools


def run() -> int:
    client = DaemonClient(LIMITS.daemon)
    threading.Thread(target=client.start_daemon, name="gasoline-daemon-start", daemon=True).start()
    server = McpServer(SERVER_INFO, RemoteTools(client))
    workers = Workers("gasoline-stdio", LIMITS.mcp.request_workers)
    LineTransport(server, sys.stdin.buffer, sys.stdout.buffer, workers, LIMITS.mcp.eof_grace_ms / 1000).serve()
    logs.stage("bridge_stopped", "end of input: bridge stopping", port=client.files.port)
    return 0

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
from gasoline.state import DaemonFiles
from gasoline.transports.lines import LineTransport
from gasoline_generated.policy import LIMITS

from .client import DaemonClient, RemoteTools


def run() -> int:
    files = DaemonFiles.for_port()
    logs.configure(files.root / f"bridge-{files.port}.log", to_stderr=False)
    logs.stage("bridge_starting", "bridge starting", port=files.port)
    client = DaemonClient(files, LIMITS.daemon)
    threading.Thread(target=client.start_daemon, name="gasoline-daemon-start", daemon=True).start()
    server = McpServer(SERVER_INFO, RemoteTools(client), page_size=LIMITS.mcp.list_page_size)
    workers = Workers("gasoline-stdio", LIMITS.mcp.request_workers)
    LineTransport(server, sys.stdin.buffer, sys.stdout.buffer, workers, LIMITS.mcp.eof_grace_ms / 1000).serve()
    logs.stage("bridge_stopped", "end of input: bridge stopping", port=files.port)
    return 0

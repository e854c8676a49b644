"""The benchmark reference: the official MCP Python SDK's MCPServer with one tool.

python tests/perf/reference_server.py stdio
python tests/perf/reference_server.py http PORT
"""

import sys

from mcp.server.mcpserver import MCPServer

server = MCPServer("reference")


@server.tool()
def add(a: int, b: int) -> int:
    """Add two integers."""
    return a + b


# A report the size and shape of Gasoline's health result, for comparing calls with like results.
MODES = ["command_result", "errors", "failed_requests", "logs", "network_bodies", "page", "result_page"]
REPORT = {
    "service": "reference",
    "version": "0.1.0",
    "pid": 4242,
    "started_at": "2026-11-22T10:30:00.000000Z",
    "uptime_seconds": 12.5,
    "tools": [{"name": f"tool{i}", "published_modes": MODES, "planned_modes": MODES[:3]} for i in range(4)],
    "policy": {"approval_version": 1, "limits_version": 1},
    "buffers": [
        {"name": f"buffer{i}", "entries": 0, "max_entries": 1000, "bytes": 0, "max_bytes": 4194304, "evicted": 0}
        for i in range(4)
    ],
    "ingest": {"accepted": 0, "rejected": 0},
    "extension": {"connected": False},
    "redaction": {"policy_version": "1", "redacted_count": [], "blocked_count": 0},
    "approvals": {"pending": 0},
}


@server.tool()
def report() -> dict[str, object]:
    """A fixed report as large as a server health report."""
    return REPORT


if __name__ == "__main__":
    if sys.argv[1] == "stdio":
        server.run()
    else:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))

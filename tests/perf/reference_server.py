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


if __name__ == "__main__":
    if sys.argv[1] == "stdio":
        server.run()
    else:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))

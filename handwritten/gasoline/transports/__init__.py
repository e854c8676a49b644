"""How MCP messages arrive and leave: stdio lines and streamable HTTP, both feeding the one protocol core."""

"""The MCP engine: dispatcher, errors and transports share this core."""

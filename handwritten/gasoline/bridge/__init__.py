"""The stdio server an MCP client spawns: it makes sure a daemon of its version runs and forwards to it."""

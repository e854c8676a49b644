"""Gasoline: browser, backend and repository tools for AI coding assistants, over MCP."""

# The one place the version is written (pyproject.toml reads it from here). A literal, not
# importlib.metadata: the stdio bridge must answer its client within milliseconds of starting.
__version__ = "0.1.0"

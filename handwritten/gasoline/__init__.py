"""Gasoline: browser, backend and repository tools for AI coding assistants, over MCP."""

from importlib.metadata import version

__version__ = version("gasoline")

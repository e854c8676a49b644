"""The `gasoline` command."""

from __future__ import annotations

import argparse
import json
import sys

from . import __version__
from .core.dispatch import Dispatcher
from .core.errors import UnknownTool
from .runtime import Runtime


def call(tool: str, arguments_json: str) -> int:
    """Run one tool call in this process and print its structured result as JSON."""
    try:
        arguments = json.loads(arguments_json)
    except json.JSONDecodeError as error:
        print(f"gasoline call: arguments are not JSON: {error}", file=sys.stderr)
        return 2
    if not isinstance(arguments, dict):
        print("gasoline call: arguments must be a JSON object", file=sys.stderr)
        return 2
    try:
        result = Dispatcher(Runtime.start()).call(tool, arguments)
    except UnknownTool as error:
        print(f"gasoline call: {error}", file=sys.stderr)
        return 2
    print(json.dumps(result.structured, indent=2, ensure_ascii=False))
    return 1 if result.is_error else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="gasoline", description="Browser, backend and code tools for AI assistants, over MCP."
    )
    parser.add_argument("--version", action="version", version=f"gasoline {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    call_parser = commands.add_parser("call", help="run one tool call and print its result")
    call_parser.add_argument("tool", help="observe, analyze, interact or configure")
    call_parser.add_argument("arguments", nargs="?", default="{}", help='JSON object, e.g. \'{"action": "health"}\'')
    args = parser.parse_args(argv)
    return call(args.tool, args.arguments)


if __name__ == "__main__":
    sys.exit(main())

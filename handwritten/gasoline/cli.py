"""The `gasoline` command. Each subcommand imports only what it needs: the bridge must start fast."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from . import __version__


def call(tool: str, arguments_json: str) -> int:
    """Run one tool call through the daemon (started if needed) and print its result."""
    from gasoline.bridge.client import DaemonClient, RemoteTools
    from gasoline.bridge.repository import ClientRepository
    from gasoline.core.jsonrpc import Request, RpcError
    from gasoline.core.protocol import Exchange
    from gasoline.core.roots import project_dir
    from gasoline_generated.policy import LIMITS

    try:
        arguments = json.loads(arguments_json)
    except json.JSONDecodeError as error:
        print(f"gasoline call: arguments are not JSON: {error}", file=sys.stderr)
        return 2
    if not isinstance(arguments, dict):
        print("gasoline call: arguments must be a JSON object", file=sys.stderr)
        return 2
    tools = RemoteTools(
        DaemonClient(LIMITS.daemon, LIMITS.mcp.bridge_calls_in_flight), ClientRepository(project_dir(), 0)
    )
    request = Request("cli", "tools/call", {"name": tool, "arguments": arguments})
    try:
        result = tools.call(tool, arguments, Exchange(request, lambda message: None))
    except RpcError as error:
        print(f"gasoline call: {error.message}", file=sys.stderr)
        return 2
    shown = result.get("structuredContent")
    print(json.dumps(shown, indent=2, ensure_ascii=False) if shown is not None else result["content"][0]["text"])
    return 1 if result.get("isError") else 0


def list_approvals() -> int:
    """The human channel on the command line: the calls waiting for a decision."""
    answer = _approvals_route("GET", "/approvals")
    if answer is None:
        return 1
    for pending in answer["pending"]:
        print(f"{pending['request_id']}  {pending['mutation']:<11}  {pending['scope']:<20}  {pending['summary']}")
    if not answer["pending"]:
        print("no approval requests are pending")
    return 0


def decide(request_id: str, decision: str) -> int:
    """The human channel on the command line: approve or deny one request."""
    answer = _approvals_route("POST", f"/approvals/{request_id}", {"decision": decision})
    if answer is None:
        return 1
    print(f"{answer['status']}: {answer['request_id']} ({answer['summary']})")
    return 0


def pair() -> int:
    """A one-time code for the person to type into the agent panel."""
    answer = _approvals_route("POST", "/pairing")
    if answer is None:
        return 1
    print(f"Type this code into the Gasoline panel: {answer['code']}  (it works once, until {answer['expires_at']})")
    return 0


def _approvals_route(method: str, path: str, body: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """Ask a human channel's route (/approvals, /pairing) with the approver token; None (said on
    stderr) when it refuses."""
    from gasoline.local_http import request_json
    from gasoline.state import DaemonFiles

    files = DaemonFiles.for_port()
    try:
        status, answer = request_json(files.port, method, path, files.read_token(files.approver_token), body)
    except (OSError, ValueError) as error:
        print(f"gasoline: no daemon answers on port {files.port} ({error})", file=sys.stderr)
        return None
    if status != 200:  # a RequestError: its code, and what was wrong
        print(f"gasoline: {answer.get('message', 'refused')} ({answer.get('error', status)})", file=sys.stderr)
        return None
    return dict(answer)


def stop(port: int | None) -> int:
    from gasoline.bridge.lifecycle import DaemonUnavailable, stop_daemon
    from gasoline.state import DaemonFiles
    from gasoline_generated.policy import LIMITS

    files = DaemonFiles.for_port(port)
    try:
        pid = stop_daemon(files, LIMITS.daemon)
    except DaemonUnavailable as error:
        print(f"gasoline stop: {error}", file=sys.stderr)
        return 1
    print(
        f"stopped the daemon on port {files.port} (pid {pid})" if pid else f"no daemon was running on port {files.port}"
    )
    return 0


def extension_path() -> int:
    """Print the built extension's directory, the folder to pick in Chrome's "Load unpacked"."""
    from gasoline.built_extension import ExtensionNotBuilt, extension_dir

    try:
        print(extension_dir())
    except ExtensionNotBuilt as error:
        print(f"gasoline extension-path: {error}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="gasoline",
        description="Browser, backend and code tools for AI assistants, over MCP. "
        "Without a command: the stdio MCP server that MCP clients start.",
    )
    parser.add_argument("--version", action="version", version=f"gasoline {__version__}")
    commands = parser.add_subparsers(dest="command")
    daemon = commands.add_parser("daemon", help="run the daemon in the foreground")
    daemon.add_argument("--port", type=int, default=None, help="TCP port on 127.0.0.1 (default: GASOLINE_PORT or 7890)")
    daemon.add_argument(
        "--no-auth", action="store_true", help="accept /mcp calls without the bearer token (for conformance tools only)"
    )
    stop_parser = commands.add_parser("stop", help="stop the daemon")
    stop_parser.add_argument("--port", type=int, default=None)
    commands.add_parser("doctor", help="check the whole chain, a line per check")
    commands.add_parser("extension-path", help="print the directory of the built extension, to load in Chrome")
    commands.add_parser("approvals", help="list the calls waiting for your approval")
    commands.add_parser("pair", help="show a one-time code that pairs the browser's agent panel with the daemon")
    for name, help_text in (("approve", "approve a pending call"), ("deny", "deny a pending call")):
        decision = commands.add_parser(name, help=help_text)
        decision.add_argument("request_id", help="the request id from the approval_required error (apr_...)")
    call_parser = commands.add_parser("call", help="run one tool call through the daemon and print its result")
    call_parser.add_argument("tool", help="observe, analyze, interact or configure")
    call_parser.add_argument("arguments", nargs="?", default="{}", help='JSON object, e.g. \'{"action": "health"}\'')
    args = parser.parse_args(argv)

    if args.command is None:
        from gasoline.bridge.main import run

        return run()
    if args.command == "daemon":
        # pydantic looks for plugins in every installed distribution's entry points when it builds
        # its first model: a tenth of the daemon's start, for plugins the daemon does not use.
        os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
        from gasoline.daemon.main import serve
        from gasoline.state import configured_port

        return serve(args.port or configured_port(), args.no_auth)
    if args.command == "stop":
        return stop(args.port)
    if args.command == "approvals":
        return list_approvals()
    if args.command == "pair":
        return pair()
    if args.command in ("approve", "deny"):
        return decide(args.request_id, args.command)
    if args.command == "doctor":
        from gasoline.doctor import run as doctor

        return doctor()
    if args.command == "extension-path":
        return extension_path()
    return call(args.tool, args.arguments)


if __name__ == "__main__":
    sys.exit(main())

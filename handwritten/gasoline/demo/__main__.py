"""python -m gasoline.demo: what the toolkit does today, through its real entry points.

It runs on a private state directory and a free port, so it never touches a daemon of yours,
and it stops the daemon it started.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gasoline import __version__
from gasoline.core import jsonrpc
from gasoline.core.protocol import META
from gasoline.demo.backend_session import backend_session
from gasoline.demo.browser_session import browser_session
from gasoline.demo.code_session import code_session
from gasoline.demo.panel_session import panel_session
from gasoline.demo_app.server import unused_port
from gasoline.doctor import StdioSession, http_post, initialize_params
from gasoline.state import DaemonFiles
from gasoline_generated.dispatch import APPROVAL_PARAMETER, MODES


def heading(text: str) -> None:
    print(f"\n== {text}")


def shown(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[:limit] + " ..."


def stdio_session() -> None:
    heading("An MCP client starts `gasoline` and speaks MCP over its stdio")
    client = StdioSession()
    try:
        started = time.perf_counter()
        init = client.initialize("demo")
        print(
            f"-> initialize     <- protocol {init['protocolVersion']}, {init['serverInfo']['name']} "
            f"{init['serverInfo']['version']} in {(time.perf_counter() - started) * 1000:.0f} ms"
        )
        for tool in client.request("tools/list", {})["tools"]:
            key = next(iter(tool["inputSchema"]["properties"]))
            print(f"-> tools/list     <- {tool['name']}: {key} in {tool['inputSchema']['properties'][key]['enum']}")
        result = client.request("tools/call", {"name": "configure", "arguments": {"action": "health"}})
        health = result["structuredContent"]
        print(
            f"-> configure(action='health')  <- daemon pid {health['pid']}, version {health['version']}, "
            f"transports {shown(health['transports'])}"
        )
        bad = client.request("tools/call", {"name": "configure", "arguments": {"action": "health", "verbose": True}})
        print(f"-> configure(action='health', verbose=true)  <- isError: {bad['content'][0]['text']}")
    finally:
        client.close()


def safety_session() -> None:
    heading("Secrets are masked before anything leaves the daemon; changes wait for a human")
    client = StdioSession()
    try:
        client.initialize("demo")
        token = "ghp_" + "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x"
        echoed = client.request(
            "tools/call", {"name": "observe", "arguments": {"what": "result_page", "cursor": token}}
        )
        print(f"-> observe(cursor='ghp_R2d2...')  <- {echoed['content'][0]['text'][:110]} ...")
        print(f"   _meta {shown(echoed['_meta'])}")
        arguments = {"action": "clear", "buffers": ["logs"]}
        asked = client.request("tools/call", {"name": "configure", "arguments": arguments})["structuredContent"]
        request_id = asked["details"]["request_id"]
        print(f"-> configure(action='clear')  <- {asked['error']}: {asked['details']['summary']}")
        approved = subprocess.run(
            [sys.executable, "-m", "gasoline", "approve", request_id], capture_output=True, text=True, check=False
        )
        print(f"$ gasoline approve {request_id}\n  {approved.stdout.strip() or approved.stderr.strip()}")
        retried = {**arguments, APPROVAL_PARAMETER: request_id}
        done = client.request("tools/call", {"name": "configure", "arguments": retried})
        print(f"-> the same call with approval_id  <- {shown(done['structuredContent'])}")
        again = client.request("tools/call", {"name": "configure", "arguments": retried})
        print(f"-> and once more  <- {again['structuredContent']['error']}")
    finally:
        client.close()


def http_session(port: int, state: str) -> None:
    heading("The same daemon over streamable HTTP, with the bearer token from its state directory")
    files = DaemonFiles(Path(state), port)
    status, headers, _ = http_post(
        files,
        jsonrpc.request(1, "initialize", initialize_params("demo")),
    )
    print(f"POST /mcp initialize (2025-11-25)  <- {status}, Mcp-Session-Id {headers.get('mcp-session-id', '')[:8]}...")
    meta = {META + "protocolVersion": "2026-07-28", META + "clientCapabilities": {}}
    status, _, body = http_post(
        files,
        jsonrpc.request(2, "server/discover", {"_meta": meta}),
        MCP_Protocol_Version="2026-07-28",
        Mcp_Method="server/discover",
    )
    result = json.loads(body)["result"]
    print(f"POST /mcp server/discover (2026-07-28, stateless)  <- {status}, versions {result['supportedVersions']}")
    status, _, body = http_post(
        files, jsonrpc.request(3, "tools/list", {}), MCP_Protocol_Version="2026-07-28", Mcp_Method="tools/list"
    )
    print(f"POST /mcp tools/list without _meta  <- {status} {shown(json.loads(body)['error'])}")


def main() -> None:
    print(f"Gasoline {__version__}")
    with tempfile.TemporaryDirectory(prefix="gasoline-demo-") as state:
        port = unused_port()
        os.environ.update(GASOLINE_STATE_DIR=state, GASOLINE_PORT=str(port))
        print(f"(demo daemon on port {port}, state in {state})")
        try:
            heading("A page in a real (headless) Chromium with the extension; an MCP client asks what happened")
            browser_session(port)
            stdio_session()
            safety_session()
            http_session(port, state)
            heading("An assistant fixes a bug it saw in the browser: find, read, fix (staged), test, roll back")
            code_session(port)
            heading("The shop's backend, its control endpoint rendered from templates/python: seed, see, restore")
            backend_session(port)
            heading(
                "The agent panel beside the shop: paired with a one-time code, a question answered from the evidence"
            )
            panel_session(port)
            heading("gasoline doctor: the whole chain, a line per check")
            subprocess.run([sys.executable, "-m", "gasoline", "doctor"], check=False)
        finally:
            subprocess.run([sys.executable, "-m", "gasoline", "stop"], check=False, capture_output=True)
    planned = [entry.label for entry in MODES.values() if not entry.published]
    if planned:
        heading(f"{len(planned)} more mode(s) declared in spec/tools/, published as their handlers land")
        print("  " + ", ".join(planned))


if __name__ == "__main__":
    main()

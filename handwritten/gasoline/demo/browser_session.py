"""The demo's main act: the demo shop in a headless Chromium with the extension, and what an MCP
client (the official Python SDK's) sees of it through `gasoline` on stdio."""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters
from mcp.types import TextContent

from gasoline.demo import headless_chromium
from gasoline.demo_app import DemoApp

WAIT_SECONDS = 30


class Observer:
    """observe(...) calls through an MCP client, and waiting until they show what is expected."""

    def __init__(self, client: Client) -> None:
        self.client = client

    async def observe(self, **arguments: Any) -> dict[str, Any]:
        return await self.tool("observe", **arguments)

    async def tool(self, name: str, **arguments: Any) -> dict[str, Any]:
        result = await self.client.call_tool(name, arguments)
        if result.is_error or result.structured_content is None:
            raise RuntimeError(" ".join(part.text for part in result.content if isinstance(part, TextContent)))
        structured: dict[str, Any] = result.structured_content
        return structured

    async def until(self, ready: Callable[[dict[str, Any]], bool], **arguments: Any) -> dict[str, Any]:
        deadline = time.monotonic() + WAIT_SECONDS
        while True:
            seen = await self.observe(**arguments)
            if ready(seen) or time.monotonic() > deadline:
                return seen
            await anyio.sleep(0.2)


def call(arguments: dict[str, Any], tool: str = "observe") -> str:
    return f"{tool}(" + ", ".join(f"{k}={v!r}" for k, v in arguments.items()) + ")"


def short(text: str, limit: int = 90) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def pair(port: int, profile: Path) -> None:
    code = headless_chromium.pairing_code(port)
    headless_chromium.pair(profile, code)
    print(f"(the extension paired with the daemon by the code {code}, as `gasoline pair` shows one)")


async def show(observer: Observer, shop: DemoApp, paired: Callable[[], None]) -> None:
    async with observer.client:
        await observer.tool("configure", action="health")  # the client has started the daemon
        paired()
        page = await observer.until(lambda p: p.get("url", "").startswith(shop.url), what="page")
        print(f"-> {call({'what': 'page'})}  <- tab {page.get('tab_id')} {page.get('title')!r} {page.get('url')}")

        errors = await observer.until(lambda r: r["total"] >= 7, what="errors")
        print(f"-> {call({'what': 'errors'})}  <- {errors['total']} entries (shown here oldest first):")
        for entry in reversed(errors["entries"]):
            if entry["type"] == "network_error":
                request = f"{entry['initiator']} {entry['method']} {entry['url']}"
                print(f"   network_error {request} -> {entry['status']} {entry.get('error', '')}")
            elif entry["type"] == "exception":
                where = entry.get("stack", "").splitlines()[1:2]
                print(f"   {entry['kind']}: {short(entry['message'])} {where[0].strip() if where else ''}")
            else:
                print(f"   console.error: {short(entry['message'])}")

        logs = await observer.observe(what="logs", level="info")
        print(
            f"-> {call({'what': 'logs', 'level': 'info'})}  <- "
            + "; ".join(f"{e['level']} {short(e['message'], 40)!r}" for e in logs["entries"])
        )

        sockets = await observer.until(lambda r: r["closed_count"] >= 1, what="websocket_status")
        for connection in sockets["connections"]:
            print(
                f"-> {call({'what': 'websocket_status'})}  <- {connection['url']} {connection['state']} "
                f"({connection.get('close_code')} {connection.get('close_reason')!r}), "
                f"{connection['messages_out']} out, {connection['messages_in']} in"
            )
        events = await observer.observe(what="websocket_events", direction="outgoing", limit=4)
        print(f"-> {call({'what': 'websocket_events', 'direction': 'outgoing', 'limit': 4})}  <-")
        for event in reversed(events["entries"]):
            cut = f" (cut from {event['size']} bytes)" if event.get("truncated") else ""
            print(f"   {short(event['data'], 60)}{cut}")

        bodies = await observer.observe(what="network_bodies")
        print(
            f"-> {call({'what': 'network_bodies'})}  <- {bodies['total']} entries: "
            "bodies are captured once 'Capture Network Bodies' is switched on in the popup"
        )
        sample = next(e for e in errors["entries"] if e["type"] == "network_error")
        print(f"   (an entry as the client gets it: {json.dumps(sample)[:160]} ...)")
        await ask_the_page(observer)


async def ask_the_page(observer: Observer) -> None:
    """analyze: commands the extension runs in the page at once."""
    info = await observer.tool("analyze", what="page_info")
    print(
        f"-> {call({'what': 'page_info'}, 'analyze')}  <- {info['title']!r}: headings {info['headings']}, "
        f"{info['interactiveElements']} interactive elements, {len(info['forms'])} form(s)"
    )
    buttons = await observer.tool("analyze", what="dom", selector="button")
    print(f"-> {call({'what': 'dom', 'selector': 'button'}, 'analyze')}  <- {buttons['matchCount']} buttons:")
    for match in buttons["matches"][:4]:
        print(f"   {match['selector']} {match.get('text', '')!r} visible={match.get('visible')}")
    audit = await observer.tool("analyze", what="accessibility")
    print(f"-> {call({'what': 'accessibility'}, 'analyze')}  <- {audit['summary']['violations']} rules violated:")
    for violation in audit["violations"][:4]:
        print(f"   {violation['impact']:<9} {violation['id']} ({violation['nodeCount']} elements)")


def browser_session(port: int) -> None:
    """Start the shop, a Chromium with the extension on it, and an MCP client; print what it sees."""
    with DemoApp() as shop, tempfile.TemporaryDirectory(prefix="gasoline-demo-browser-") as work:
        extension = headless_chromium.extension_for_port(port, Path(work) / "extension")
        target = StdioServerParameters(command=sys.executable, args=["-m", "gasoline"], env=dict(os.environ))
        profile = Path(work) / "profile"
        chromium = headless_chromium.launch(extension, profile, f"{shop.url}?run=all", headless_chromium.TABS_FLAG)
        print(f"(demo shop on {shop.url}, headless Chromium pid {chromium.pid} with the extension)")
        try:
            anyio.run(show, Observer(Client(target, mode="legacy")), shop, lambda: pair(port, profile))
        finally:
            headless_chromium.stop(chromium)

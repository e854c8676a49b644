"""Capture end to end: the demo shop in a real headless Chromium with the built extension, a real
daemon, and every check made through MCP calls (observe, configure)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from gasoline.demo import headless_chromium
from gasoline.demo_app import DemoApp
from gasoline_generated.policy import LIMITS

from .browsers import (
    chromium_with_extension,
    open_popup,
    pair_in_popup,
    require_chromium,
    set_switch,
    switch_on,
    switches_kept,
    untracked,
)
from .conftest import SHARES_A_BROWSER, Isolated
from .fixture_site import PAGES, fixture_site
from .freshness import MARKS, delays_through_mcp
from .processes import Bridge, Daemon, pairing_code, running_bridge, running_daemon, wait_for

TITLE = "Gasoline Demo Shop"
FRESHNESS_ROUNDS = 3


@pytest.fixture(scope="module")
def shop() -> Iterator[DemoApp]:
    with DemoApp() as app:
        yield app


def shop_page(context: BrowserContext, shop: DemoApp, query: str = "") -> Page:
    page = context.new_page()
    page.goto(shop.url + query)
    page.wait_for_function("window.gasolineDemo !== undefined")
    return page


def entries(bridge: Bridge, what: str, **arguments: Any) -> list[dict[str, Any]]:
    limit = {"websocket_events": 200, "network_bodies": 100}.get(what, 500)
    return bridge.result("observe", what=what, limit=limit, **arguments)["entries"]


def messages(bridge: Bridge) -> list[str]:
    return [entry["message"] for entry in entries(bridge, "logs")]


def logged(bridge: Bridge, text: str, seconds: float = 15) -> None:
    wait_for(lambda: any(text in message for message in messages(bridge)), seconds, f"{text!r} in the logs")


def test_console_errors_network_failures_and_websockets_arrive(
    shop: DemoApp, chromium: BrowserContext, bridge: Bridge
) -> None:
    page = shop_page(chromium, shop)
    page.evaluate("gasolineDemo.runAll()")

    logged(bridge, "demo error")
    levels = {entry["message"].split(" ")[1]: entry["level"] for entry in entries(bridge, "logs", url_filter=shop.url)}
    assert {key: levels.get(key) for key in ("debug", "log", "info", "warn", "error")} == {
        "debug": "debug",
        "log": "log",
        "info": "info",
        "warn": "warn",
        "error": "error",
    }
    assert any('"items":3' in m.replace(" ", "") for m in messages(bridge)), "objects are serialized"

    errors = wait_for(lambda: _errors_complete(entries(bridge, "errors")), 15, "every kind of error")
    uncaught = next(e for e in errors if e["type"] == "exception" and e["kind"] == "error")
    assert "demo uncaught" in uncaught["message"] and "TypeError" in uncaught["stack"]
    assert uncaught["url"].startswith(shop.url) and isinstance(uncaught["tabId"], int)
    failed = {(e["initiator"], e["status"]) for e in errors if e["type"] == "network_error"}
    assert {("fetch", 500), ("fetch", 404), ("fetch", 0), ("xhr", 404), ("xhr", 0)} <= failed

    failed_requests = entries(bridge, "failed_requests")
    assert {e["type"] for e in failed_requests} == {"network_error"}
    assert sorted((e["initiator"], e["status"], e["url"]) for e in failed_requests) == sorted(
        (e["initiator"], e["status"], e["url"]) for e in errors if e["type"] == "network_error"
    ), "one call lists every failed request"
    server_errors = entries(bridge, "failed_requests", status_min=500)
    assert server_errors and all(e["status"] >= 500 for e in server_errors)
    tally = bridge.result("observe", what="errors", summary_only=True)
    kinds = {t["kind"]: t["count"] for t in tally["tally"]}
    assert tally["entries"] == [] and kinds["failed request"] == len(failed_requests) and kinds["uncaught error"] >= 1
    assert tally["total"] == sum(kinds.values()) == len(errors)

    bodies = bridge.result("observe", what="network_bodies")
    assert (bodies["total"], bodies["capturing"]) == (0, False), "bodies are off by default, and it says so"

    events = wait_for(lambda: _chat_complete(entries(bridge, "websocket_events")), 15, "the whole chat")
    out = [e for e in events if e.get("direction") == "outgoing"]
    assert any('"msg":"hello"' in e["data"] for e in out)
    long_message = next(e for e in out if e.get("truncated"))
    assert long_message["size"] > LIMITS.capture.websocket_message_bytes >= len(long_message["data"].encode())
    assert "[Binary: 512 bytes]" in {e["data"] for e in events if e.get("direction") == "incoming"}
    close = next(e for e in events if e["event"] == "close")
    assert (close["code"], close["reason"]) == (1000, "bye")

    connection = bridge.result("observe", what="websocket_status")["connections"][0]
    assert connection["url"] == shop.ws_url and connection["state"] == "closed"
    assert connection["messages_out"] == len(out) and connection["messages_in"] >= 5

    tab = bridge.result("observe", what="page")
    assert tab["extension_connected"] and tab["title"] == TITLE and tab["url"].startswith(shop.url)


def _errors_complete(errors: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    kinds = {e.get("kind") for e in errors} | {e["type"] for e in errors}
    statuses = [e["status"] for e in errors if e["type"] == "network_error"]
    return errors if {"error", "unhandledrejection", "network_error"} <= kinds and len(statuses) >= 5 else None


def _chat_complete(events: list[dict[str, Any]], closed_before: int = 0) -> list[dict[str, Any]] | None:
    """The events, once a chat begun after `closed_before` sockets had closed has closed too."""
    return events if sum(e["event"] == "close" for e in events) > closed_before else None


@SHARES_A_BROWSER
def test_the_page_cannot_tell_it_is_watched(shop: DemoApp, chromium: BrowserContext) -> None:
    page = shop_page(chromium, shop)
    checks = page.evaluate(
        """async (wsUrl) => {
            const checks = {};
            const response = await fetch('/api/users');
            checks.fetchGivesResponse = response instanceof Response && (await response.json()).length === 3;
            checks.fetchIsNamed = fetch.name === 'fetch' && fetch.length === 1;
            try { await fetch('http://127.0.0.1:1/'); checks.fetchRejects = false; }
            catch (error) { checks.fetchRejects = error instanceof TypeError; }
            const socket = new WebSocket(wsUrl);
            checks.socketIsWebSocket = socket instanceof WebSocket && WebSocket.OPEN === 1
                && Object.getPrototypeOf(socket) === WebSocket.prototype && socket.url === wsUrl;
            await new Promise((resolve) => socket.addEventListener('open', resolve, {once: true}));
            checks.sendReturnsUndefined = socket.send('{"type":"chat","msg":"x"}') === undefined;
            socket.close();
            try { new WebSocket('ftp://127.0.0.1/'); checks.badUrlThrows = false; }
            catch (error) { checks.badUrlThrows = error instanceof DOMException && error.name === 'SyntaxError'; }
            const xhr = new XMLHttpRequest();
            xhr.open('GET', '/api/users');
            await new Promise((resolve) => { xhr.onload = resolve; xhr.send(); });
            checks.xhrWorks = xhr instanceof XMLHttpRequest && xhr.status === 200
                && JSON.parse(xhr.responseText).length === 3;
            checks.consoleReturnsUndefined = console.log('quiet') === undefined;
            return checks;
        }""",
        shop.ws_url,
    )
    assert checks == {name: True for name in checks} and len(checks) == 8, checks


@SHARES_A_BROWSER
def test_popup_switches_decide_what_is_captured(shop: DemoApp, chromium: BrowserContext, bridge: Bridge) -> None:
    popup = open_popup(chromium)
    with switches_kept(popup, "#capture-network-bodies", "#capture-websockets"):
        set_switch(popup, "#capture-network-bodies", True)
        page = shop_page(chromium, shop)
        page.evaluate("gasolineDemo.network()")
        bodies = wait_for(lambda: _bodies_complete(entries(bridge, "network_bodies")), 15, "the network bodies")

        created = next(b for b in bodies if b["method"] == "POST")
        assert (created["status"], created["requestBody"]) == (201, '{"name":"Carol"}') and "Carol" in created[
            "responseBody"
        ]
        logo = next(b for b in bodies if b["url"].endswith("/api/logo.png"))
        assert logo["responseBody"].startswith("[Binary: ") and "image/png" in logo["responseBody"]
        large = next(b for b in bodies if b["url"].endswith("/api/large"))
        assert large["truncated"] and len(large["responseBody"].encode()) <= LIMITS.capture.response_body_bytes
        users = [b for b in bodies if b["url"].endswith("/api/users") and b["method"] == "GET"][-1]  # fetch, then XHR
        sent = {name.lower() for name in users.get("requestHeaders", {})}
        received = {name.lower() for name in users.get("responseHeaders", {})}
        assert "x-demo" in sent and not {"authorization", "cookie"} & sent and "set-cookie" not in received
        assert "demo-secret-token" not in json.dumps(bodies)

        closed = sum(e["event"] == "close" for e in entries(bridge, "websocket_events"))  # by the module's other tests
        page.evaluate("gasolineDemo.chat()")
        captured = len(wait_for(lambda: _chat_complete(entries(bridge, "websocket_events"), closed), 15, "the chat"))
        set_switch(popup, "#capture-websockets", False)
        page.evaluate("gasolineDemo.chat().then(() => console.log('chat again done'))")
        logged(bridge, "chat again done")
        assert len(entries(bridge, "websocket_events")) == captured, "nothing captured once switched off"


STARTUP_FILES = ("startup-fetch.json", "startup-xhr.json")


@SHARES_A_BROWSER
def test_the_bodies_of_a_pages_start_up_requests_follow_the_real_settings(
    chromium: BrowserContext, bridge: Bridge
) -> None:
    """Requests an inline <head> script makes, before the switches can reach the page, are captured
    as the person set them: on first load, on reload and in a new tab; and not once switched off."""
    switch_on(chromium, "#capture-network-bodies")
    with fixture_site() as base:

        def loaded(page: Page) -> None:
            page.goto(base + "startup.html")
            page.evaluate("window.startupDone")

        def startup_bodies(loads: int) -> list[dict[str, Any]] | None:
            bodies = [b for b in entries(bridge, "network_bodies") if b["url"].endswith(STARTUP_FILES)]
            return bodies if len(bodies) >= 2 * loads else None

        page = chromium.new_page()
        loaded(page)
        wait_for(lambda: startup_bodies(1), 15, "the first load's bodies")
        page.reload()
        page.evaluate("window.startupDone")
        wait_for(lambda: startup_bodies(2), 15, "the reload's bodies")
        loaded(chromium.new_page())
        bodies = wait_for(lambda: startup_bodies(3), 15, "the new tab's bodies")
        for name in STARTUP_FILES:
            served = (PAGES / name).read_text()
            assert [b["responseBody"] for b in bodies if b["url"].endswith(name)] == [served] * 3

        popup = open_popup(chromium)
        set_switch(popup, "#capture-network-bodies", False)
        loaded(page)
        page.evaluate("console.log('loaded without bodies')")
        logged(bridge, "loaded without bodies")
        assert startup_bodies(4) is None, "no body once the switch is off"


@SHARES_A_BROWSER
def test_a_read_right_after_a_load_is_complete_or_says_capture_is_settling(
    chromium: BrowserContext, bridge: Bridge
) -> None:
    """While the page loads (an image keeps it loading for 2.5 s) a read says capture may be
    incomplete; the moment the page has loaded, or reloaded, a read has what it did at load."""
    with fixture_site() as base:
        page = chromium.new_page()
        page.bring_to_front()  # the tab commands and reads are about
        page.goto(base + "settling.html", wait_until="commit")
        unsettled = wait_for(
            lambda: (lambda answer: answer if answer["structuredContent"].get("settling") else None)(
                bridge.call("observe", {"what": "errors"})["result"]
            ),
            15,
            "a read that says the page is still loading",
        )
        assert unsettled["structuredContent"]["settling"] == "the page is still loading"
        assert "capture may be incomplete: the page is still loading" in unsettled["content"][0]["text"]

        def at_load() -> tuple[int, dict[str, Any]]:
            errors = bridge.result("observe", what="errors")
            return sum(entry.get("message") == "error at load" for entry in errors["entries"]), errors

        page.wait_for_load_state("load")
        loaded, errors = at_load()
        assert loaded == 1 and "settling" not in errors, errors
        page.reload()
        reloaded, errors = at_load()
        assert reloaded == 2 and "settling" not in errors, errors


@pytest.mark.exclusive  # times the page-to-MCP path against a bound
def test_what_a_page_logs_is_readable_through_mcp_within_moments(chromium: BrowserContext, bridge: Bridge) -> None:
    """Measured in the page's clock, once the page has settled: a mark logged every 50 ms, and how
    long until an observe answer first holds it. The goal (50 ms at p95) is the bench's to report,
    beside the browser's own protocol; here twice that fails, as batching events did (150 ms and
    more, every round). One stall of the machine spans three marks, so the best of a few rounds
    counts."""
    with fixture_site() as base:
        page = chromium.new_page()
        page.bring_to_front()
        page.goto(base + "dom.html")
        wait_for(lambda: (bridge.result("observe", what="page").get("url") or "").endswith("dom.html"), 15)
        wait_for(lambda: "settling" not in bridge.result("observe", what="errors"), 15, "the page to settle")
        measured = []
        while len(measured) < FRESHNESS_ROUNDS and not (measured and fresh_enough(*measured[-1])):
            delays = sorted(
                delays_through_mcp(page, lambda: bridge.result("observe", what="errors", limit=10)["entries"])
            )
            assert len(delays) == MARKS, f"every mark arrives: {len(delays)} of {MARKS}"
            measured.append((delays[len(delays) // 2], delays[int(len(delays) * 0.95) - 1]))
        shown = ", ".join(f"p50 {p50:.0f} ms, p95 {p95:.0f} ms" for p50, p95 in measured)
        assert fresh_enough(*measured[-1]), f"page clock to MCP, round by round: {shown}"


def fresh_enough(p50: float, p95: float) -> bool:
    return p50 < 50 and p95 < 100


def _bodies_complete(bodies: list[dict[str, Any]]) -> list[dict[str, Any]] | None:
    return bodies if sum(1 for b in bodies if "/api/" in b["url"]) >= 8 else None


@SHARES_A_BROWSER
def test_tracking_follows_one_tab(shop: DemoApp, chromium: BrowserContext, bridge: Bridge) -> None:
    popup = open_popup(chromium)
    tracked = shop_page(chromium, shop, "?tab=tracked")
    other = shop_page(chromium, shop, "?tab=other")
    tracked.bring_to_front()
    popup.click("#track-button")
    tab = wait_for(lambda: _tracked(bridge.result("observe", what="page")), 15, "the tracked tab")
    assert tab["url"].endswith("?tab=tracked") and tab["title"] == TITLE

    other.bring_to_front()
    other.evaluate("console.log('from the other tab')")
    tracked.evaluate("console.log('from the tracked tab')")
    logged(bridge, "from the tracked tab")
    assert "from the other tab" not in messages(bridge)
    assert _tracked(bridge.result("observe", what="page"))["url"].endswith("?tab=tracked"), "still the tracked tab"

    tracked.close()
    untracked(bridge)
    other.evaluate("console.log('from the other tab again')")
    logged(bridge, "from the other tab again")


def _tracked(page: dict[str, Any]) -> dict[str, Any] | None:
    return page if page.get("tracked") else None


def test_capture_resumes_when_the_daemon_restarts(shop: DemoApp, isolated: Isolated, tmp_path: Path) -> None:
    def serving() -> Any:
        return running_daemon(isolated.state_dir, port=isolated.port)

    with chromium_with_extension(isolated.port, tmp_path, paired=False) as context:
        page = shop_page(context, shop)
        with serving(), running_bridge(isolated.state_dir, isolated.port) as bridge:
            pair_in_popup(context, isolated.port)  # once: the pairing outlives the daemon's restarts
            bridge.initialize()
            page.evaluate("console.log('before the restart')")
            logged(bridge, "before the restart")
        page.evaluate("console.log('while the daemon is down')")
        with serving(), running_bridge(isolated.state_dir, isolated.port) as bridge:
            bridge.initialize()
            logged(bridge, "while the daemon is down", seconds=LIMITS.extension.retry_max_ms / 1000 + 15)
            page.evaluate("console.log('after the restart')")
            logged(bridge, "after the restart")
            assert "before the restart" not in messages(bridge), "a new daemon starts empty"


def test_capture_survives_an_idle_service_worker_with_nothing_attached(
    shop: DemoApp, daemon: Daemon, bridge: Bridge, tmp_path: Path
) -> None:
    """No Playwright here: an attached CDP client keeps the worker alive, and real use has none."""
    require_chromium()
    extension = headless_chromium.extension_for_port(daemon.port, tmp_path / "extension")
    idle_ms = 40_000
    url = f"{shop.url}?run=consoleLevels&again={idle_ms}"
    chromium = headless_chromium.launch(extension, tmp_path / "profile", url, headless_chromium.TABS_FLAG)
    headless_chromium.pair(tmp_path / "profile", pairing_code(daemon.port))
    try:
        logged(bridge, "demo info", seconds=30)
        wait_for(
            lambda: messages(bridge).count("demo info") == 2, idle_ms / 1000 + 30, "the second run after the idle time"
        )
        assert bridge.result("observe", what="page")["extension_connected"]
    finally:
        headless_chromium.stop(chromium)

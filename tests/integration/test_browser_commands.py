"""On-demand commands end to end: real headless Chromium with the built extension, a real daemon,
fixture pages on a real HTTP server, and every check made through MCP calls (analyze, interact,
observe). Playwright only opens pages, flips popup switches and looks at the page afterwards."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, Page

from gasoline_generated.policy import LIMITS

from .browsers import open_popup, set_switch, switches_kept, untracked
from .conftest import PILOT_MODES, SHARES_A_BROWSER, Isolated, pilot_on
from .processes import Bridge, gasoline_cli, wait_for

AXE = Path(__file__).parents[2] / "extension" / "node_modules" / "axe-core" / "axe.min.js"


def open_page(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    page.goto(url)
    page.bring_to_front()
    return page


def call(bridge: Bridge, tool: str, seconds: float = 40, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    """(is_error, structuredContent) of one tools/call."""
    result = bridge.call(tool, arguments, seconds)["result"]
    return bool(result.get("isError")), result["structuredContent"]


def ok(bridge: Bridge, tool: str, **arguments: Any) -> dict[str, Any]:
    failed, content = call(bridge, tool, **arguments)
    assert not failed, content
    return content


def send_call(bridge: Bridge, tool: str, arguments: dict[str, Any], progress_token: str | None = None) -> int:
    """Send a tools/call without waiting for its reply; the request id to wait for it with."""
    bridge.next_id += 1
    params: dict[str, Any] = {"name": tool, "arguments": arguments}
    if progress_token is not None:
        params["_meta"] = {"progressToken": progress_token}
    bridge.send({"jsonrpc": "2.0", "id": bridge.next_id, "method": "tools/call", "params": params})
    return bridge.next_id


def progress(bridge: Bridge, token: str, until: str | None = None) -> list[dict[str, Any]]:
    """The progress notifications received for token; with until, first read until one says so."""

    def reported() -> list[dict[str, Any]]:
        return [
            m["params"]
            for m in bridge.received
            if m.get("method") == "notifications/progress" and m["params"]["progressToken"] == token
        ]

    deadline = time.monotonic() + 15
    while until is not None and not any(p.get("message") == until for p in reported()):
        assert time.monotonic() < deadline and bridge.read(deadline - time.monotonic()), f"no progress {until!r}"
    return reported()


def on_page(bridge: Bridge, url: str) -> None:
    """Wait until the extension reports this page as the one commands go to."""
    wait_for(lambda: (bridge.result("observe", what="page").get("url") or "").startswith(url), 15, f"{url} targeted")


@contextmanager
def pilot_switched_on(context: BrowserContext, port: int) -> Iterator[None]:
    """AI Web Pilot switched on in the popup, as its user would, once the daemon has heard it; set
    back afterwards to off, as the module's shared plain browser has it, until the daemon has heard so."""
    popup = open_popup(context)
    try:
        with switches_kept(popup, "#ai-web-pilot"):
            set_switch(popup, "#ai-web-pilot", True)
            wait_for(lambda: pilot_on(port), 15, "the daemon to hear that AI Web Pilot is on")
            yield
    finally:
        wait_for(lambda: not pilot_on(port), 15, "the daemon to hear that AI Web Pilot is off")
        popup.close()


def close_targets(context: BrowserContext, kind: str, url_start: str) -> None:
    """Close the browser's targets of this kind whose URL starts so, through the DevTools protocol
    (which sees what the extension opened and Playwright does not)."""
    assert context.browser is not None
    session = context.browser.new_browser_cdp_session()
    targets = [
        target
        for target in session.send("Target.getTargets")["targetInfos"]
        if target["type"] == kind and target["url"].startswith(url_start)
    ]
    assert targets, f"no {kind} at {url_start}"
    for target in targets:
        session.send("Target.closeTarget", {"targetId": target["targetId"]})
    session.detach()


def test_a_command_without_an_extension_fails_within_a_second(bridge: Bridge) -> None:
    started = time.monotonic()
    failed, error = call(bridge, "analyze", what="dom", selector="h1")
    elapsed = time.monotonic() - started
    assert failed and error["error"] == "extension_not_connected", error
    assert elapsed < LIMITS.timeouts.no_extension_ms / 1000 + 1.0, elapsed


@SHARES_A_BROWSER
def test_dom_query_enforces_its_limits(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    open_page(chromium, site + "dom.html")
    on_page(bridge, site + "dom.html")

    items = ok(bridge, "analyze", what="dom", selector="#items > li")
    assert items["matchCount"] == 60 and items["returnedCount"] == LIMITS.queries.dom_max_elements
    assert [m["text"] for m in items["matches"][:2]] == ["Item 1", "Item 2"]
    assert items["title"] == "DOM fixture" and items["url"] == site + "dom.html"

    counted = bridge.call("analyze", {"what": "dom", "selector": "#items > li", "summary_only": True})["result"]
    assert counted["structuredContent"]["matches"] == [] and counted["structuredContent"]["matchCount"] == 60
    assert counted["content"][0]["text"] == "60 elements match", "a count is one short line"

    long = ok(bridge, "analyze", what="dom", selector="#long")["matches"][0]
    assert len(long["text"]) == LIMITS.queries.dom_text_chars

    box = ok(bridge, "analyze", what="dom", selector="#box", include_styles=True, properties=["color", "width"])
    element = box["matches"][0]
    assert element["selector"] == "#box" and element["visible"] is True
    assert element["boundingBox"]["width"] == 120 and element["boundingBox"]["height"] == 40
    assert element["styles"] == {"color": "rgb(255, 0, 0)", "width": "120px"}
    assert element["attributes"] == {"id": "box", "class": "box"}

    hidden = ok(bridge, "analyze", what="dom", selector="#gone")["matches"][0]
    assert hidden["visible"] is False and hidden["text"] == "", "text nobody sees is left out unless asked for"
    asked = ok(bridge, "analyze", what="dom", selector="#gone", include_hidden=True)["matches"][0]
    assert asked["text"] == "Hidden text"

    deep = ok(bridge, "analyze", what="dom", selector="#deep", include_children=True, max_depth=9)["matches"][0]
    depth, node = 0, deep
    while node.get("children"):
        depth, node = depth + 1, node["children"][0]
    assert depth == LIMITS.queries.dom_max_depth

    failed, error = call(bridge, "analyze", what="dom", selector="##")
    assert failed and error["error"] == "invalid_arguments", error
    assert error["problems"][0]["parameter"] == "selector" and "not a valid" in error["message"]


@SHARES_A_BROWSER
def test_a_command_sent_as_a_tab_switches_is_not_lost(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    """A tab switch changes what the extension reports, so it gives up its waiting sync, and with
    it whatever that sync's answer carried: the daemon hands such a command out again as soon as
    the next waiting sync comes without its acknowledgement, not after the acknowledgement time."""
    for name in ("dom.html", "a11y.html", "dom.html"):
        open_page(chromium, site + name)
        on_page(bridge, site + name)
        started = time.monotonic()
        assert ok(bridge, "analyze", what="page_info")["url"] == site + name
        assert time.monotonic() - started < LIMITS.extension.command_ack_ms / 1000, f"{name}: handed out again late"


@SHARES_A_BROWSER
def test_page_info_describes_the_page(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    page = open_page(chromium, site + "dom.html")
    on_page(bridge, site + "dom.html")
    info = ok(bridge, "analyze", what="page_info")
    assert info["url"] == site + "dom.html" and info["title"] == "DOM fixture"
    assert info["headings"] == ["DOM fixture", "Items"]
    assert info["forms"] == [{"id": "login", "action": site + "login", "fields": ["email", "password"]}]
    assert info["links"] == 2 and info["images"] == 1
    assert info["interactiveElements"] == page.evaluate(
        "document.querySelectorAll('a[href], button, input, select, textarea').length"
    )
    assert info["viewport"] == page.evaluate("({width: innerWidth, height: innerHeight})")


@SHARES_A_BROWSER
def test_accessibility_audit_matches_axe_run_in_the_page(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    page = open_page(chromium, site + "a11y.html")
    on_page(bridge, site + "a11y.html")

    audit = ok(bridge, "analyze", what="accessibility")
    assert audit["cached"] is False and audit["url"] == site + "a11y.html"
    assert page.evaluate("typeof window.axe") == "undefined", "axe-core stays out of the page's globals"

    page.add_script_tag(path=str(AXE))
    direct = page.evaluate("axe.run().then(r => r.violations.map(v => v.id))")
    assert sorted(v["id"] for v in audit["violations"]) == sorted(direct)
    assert {"image-alt", "color-contrast", "label", "button-name"} <= set(direct)

    impacts = [v["impact"] for v in audit["violations"]]
    order = ["critical", "serious", "moderate", "minor"]
    assert impacts == sorted(impacts, key=order.index), "grouped by impact, the worst first"
    images = next(v for v in audit["violations"] if v["id"] == "image-alt")
    assert images["nodeCount"] == 12 and len(images["nodes"]) == LIMITS.queries.a11y_max_nodes
    assert all(len(n["html"]) <= LIMITS.queries.a11y_html_chars and n["fix"] for n in images["nodes"])
    contrast = next(v for v in audit["violations"] if v["id"] == "color-contrast")
    assert "1.4.3" in contrast["wcag"] and "#bbbbbb" in contrast["nodes"][0]["fix"]

    again = ok(bridge, "analyze", what="accessibility")
    assert again["cached"] is True and again["timestamp"] == audit["timestamp"]
    gist = ok(bridge, "analyze", what="accessibility", summary_only=True)
    assert [(v["id"], v["nodeCount"], v["nodes"]) for v in gist["violations"]] == [
        (v["id"], v["nodeCount"], []) for v in audit["violations"]
    ], "the same violations, without their nodes"
    fresh = ok(bridge, "analyze", what="accessibility", force_refresh=True)
    assert fresh["cached"] is False

    scoped = ok(bridge, "analyze", what="accessibility", scope="#signup", tags=["wcag2a"], include_passes=True)
    assert {v["id"] for v in scoped["violations"]} <= {"label", "button-name"} and scoped["passes"]
    failed, error = call(bridge, "analyze", what="accessibility", scope="#nowhere")
    assert failed and error["error"] == "command_failed" and error["details"]["code"] == "element_not_found"


@SHARES_A_BROWSER
def test_an_audit_runs_in_the_background_with_progress(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    open_page(chromium, site + "a11y.html")
    on_page(bridge, site + "a11y.html")
    started = ok(bridge, "analyze", what="accessibility", background=True)
    assert started["status"] == "pending" and started["kind"] == "accessibility"

    def finished() -> dict[str, Any] | None:
        status = ok(bridge, "observe", what="command_result", correlation_id=started["correlation_id"])
        return status if status["status"] != "pending" else None

    outcome = wait_for(finished, 30, "the background audit")
    assert outcome["status"] == "ok" and outcome["result"]["url"] == site + "a11y.html"
    assert ok(bridge, "observe", what="command_result", correlation_id="cmd_never")["status"] == "expired"

    request_id = send_call(bridge, "analyze", {"what": "accessibility", "force_refresh": True}, "audit-1")
    reply = bridge.reply_to(request_id, 40)
    assert not reply["result"].get("isError"), reply
    reported = progress(bridge, "audit-1")
    assert [p["progress"] for p in reported] == sorted(p["progress"] for p in reported) and len(reported) >= 2


@SHARES_A_BROWSER
def test_pilot_actions_need_the_popup_toggle(
    site: str, chromium: BrowserContext, bridge: Bridge, isolated: Isolated
) -> None:
    open_page(chromium, site + "form.html")
    on_page(bridge, site + "form.html")
    for mode in PILOT_MODES:
        failed, error = call(bridge, "interact", action=mode, **_arguments_for(mode))
        assert failed and error["error"] == "ai_web_pilot_disabled", (mode, error)
        assert error["message"] == "Enable 'AI Web Pilot' in extension popup to use this tool"
    assert ok(bridge, "configure", action="health")["extension"]["settings"]["aiWebPilotEnabled"] is False

    with pilot_switched_on(chromium, isolated.port):
        page = open_page(chromium, site + "form.html")
        on_page(bridge, site + "form.html")
        failed, asked = call(bridge, "interact", action="highlight", selector="#save")
        assert failed and asked["error"] == "approval_required", "the approval engine applies on top"
        request_id = asked["details"]["request_id"]
        assert asked["details"]["scope"].startswith("tab:")
        approved = gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id)
        assert approved.returncode == 0, approved.stderr
        highlighted = ok(bridge, "interact", action="highlight", selector="#save", approval_id=request_id)
        assert highlighted["success"] is True
        assert page.evaluate("!!document.getElementById('gasoline-highlighter')")


@SHARES_A_BROWSER
def test_highlight_lifecycle(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    page = open_page(pilot_chromium, site + "form.html")
    on_page(pilot_bridge, site + "form.html")
    shown = ok(pilot_bridge, "interact", action="highlight", selector="#save", duration_ms=60_000)
    frame = page.evaluate(
        """() => { const f = document.getElementById('gasoline-highlighter'); const s = getComputedStyle(f);
        return {count: document.querySelectorAll('#gasoline-highlighter').length, position: s.position,
        border: s.borderTopWidth + ' ' + s.borderTopStyle, z: s.zIndex, pointer: s.pointerEvents,
        box: f.getBoundingClientRect().toJSON()} }"""
    )
    target = page.evaluate("document.getElementById('save').getBoundingClientRect().toJSON()")
    assert shown["bounds"] == pytest.approx({k: target[k] for k in ("x", "y", "width", "height")}, abs=0.01)
    assert frame["count"] == 1 and frame["position"] == "fixed" and frame["pointer"] == "none"
    assert frame["border"] == "4px solid" and frame["z"] == "2147483647"

    ok(pilot_bridge, "interact", action="highlight", selector="#name", duration_ms=300)
    assert page.evaluate("document.querySelectorAll('#gasoline-highlighter').length") == 1, "the next one replaces it"
    page.wait_for_function("!document.getElementById('gasoline-highlighter')", timeout=5_000)

    failed, error = call(pilot_bridge, "interact", action="highlight", selector="#missing")
    assert failed and error["error"] == "command_failed" and error["details"]["code"] == "element_not_found"


@SHARES_A_BROWSER
def test_state_round_trip(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    page = open_page(pilot_chromium, site + "form.html?step=cart")
    on_page(pilot_bridge, site + "form.html")
    page.evaluate(
        """() => { localStorage.clear(); sessionStorage.clear();
        localStorage.setItem('cart', '3 items'); localStorage.setItem('theme', 'dark');
        sessionStorage.setItem('step', 'payment'); document.cookie = 'session=abc123; path=/'; }"""
    )
    saved = ok(pilot_bridge, "interact", action="save_state", snapshot_name="cart_full")
    assert saved["counts"] == {"localStorage": 2, "sessionStorage": 1, "cookies": 1}
    assert saved["url"] == site + "form.html?step=cart" and saved["size_bytes"] > 0

    page.evaluate(
        "() => { localStorage.clear(); localStorage.setItem('other', 'x'); sessionStorage.clear();"
        " document.cookie = 'session=; max-age=0; path=/'; history.replaceState(null, '', '/form.html?step=home'); }"
    )
    loaded = ok(pilot_bridge, "interact", action="load_state", snapshot_name="cart_full")
    assert loaded["restored"] == {"localStorage": 2, "sessionStorage": 1, "cookies": 1}
    assert loaded["navigated_to"] == site + "form.html?step=cart"
    page.wait_for_url(site + "form.html?step=cart")
    state = page.evaluate(
        "({local: {...localStorage}, session: {...sessionStorage}, cookie: document.cookie, url: location.href})"
    )
    assert state == {
        "local": {"cart": "3 items", "theme": "dark"},
        "session": {"step": "payment"},
        "cookie": "session=abc123",
        "url": site + "form.html?step=cart",
    }

    listed = ok(pilot_bridge, "interact", action="list_states")["snapshots"]
    assert [s["name"] for s in listed] == ["cart_full"] and listed[0]["url"] == saved["url"]
    assert ok(pilot_bridge, "interact", action="delete_state", snapshot_name="cart_full")["success"] is True
    assert ok(pilot_bridge, "interact", action="list_states")["snapshots"] == []
    failed, error = call(pilot_bridge, "interact", action="load_state", snapshot_name="cart_full")
    assert failed and error["error"] == "invalid_arguments" and error["problems"][0]["parameter"] == "snapshot_name"


@SHARES_A_BROWSER
def test_execute_js_on_a_strict_csp_page(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    page = open_page(pilot_chromium, site + "csp.html")
    on_page(pilot_bridge, site + "csp.html")
    assert page.get_attribute("body", "data-eval") == "blocked", "the page's own scripts may not eval"
    answer = ok(pilot_bridge, "interact", action="execute_js", script="document.getElementById('answer').textContent")
    assert answer == {**answer, "success": True, "result": "42", "execution_path": "debugger"}
    thrown = ok(pilot_bridge, "interact", action="execute_js", script="throw new Error('csp test')")
    assert thrown["success"] is False and "csp test" in thrown["error"] and thrown["execution_path"] == "debugger"
    failed, error = call(pilot_bridge, "interact", action="execute_js", script="while(true){}", timeout_ms=500)
    assert failed and error["error"] == "timeout" and "stopped" in error["message"], error
    assert page.evaluate("document.title") == "Strict CSP fixture", "the debugger stopped the script"


@SHARES_A_BROWSER
def test_click_type_and_upload(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge, isolated: Isolated
) -> None:
    page = open_page(pilot_chromium, site + "form.html")
    on_page(pilot_bridge, site + "form.html")
    clicked = ok(pilot_bridge, "interact", action="click", selector="#save")
    assert clicked["tag"] == "button" and page.evaluate("window.seen.clicks") == 1
    for selector, problem in (("#disabled", "disabled"), ("#invisible", "hidden"), ("#nothing", "no element")):
        failed, error = call(pilot_bridge, "interact", action="click", selector=selector)
        assert failed and error["error"] == "command_failed" and problem in error["message"], error

    typed = ok(pilot_bridge, "interact", action="type", selector="#name", text="Alice", clear=True)
    assert typed["value_length"] == 5 and page.input_value("#name") == "Alice"
    assert page.evaluate("window.seen.inputs") >= 5 and page.evaluate("window.seen.changes") == 1
    ok(pilot_bridge, "interact", action="type", selector="#query", text="shoes", submit=True)
    assert page.evaluate("window.seen.submits") == 1
    failed, error = call(pilot_bridge, "interact", action="type", selector="#readonly", text="x")
    assert failed and "read-only" in error["message"]

    (isolated.state_dir.parent / "avatar.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(24))
    uploaded = ok(pilot_bridge, "interact", action="upload", selector="#avatar", file_path="avatar.png")
    assert uploaded == {**uploaded, "file_name": "avatar.png", "size_bytes": 32, "mime_type": "image/png"}
    assert page.evaluate("window.seen.files") == [{"name": "avatar.png", "size": 32, "type": "image/png"}]
    failed, error = call(pilot_bridge, "interact", action="upload", selector="#avatar", file_path="../outside.txt")
    assert failed and error["error"] == "path_refused" and "outside the repository" in error["message"]


@SHARES_A_BROWSER
def test_navigate_refresh_and_new_tab(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    page = open_page(pilot_chromium, site + "form.html")
    on_page(pilot_bridge, site + "form.html")
    went = ok(pilot_bridge, "interact", action="navigate", url=site + "dom.html")
    assert went["url"] == site + "dom.html" and went["title"] == "DOM fixture"
    page.wait_for_url(site + "dom.html")
    page.evaluate("window.marker = 1")
    assert ok(pilot_bridge, "interact", action="refresh")["url"] == site + "dom.html"
    assert page.evaluate("window.marker") is None, "the page was reloaded"

    opened = ok(pilot_bridge, "interact", action="new_tab", url=site + "a11y.html", track=True)
    assert opened["tracked"] is True and opened["url"] == site + "a11y.html"
    wait_for(lambda: pilot_bridge.result("observe", what="page").get("tab_id") == opened["tab_id"], 15, "tracked")
    assert ok(pilot_bridge, "analyze", what="page_info")["title"] == "Accessibility fixture"
    close_targets(pilot_chromium, "page", site + "a11y.html")  # a tab Playwright was not told of
    untracked(pilot_bridge)


@SHARES_A_BROWSER
def test_a_command_fails_when_its_tracked_tab_closes(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    page = open_page(pilot_chromium, site + "form.html")
    popup = open_popup(pilot_chromium)
    page.bring_to_front()
    popup.click("#track-button")
    wait_for(lambda: pilot_bridge.result("observe", what="page").get("tracked"), 15, "the tracked tab")
    started = time.monotonic()
    request_id = send_call(
        pilot_bridge,
        "interact",
        {"action": "execute_js", "script": "window.slowScript = true; new Promise(r => setTimeout(r, 4000))"},
    )
    page.wait_for_function("window.slowScript === true")  # the script is running in the page
    page.close()
    result = pilot_bridge.reply_to(request_id, 10)["result"]
    error = result["structuredContent"]
    assert result.get("isError") and error["error"] == "tab_gone", error
    assert time.monotonic() - started < 4, "failed when the tab closed, not at the script's end"
    untracked(pilot_bridge)


@SHARES_A_BROWSER
def test_a_command_survives_a_service_worker_restart(site: str, chromium: BrowserContext, bridge: Bridge) -> None:
    page = open_page(chromium, site + "dom.html")
    on_page(bridge, site + "dom.html")
    close_targets(chromium, "service_worker", "chrome-extension://")
    request_id = send_call(bridge, "analyze", {"what": "dom", "selector": "h1"}, progress_token="restart")
    progress(bridge, "restart", "sent to the browser")  # enqueued, and no worker to pick it up
    page.evaluate("console.log('wake the worker')")  # a message from the page starts the worker again
    result = bridge.reply_to(request_id, 20)["result"]
    assert not result.get("isError"), result
    assert result["structuredContent"]["matches"][0]["text"] == "DOM fixture"


def _arguments_for(mode: str) -> dict[str, Any]:
    return {
        "highlight": {"selector": "#save"},
        "execute_js": {"script": "1 + 1"},
        "click": {"selector": "#save"},
        "type": {"selector": "#name", "text": "x"},
        "navigate": {"url": "http://127.0.0.1/"},
        "refresh": {},
        "new_tab": {},
        "save_state": {"snapshot_name": "s"},
        "load_state": {"snapshot_name": "s"},
        "list_states": {},
        "delete_state": {"snapshot_name": "s"},
        "upload": {"selector": "#avatar", "file_path": "avatar.png"},
    }[mode]


def tab_in_front(bridge: Bridge) -> int | None:
    return bridge.result("observe", what="page").get("tab_id")


@SHARES_A_BROWSER
def test_an_approval_binds_the_tab_it_was_asked_for(
    site: str, chromium: BrowserContext, bridge: Bridge, isolated: Isolated
) -> None:
    """An approved retry runs in the tab the person approved, whatever tab is in front by then,
    or fails saying that tab is gone; a switch of tabs reaches the daemon at once."""
    with pilot_switched_on(chromium, isolated.port):
        first = open_page(chromium, site + "form.html")
        on_page(bridge, site + "form.html")
        first_tab = tab_in_front(bridge)

        def approved(selector: str) -> str:
            failed, asked = call(bridge, "interact", action="highlight", selector=selector)
            assert failed and asked["error"] == "approval_required", asked
            request_id = str(asked["details"]["request_id"])
            assert gasoline_cli(isolated.state_dir, isolated.port, "approve", request_id).returncode == 0
            return request_id

        on_first = approved("#save")
        second = open_page(chromium, site + "dom.html")
        on_page(bridge, site + "dom.html")
        assert tab_in_front(bridge) != first_tab

        ok(bridge, "interact", action="highlight", selector="#save", approval_id=on_first)
        assert first.evaluate("!!document.getElementById('gasoline-highlighter')"), "it ran in the approved tab"
        assert not second.evaluate("!!document.getElementById('gasoline-highlighter')")

        started = time.monotonic()
        first.bring_to_front()
        wait_for(lambda: tab_in_front(bridge) == first_tab, 5, "the switch reported")
        switched_ms = (time.monotonic() - started) * 1000
        assert switched_ms < 1000, f"the daemon saw the switch after {switched_ms:.0f} ms"

        second.bring_to_front()
        on_page(bridge, site + "dom.html")
        on_second = approved("h1")
        second.close()
        failed, error = call(bridge, "interact", action="highlight", selector="h1", approval_id=on_second)
        assert failed and error["error"] == "tab_gone", error

"""interact(action=execute_js) end to end: real headless Chromium with the built extension, a real
daemon, fixture pages on a real HTTP server, every check made through MCP calls. Scripts run
through the debugger protocol, which stops a runaway one at its limit; where the debugger cannot
attach they run through chrome.scripting alike, and a runaway one is reported as blocking the tab."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import BrowserContext, Page

from .conftest import SHARES_A_BROWSER
from .processes import Bridge, wait_for
from .test_browser_commands import call, ok, on_page, open_page

TIMEOUT_MS = 1000
ANSWER_MARGIN_S = 1.5  # a runaway script's answer arrives within its limit and this


def run(bridge: Bridge, script: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    return call(bridge, "interact", action="execute_js", script=script, **arguments)


def assert_results_and_errors(bridge: Bridge, path: str) -> None:
    """Values come back as JSON.stringify makes them in the page, and what a script throws or
    rejects with as its error, whichever way the script ran."""
    values = {
        "1 + 1": 2,
        "undefined": None,
        "NaN": None,
        "document.title": "Form fixture",
        "({when: new Date(0), missing: undefined, method() {}, list: [1, 'two', NaN]})": {
            "when": "1970-01-01T00:00:00.000Z",
            "list": [1, "two", None],
        },
        "({toJSON: () => 'custom'})": "custom",
        "Promise.resolve({seen: window.seen.clicks})": {"seen": 0},
        "var declared = 5; declared * 2": 10,
        "declared": 5,
    }
    for script, value in values.items():
        answer = ok(bridge, "interact", action="execute_js", script=script)
        assert answer == {**answer, "success": True, "result": value, "execution_path": path}, script

    thrown = ok(bridge, "interact", action="execute_js", script="throw new Error('test')")
    assert thrown["success"] is False and thrown["error"] == "Error: test" and "Error: test" in thrown["stack"]
    plain = ok(bridge, "interact", action="execute_js", script="throw 'plain'")
    assert plain["success"] is False and plain["error"] == "plain" and "stack" not in plain, plain
    unparsed = ok(bridge, "interact", action="execute_js", script="1 +")
    assert unparsed["success"] is False and unparsed["error"].startswith("SyntaxError: "), unparsed
    rejected = ok(bridge, "interact", action="execute_js", script="Promise.reject(new TypeError('later'))")
    assert rejected["success"] is False and rejected["error"] == "TypeError: later", rejected
    for unserializable in ("const loop = {}; loop.self = loop; loop", "10n"):
        refused = ok(bridge, "interact", action="execute_js", script=unserializable)
        assert refused["success"] is False and "not JSON-serializable" in refused["error"], refused


def assert_timed_out(bridge: Bridge, script: str, *, tab_stuck: bool) -> dict[str, Any]:
    """The runaway (or never settling) script's timeout error, answered in time."""
    started = time.monotonic()
    failed, error = run(bridge, script, timeout_ms=TIMEOUT_MS)
    elapsed = time.monotonic() - started
    assert failed and error["error"] == "timeout", error
    assert error["details"] == {**error["details"], "code": "script_timeout", "tab_stuck": tab_stuck}, error
    assert f"{TIMEOUT_MS} ms" in error["message"]
    assert elapsed < TIMEOUT_MS / 1000 + ANSWER_MARGIN_S, f"answered after {elapsed:.1f} s"
    return error


def tab_id(bridge: Bridge) -> int:
    return int(bridge.result("observe", what="page")["tab_id"])


def logged_ticks(bridge: Bridge) -> list[int]:
    """The counts the ticking page logged, as the daemon captured them."""
    entries = bridge.result("observe", what="logs", limit=50)["entries"]
    return [int(m.group(1)) for e in entries if (m := re.fullmatch(r"tick (\d+)", e["message"]))]


@contextmanager
def debugger_taken(context: BrowserContext, tab: int) -> Iterator[None]:
    """The extension's own debugger session held on the tab (as a concurrent run would hold it),
    so that execute_js cannot attach another."""
    worker = next(w for w in context.service_workers if w.url.endswith("/background.js"))
    worker.evaluate("tab => chrome.debugger.attach({tabId: tab}, '1.3')", tab)
    try:
        yield
    finally:
        worker.evaluate("tab => chrome.debugger.detach({tabId: tab}).catch(() => undefined)", tab)


@SHARES_A_BROWSER
def test_execute_js_results_and_errors(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    open_page(pilot_chromium, site + "form.html")
    on_page(pilot_bridge, site + "form.html")
    assert_results_and_errors(pilot_bridge, "debugger")


@SHARES_A_BROWSER
def test_a_runaway_script_is_stopped_and_the_tab_works_again(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    page = open_page(pilot_chromium, site + "ticking.html")
    on_page(pilot_bridge, site + "ticking.html")
    wait_for(lambda: logged_ticks(pilot_bridge), 15, "the page's ticks captured")

    error = assert_timed_out(pilot_bridge, "while (true) {}", tab_stuck=False)
    assert "stopped" in error["message"] and "recovery" not in error["details"], error
    two = ok(pilot_bridge, "interact", action="execute_js", script="1 + 1")
    assert two["success"] is True and two["result"] == 2
    ticks = ok(pilot_bridge, "interact", action="execute_js", script="window.ticks")["result"]
    wait_for(
        lambda: ok(pilot_bridge, "interact", action="execute_js", script="window.ticks")["result"] > ticks,
        10,
        "the page's own timer running again",
    )
    wait_for(lambda: max(logged_ticks(pilot_bridge)) > ticks, 15, "the page's console captured again")
    assert page.evaluate("document.title") == "Ticking fixture"

    error = assert_timed_out(pilot_bridge, "new Promise(() => {})", tab_stuck=False)
    assert "not settled" in error["message"], error
    assert ok(pilot_bridge, "interact", action="execute_js", script="1 + 1")["result"] == 2


def test_where_the_debugger_cannot_attach_scripts_run_in_the_page_and_a_runaway_one_is_reported_stuck(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    page: Page = open_page(pilot_chromium, site + "form.html")
    on_page(pilot_bridge, site + "form.html")
    with debugger_taken(pilot_chromium, tab_id(pilot_bridge)):
        assert_results_and_errors(pilot_bridge, "page_context")
        error = assert_timed_out(pilot_bridge, "while (true) {}", tab_stuck=True)
    assert "still blocks the tab" in error["message"] and "debugger could not attach" in error["message"], error
    assert "Another debugger is already attached" in error["message"], "the browser's reason is given"
    assert "Close the tab" in error["message"] and error["details"]["recovery"] in error["message"], error
    page.close()  # the script still loops: closing the tab is the way out

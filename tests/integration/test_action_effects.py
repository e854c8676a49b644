"""Browser actions report what they caused: real headless Chromium with the built extension, a real
daemon and the fixture pages, every check made through MCP calls. click, type (with submit),
navigate, refresh and new_tab wait for the page to settle and report the navigation, requests,
failed ones (fetch and XHR, and pages that could not load), console errors and exceptions, and
dialogs; a click that causes nothing settles after the quiet period, a page that keeps polling is
left at the window's limit, and a long poll open before the action is not waited for."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import BrowserContext, Dialog

from gasoline.text_forms.untrusted import MARKER, NOTE
from gasoline_generated.policy import LIMITS

from .conftest import SHARES_A_BROWSER
from .processes import Bridge, wait_for
from .test_browser_commands import on_page, open_page

PAGE_DATA = re.compile(rf"<({MARKER}_[0-9a-f]{{8}})> {NOTE}\n(.*)\n</\1>", re.DOTALL)
QUIET_MS = LIMITS.pilot.settle_quiet_ms
MAX_MS = LIMITS.pilot.settle_max_ms
#: How much longer than its wait a call may take end to end (MCP, the sync, the page's own work).
OVERHEAD_MS = 1500


def act(bridge: Bridge, action: str, **arguments: Any) -> tuple[dict[str, Any], str, float]:
    """(structuredContent, text, milliseconds) of one interact call, which must succeed; the text is
    what its fence holds, since an action's report quotes the page (its URL and title)."""
    started = time.monotonic()
    result = bridge.call("interact", {"action": action, **arguments}, 40)["result"]
    elapsed = (time.monotonic() - started) * 1000
    assert not result.get("isError"), result
    fenced = PAGE_DATA.fullmatch(result["content"][0]["text"])
    assert fenced is not None, result["content"][0]["text"]
    return result["structuredContent"], fenced[2], elapsed


def nothing_happened(effects: dict[str, Any]) -> bool:
    counts = ("requests", "pending_requests", "failed_count", "error_count")
    lists = ("failed_requests", "errors", "dialogs")
    return not effects["navigated"] and not any(effects[key] for key in counts + lists)


@SHARES_A_BROWSER
def test_clicks_report_what_they_caused(site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge) -> None:
    page = open_page(pilot_chromium, site + "effects.html")
    on_page(pilot_bridge, site + "effects.html")

    clicked, text, elapsed = act(pilot_bridge, "click", selector="#nothing")
    effects = clicked["effects"]
    assert nothing_happened(effects), effects
    assert effects["ended_by"] == "quiet" and QUIET_MS <= effects["waited_ms"] < QUIET_MS + 300, effects
    assert effects["url"] == site + "effects.html" and effects["title"] == "Effects fixture"
    assert elapsed < QUIET_MS + OVERHEAD_MS, f"a click that causes nothing took {elapsed:.0f} ms"
    assert text.startswith("clicked <button> #nothing (0 requests, 0 failed, no errors, settled in "), text

    effects = act(pilot_bridge, "click", selector="#broken")[0]["effects"]
    assert not effects["navigated"] and effects["ended_by"] == "quiet", effects
    assert effects["requests"] == 2 and effects["failed_count"] == 2 and effects["pending_requests"] == 0
    missing = {"method": "GET", "url": site + "api/missing", "type": "fetch", "status": 404}
    refused = {"method": "GET", "url": "http://127.0.0.1:8/refused", "type": "xhr", "error": "Network error"}
    assert len(effects["failed_requests"]) == 2 and missing in effects["failed_requests"], effects
    assert refused in effects["failed_requests"], "in the order they failed, which the server's timing decides"
    assert effects["errors"] == [
        {"kind": "console_error", "message": "loading the list failed: 404"},
        {"kind": "console_error", "message": "no connection to port 8"},
    ]
    assert effects["error_count"] == 2 and effects["dialogs"] == []

    effects = act(pilot_bridge, "click", selector="#throws")[0]["effects"]
    assert effects["errors"] == [{"kind": "exception", "message": "TypeError: cart is undefined"}], effects

    effects = act(pilot_bridge, "click", selector="#route")[0]["effects"]
    assert effects["navigated"] and effects["same_document"] and effects["url"] == site + "effects.html#/settings"

    # A dialog blocks the page until it is answered; the click still answers, and says so. While a
    # listener is registered, Playwright leaves a dialog to it, and its sync API hands events over
    # only during its own calls: none is made during the MCP call, so the dialog stays open.
    answered: list[str] = []

    def answer(dialog: Dialog) -> None:
        answered.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    page.title()  # a round trip: Playwright's driver has taken the subscription before the dialog opens
    clicked, text, _ = act(pilot_bridge, "click", selector="#alert")
    assert clicked["effects"]["dialogs"] == [{"type": "alert", "message": "Saved 3 items", "open": True}], clicked
    assert 'alert "Saved 3 items" (still open' in text, text
    # Answered during a Playwright call to the browser (one to the blocked page would wait for ever).
    wait_for(lambda: pilot_chromium.cookies() is not None and answered, 10, "the dialog answered")
    page.remove_listener("dialog", answer)  # now Playwright dismisses a dialog at once, as a person might
    effects = act(pilot_bridge, "click", selector="#alert")[0]["effects"]
    assert effects["dialogs"] == [{"type": "alert", "message": "Saved 3 items", "open": False}], effects

    clicked, text, _ = act(pilot_bridge, "click", selector="#to-done")
    effects = clicked["effects"]
    assert effects["navigated"] and "same_document" not in effects, effects
    assert effects["url"] == site + "effects-done.html" and effects["title"] == "Effects done"
    summary = {"method": "GET", "url": site + "missing-summary.json", "type": "fetch", "status": 404}
    assert effects["requests"] == 1 and effects["failed_requests"] == [summary] and effects["ended_by"] == "quiet"
    assert effects["errors"] == [{"kind": "console_error", "message": "the done page could not load its summary"}]
    assert f'→ navigated to {site}effects-done.html "Effects done"' in text, text


@SHARES_A_BROWSER
def test_a_page_that_keeps_polling_is_left_at_the_limit(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    open_page(pilot_chromium, site + "effects.html")
    on_page(pilot_bridge, site + "effects.html")
    clicked, text, elapsed = act(pilot_bridge, "click", selector="#poll")
    effects = clicked["effects"]
    assert effects["ended_by"] == "limit" and MAX_MS <= effects["waited_ms"] < MAX_MS + 200, effects
    assert effects["requests"] >= MAX_MS // 200 and effects["failed_count"] == 0 and not effects["navigated"]
    assert elapsed < MAX_MS + OVERHEAD_MS, elapsed
    assert f"still busy at the {effects['waited_ms']} ms limit" in text, text


@SHARES_A_BROWSER
def test_a_long_poll_open_before_an_action_is_not_waited_for(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    open_page(pilot_chromium, site + "effects.html")
    on_page(pilot_bridge, site + "effects.html")
    effects = act(pilot_bridge, "click", selector="#long-poll")[0]["effects"]
    assert effects["ended_by"] == "limit" and effects["requests"] == 1 and effects["pending_requests"] == 1, effects
    effects = act(pilot_bridge, "click", selector="#nothing")[0]["effects"]
    assert nothing_happened(effects) and effects["ended_by"] == "quiet", effects


@SHARES_A_BROWSER
def test_type_navigate_refresh_and_new_tab_report_what_they_caused(
    site: str, pilot_chromium: BrowserContext, pilot_bridge: Bridge
) -> None:
    done = site + "effects-done.html"
    summary = {"method": "GET", "url": site + "missing-summary.json", "type": "fetch", "status": 404}
    logged = [{"kind": "console_error", "message": "the done page could not load its summary"}]

    open_page(pilot_chromium, site + "effects.html")
    on_page(pilot_bridge, site + "effects.html")
    typed = act(pilot_bridge, "type", selector="#query", text="shoes")[0]
    assert typed["value_length"] == 5 and nothing_happened(typed["effects"]), typed
    effects = act(pilot_bridge, "type", selector="#query", text="shoes", clear=True, submit=True)[0]["effects"]
    assert effects["navigated"] and effects["url"] == done + "?q=shoes" and effects["title"] == "Effects done", effects
    assert effects["failed_requests"] == [summary] and effects["errors"] == logged and effects["ended_by"] == "quiet"

    went, text, _ = act(pilot_bridge, "navigate", url=site + "effects.html")
    effects = went["effects"]
    assert effects["navigated"] and effects["url"] == site + "effects.html" and effects["title"] == "Effects fixture"
    assert effects["requests"] == 0 and effects["errors"] == [] and effects["ended_by"] == "quiet", effects
    assert text.startswith(f'loaded {site}effects.html "Effects fixture" ('), text

    went = act(pilot_bridge, "navigate", url=done)[0]
    assert went["effects"]["errors"] == logged and went["effects"]["failed_requests"] == [summary], went
    unreachable = "http://127.0.0.1:8/"
    effects = act(pilot_bridge, "navigate", url=unreachable)[0]["effects"]
    failure = {"method": "GET", "url": unreachable, "type": "document", "error": "net::ERR_CONNECTION_REFUSED"}
    assert effects["failed_requests"] == [failure] and effects["failed_count"] == 1, effects
    assert "effects" not in act(pilot_bridge, "navigate", url=site + "effects.html", wait_for_load=False)[0]
    on_page(pilot_bridge, site + "effects.html")

    effects = act(pilot_bridge, "refresh")[0]["effects"]
    assert effects["navigated"] and effects["url"] == site + "effects.html" and effects["ended_by"] == "quiet", effects
    assert effects["errors"] == [] and effects["failed_count"] == 0

    opened, text, _ = act(pilot_bridge, "new_tab", url=done)
    effects = opened["effects"]
    assert effects["navigated"] and effects["url"] == done and effects["title"] == "Effects done", effects
    assert effects["errors"] == logged and effects["failed_requests"] == [summary]
    assert text.startswith(f'opened tab {opened["tab_id"]} at {done} "Effects done" ('), text

"""Real headless Chromium with the built extension, for the end-to-end tests.

Playwright drives pages (with Debian's Chromium, never a downloaded build); what the extension
captured is always read back through MCP calls. On CI a missing browser fails the tests. The
extension is paired with the test's daemon once per launch, as a person pairs it: a code from the
daemon's pairing route, typed into the popup.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import BrowserContext, Page, Playwright, expect, sync_playwright

from gasoline.demo.headless_chromium import (
    CHROMIUM_FLAGS,
    BrowserUnavailable,
    chromium_path,
    extension_args,
    extension_for_port,
    new_profile,
)
from gasoline_generated.policy import EXTENSION_ORIGIN

from .processes import STATE_DIRS, Bridge, pairing_code, wait_for

EXTENSION_PAGE = EXTENSION_ORIGIN + "/{}"


def require_chromium() -> str:
    """The system Chromium; skipped where there is none, but a failure on CI."""
    try:
        return chromium_path()
    except BrowserUnavailable as error:
        if os.environ.get("CI"):
            pytest.fail(str(error))
        pytest.skip(str(error))


@contextmanager
def chromium_with_extension(
    port: int, workdir: Path, built: Path | None = None, paired: bool = True
) -> Iterator[BrowserContext]:
    """A persistent Chromium profile with the extension (the built one, or the one at `built`) talking
    to the daemon on `port`; paired with it, when that is a daemon the test started, unless not `paired`."""
    executable = require_chromium()
    extension = extension_for_port(port, workdir / "extension", built)
    flags = [flag for flag in CHROMIUM_FLAGS if flag != "--headless"]
    context = driver().chromium.launch_persistent_context(
        str(new_profile(workdir / "profile")),
        executable_path=executable,
        headless=True,
        args=[*flags, *extension_args(extension)],
    )
    try:
        if not context.service_workers:
            context.wait_for_event("serviceworker", timeout=15_000)
        if paired and port in STATE_DIRS:
            pair_in_popup(context, port)
        yield context
    finally:
        context.close()


class _Driver:
    """Playwright's driver (a Node process) for the browsers of one test module, started with the
    first. While it runs, its event loop is this thread's: a module that launches Chromium cannot
    also run asyncio code, which is why it stops when the module's tests end (see conftest.py)."""

    running: Playwright | None = None


def driver() -> Playwright:
    if _Driver.running is None:
        _Driver.running = sync_playwright().start()
    return _Driver.running


def stop_driver() -> None:
    if _Driver.running is not None:
        running, _Driver.running = _Driver.running, None
        running.stop()


def open_popup(context: BrowserContext) -> Page:
    popup = context.new_page()
    popup.goto(EXTENSION_PAGE.format("popup.html"))
    return popup


def pair_in_popup(context: BrowserContext, port: int) -> None:
    """Pair the extension as a person does: the popup says it is not paired, the code the daemon
    gives `gasoline pair` is typed in, and the popup shows it connected."""
    popup = open_popup(context)
    expect(popup.locator("#pair-form")).to_be_visible(timeout=15_000)
    popup.locator("#pair-code").fill(pairing_code(port))
    popup.locator("#pair-code").press("Enter")
    expect(popup.locator("#status")).to_have_class(re.compile(r"\bconnected\b"), timeout=15_000)
    popup.close()


def set_switch(popup: Page, selector: str, on: bool) -> None:
    """Click a popup checkbox until it shows the wanted state."""
    box = popup.locator(selector)
    if box.is_checked() != on:
        box.click()
    assert box.is_checked() == on


@contextmanager
def switches_kept(popup: Page, *selectors: str) -> Iterator[None]:
    """The popup's switches set back as they were: a browser shared by a module's tests keeps what
    one test switches."""
    states = {selector: popup.locator(selector).is_checked() for selector in selectors}
    try:
        yield
    finally:
        for selector, on in states.items():
            set_switch(popup, selector, on)


def untracked(bridge: Bridge) -> None:
    """Wait until no tab is tracked: tracking ends with its tab."""
    wait_for(lambda: not bridge.result("observe", what="page")["tracked"], 15, "tracking cleared with its tab")


def switch_on(context: BrowserContext, selector: str) -> None:
    """Switch one popup setting on, as its user would, and close the popup."""
    popup = open_popup(context)
    set_switch(popup, selector, True)
    popup.close()

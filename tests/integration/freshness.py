"""How soon something a page does is readable through MCP, in the page's own clock.

The page logs numbered console errors, each carrying its Date.now(); a client asks observe(errors)
over and over and notes, for each mark, how long after the page's clock stamped it an answer first
held it. The reference is the browser's own debugging protocol telling a client (Playwright, as
chrome-devtools-mcp and @playwright/mcp are told): the same marks, heard by a console listener.
"""

from __future__ import annotations

import re
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from playwright.sync_api import ConsoleMessage, Page

MARKS = 40
GAP_MS = 50
#: Logs `mark <run> <i> <Date.now()>` as a console error every gap ms, on the page's own timers.
EMIT = """([run, count, gap]) => {
  let i = 0;
  const tick = () => {
    console.error(`mark ${run} ${i} ${Date.now()}`);
    if (++i < count) setTimeout(tick, gap);
  };
  setTimeout(tick, gap);
}"""


class Marks:
    """One run of marks: which have been seen, and how long after the page stamped them."""

    def __init__(self) -> None:
        self.run = secrets.token_hex(4)
        self.pattern = re.compile(rf"mark {self.run} (\d+) (\d+)")
        self.delays: dict[int, float] = {}

    def note(self, texts: Iterable[str]) -> None:
        """Texts that arrived now: each mark among them not seen before gets its delay."""
        now = time.time() * 1000
        for text in texts:
            found = self.pattern.fullmatch(text)
            if found and int(found[1]) not in self.delays:
                self.delays[int(found[1])] = now - int(found[2])

    def collect(self, page: Page, look: Callable[[], None], count: int, seconds: float = 30) -> list[float]:
        """Has the page log `count` marks and calls look() until each was seen (or time is up)."""
        page.evaluate(EMIT, [self.run, count, GAP_MS])
        deadline = time.monotonic() + seconds
        while len(self.delays) < count and time.monotonic() < deadline:
            look()
        return [self.delays[mark] for mark in sorted(self.delays)]


POLL_MS = 5


def delays_through_mcp(page: Page, read_errors: Callable[[], list[dict[str, Any]]], count: int = MARKS) -> list[float]:
    """Each mark's delay, page clock to the first observe(errors) answer that holds it (ms);
    read_errors gives an answer's entries."""
    marks = Marks()

    def look() -> None:
        marks.note(str(entry.get("message", "")) for entry in read_errors())
        time.sleep(POLL_MS / 1000)  # a client that asks 200 times a second, not as fast as it can

    return marks.collect(page, look, count)


def delays_through_cdp(page: Page, count: int = MARKS) -> list[float]:
    """Each mark's delay, page clock to Playwright's console listener (ms): the reference."""
    marks = Marks()

    def heard(message: ConsoleMessage) -> None:
        marks.note([message.text])

    page.on("console", heard)
    try:
        return marks.collect(page, lambda: page.wait_for_timeout(2), count)  # events come during its calls
    finally:
        page.remove_listener("console", heard)

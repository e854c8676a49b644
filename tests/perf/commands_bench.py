"""Browser commands, call -> result through a stdio bridge, the daemon and the extension in real
headless Chromium, beside the same work done over a direct CDP evaluate in the same page."""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import measure
from measure import HttpClient, free_port, percentiles, report, timed

from tests.integration.browsers import chromium_with_extension
from tests.integration.fixture_site import fixture_site
from tests.integration.freshness import delays_through_cdp, delays_through_mcp
from tests.integration.processes import running_bridge, running_daemon, wait_for

AXE = measure.ROOT / "extension" / "node_modules" / "axe-core" / "axe.min.js"
DOM_CALLS = 200
AUDITS = 5
CONCURRENT = 32
# What a peer evaluating a script over CDP does for the same query: match and describe the elements.
DIRECT_QUERY = """() => Array.from(document.querySelectorAll('#items > li')).slice(0, 50).map(e => {
  const r = e.getBoundingClientRect();
  return {tag: e.tagName.toLowerCase(), text: e.textContent.trim().slice(0, 500),
          box: {x: r.x, y: r.y, width: r.width, height: r.height}, visible: e.checkVisibility()};
})"""


def commands() -> None:
    with tempfile.TemporaryDirectory() as work, fixture_site() as site:
        state = Path(work) / "state"
        state.mkdir()
        port = free_port()
        with (
            running_daemon(state, port=port, forked=False) as daemon,
            chromium_with_extension(port, Path(work)) as context,
            running_bridge(state, port) as bridge,
        ):
            bridge.initialize()
            page = context.new_page()
            page.goto(site + "dom.html")
            page.bring_to_front()
            wait_for(lambda: (bridge.result("observe", what="page").get("url") or "").endswith("dom.html"), 15)

            def query() -> None:
                assert bridge.result("analyze", what="dom", selector="#items > li")["matchCount"] == 60

            timed(query, 20)  # warm up: the page script is injected on the first call
            ours = percentiles(timed(query, DOM_CALLS))
            direct = percentiles(timed(lambda: page.evaluate(DIRECT_QUERY), DOM_CALLS))
            report("analyze(dom) call -> result, p50", ours[0], direct[0], "ms", goal="commands.dom_query_p50")
            report("analyze(dom) call -> result, p95", ours[1], direct[1], "ms", goal="commands.dom_query_p95")
            concurrent_commands(port, daemon.token)
            freshness(bridge, page)
            with busy_client(port, daemon.token):
                freshness(bridge, page, " beside a busy client", "capture.event_to_mcp_busy_p95")

            page.goto(site + "a11y.html")
            wait_for(lambda: (bridge.result("observe", what="page").get("url") or "").endswith("a11y.html"), 15)

            def audit() -> None:
                assert bridge.result("analyze", what="accessibility", force_refresh=True)["violations"]

            audits = timed(audit, AUDITS)
            page.add_script_tag(path=str(AXE))
            started = time.perf_counter()
            page.evaluate("axe.run()")
            first_direct = time.perf_counter() - started
            direct_audits = timed(lambda: page.evaluate("axe.run().then(r => r.violations.length)"), AUDITS)
            report("accessibility audit, first", audits[0], first_direct, "ms", goal="commands.accessibility_first")
            report("accessibility audit, median", statistics.median(audits), statistics.median(direct_audits), "ms")


@contextmanager
def busy_client(port: int, token: str) -> Iterator[None]:
    """Another MCP client calling as fast as it can (every call recorded in its session), meanwhile."""
    client = subprocess.Popen(
        [sys.executable, str(Path(__file__).with_name("busy_client.py")), str(port), token],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert client.stdin is not None and client.stdout is not None
    try:
        assert client.stdout.readline().strip() == "calling"
        yield
    finally:
        client.stdin.close()
        calls = client.stdout.readline().strip()
        assert client.wait(30) == 0 and calls.isdigit(), f"the busy client failed after {calls or 'no'} calls"


def freshness(bridge: Any, page: Any, beside: str = "", goal: str = "capture.event_to_mcp_p95") -> None:
    """A console error, page clock to the first observe(errors) answer holding it, beside the
    browser's own protocol telling Playwright (as it tells the peers): 40 marks 50 ms apart."""
    wait_for(lambda: "settling" not in bridge.result("observe", what="errors"), 15)  # reads wait while a page settles
    ours = delays_through_mcp(page, lambda: bridge.result("observe", what="errors", limit=10)["entries"])
    direct = delays_through_cdp(page)
    (p50, p95), (direct_p50, direct_p95) = percentiles(ours), percentiles(direct)
    report(f"page event -> readable via MCP{beside}, p50", p50 / 1000, direct_p50 / 1000, "ms")
    report(f"page event -> readable via MCP{beside}, p95", p95 / 1000, direct_p95 / 1000, "ms", goal=goal)


def concurrent_commands(port: int, token: str) -> None:
    """32 browser commands over HTTP at once (each client its own session and connection), beside
    the same 32 one after another: all must complete, and at once should take no longer."""
    clients = [HttpClient(port, token) for _ in range(CONCURRENT)]

    def item(index: int) -> str:
        arguments = {"what": "dom", "selector": f"#items > li:nth-child({index + 1})"}
        result = clients[index].request("tools/call", {"name": "analyze", "arguments": arguments})["result"]
        assert not result.get("isError"), result
        return str(result["structuredContent"]["matches"][0]["text"])

    expected = [f"Item {index + 1}" for index in range(CONCURRENT)]
    started = time.perf_counter()
    assert [item(index) for index in range(CONCURRENT)] == expected
    one_by_one = time.perf_counter() - started
    started = time.perf_counter()
    with ThreadPoolExecutor(CONCURRENT) as pool:
        assert list(pool.map(item, range(CONCURRENT))) == expected, "every concurrent command completes"
    at_once = time.perf_counter() - started
    report(
        f"{CONCURRENT} concurrent browser commands, all",
        at_once,
        one_by_one,
        "ms",
        "all complete",
        goal="commands.concurrent",
    )

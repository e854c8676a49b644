"""Many MCP calls over HTTP waiting on the browser at once: every one completes with its own answer,
and the extension's routes and /health keep being served meanwhile (calls that wait must never hold
every thread the extension needs to fetch their commands)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from playwright.sync_api import BrowserContext

from .browsers import chromium_with_extension
from .conftest import isolated_place
from .fixture_site import fixture_site
from .processes import Daemon, health, kill_daemons_of, running_daemon, wait_for
from .test_http_probes import Probe, call

pytestmark = pytest.mark.exclusive  # bounds how long /health takes: run with the machine to itself


@pytest.fixture(scope="module")
def daemon_with_browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Daemon, BrowserContext, str]]:
    """One daemon and browser for the module: each test opens its own page and waits for every answer."""
    place = isolated_place(tmp_path_factory.mktemp("concurrent"))
    try:
        with (
            fixture_site() as site,
            running_daemon(place.state_dir, port=place.port) as daemon,
            chromium_with_extension(daemon.port, place.state_dir.parent) as context,
        ):
            yield daemon, context, site
    finally:
        kill_daemons_of(place.state_dir)


def item_text(daemon: Daemon, index: int) -> str:
    """The text of list item `index`, asked of the page through its own session and connection."""
    probe = Probe(daemon)
    probe.connection.timeout = 120
    session = probe.session()
    arguments = {"what": "dom", "selector": f"#items > li:nth-child({index})"}
    status, _, body = probe.send(body=call("analyze", arguments), Mcp_Session_Id=session)
    assert status == 200, body
    result = body["result"]
    assert result["isError"] is False, result
    return str(result["structuredContent"]["matches"][0]["text"])


@pytest.mark.parametrize("calls", [16, 32])
def test_concurrent_browser_commands_all_complete_and_health_stays_quick(
    daemon_with_browser: tuple[Daemon, BrowserContext, str], calls: int
) -> None:
    daemon, context, site = daemon_with_browser
    page = context.new_page()
    page.goto(site + "dom.html")
    page.bring_to_front()
    assert item_text(daemon, 1) == "Item 1"  # the extension serves this page

    slowest_health = 0.0
    done = threading.Event()

    def watch_health() -> None:
        nonlocal slowest_health
        while not done.is_set():
            started = time.monotonic()
            assert health(daemon.port) is not None
            slowest_health = max(slowest_health, time.monotonic() - started)

    watcher = threading.Thread(target=watch_health)
    watcher.start()
    try:
        with ThreadPoolExecutor(calls) as pool:
            texts = list(pool.map(lambda index: item_text(daemon, index), range(1, calls + 1)))
    finally:
        done.set()
        watcher.join(10)
    assert texts == [f"Item {index}" for index in range(1, calls + 1)]
    assert slowest_health < 2.0, f"/health took {slowest_health:.2f} s while commands waited"
    wait_for(lambda: health(daemon.port) is not None, 5, "the daemon still answers")

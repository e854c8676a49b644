"""Fixtures for tests against real processes: an isolated state directory and port per test.

A test marked shares_a_browser gets its module's daemon and Chromium instead of fresh ones (one of
each kind: plain, or with AI Web Pilot on), started by the first such test and stopped with the
module; its bridge is its own, and the pages it opened are closed after it. A launch with the
extension, paired, costs seconds of CPU: tests that neither change the browser's or the daemon's
settings nor read what other pages left behind share one.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

import pytest
from playwright.sync_api import BrowserContext

from gasoline_generated.dispatch import MODES

from ..fakes.model_provider import FakeProvider
from .browsers import chromium_with_extension, stop_driver, switch_on
from .fixture_site import fixture_site
from .processes import (
    Bridge,
    Daemon,
    free_port,
    health,
    kill_daemons_of,
    running_bridge,
    running_daemon,
    wait_for,
)

SHARES_A_BROWSER = pytest.mark.shares_a_browser
PILOT_MODES = [entry.mode for entry in MODES.values() if "ai_web_pilot" in entry.gates and entry.published]


@dataclass(frozen=True)
class Isolated:
    state_dir: Path
    port: int


@pytest.fixture(scope="module", autouse=True)
def browser_driver() -> Iterator[None]:
    """The module's browsers share one Playwright driver, stopped when its tests end."""
    yield
    stop_driver()


def isolated_place(directory: Path) -> Isolated:
    place = Isolated(directory / "state", free_port())
    place.state_dir.mkdir(parents=True)
    return place


class SharedBrowser(NamedTuple):
    place: Isolated
    daemon: Daemon
    context: BrowserContext


class SharedBrowsers:
    """A module's shared daemons and browsers, each kind started when a test first asks for it."""

    def __init__(self, directory: Path) -> None:
        self._directory = directory
        self._stack = ExitStack()
        self._started: dict[bool, SharedBrowser] = {}

    def of_kind(self, pilot: bool) -> SharedBrowser:
        if pilot not in self._started:
            place = isolated_place(self._directory / ("pilot" if pilot else "plain"))
            self._stack.callback(kill_daemons_of, place.state_dir)
            started = pilot_project_daemon(place) if pilot else running_daemon(place.state_dir, port=place.port)
            daemon = self._stack.enter_context(started)
            launch = chromium_with_pilot if pilot else chromium_with_extension
            context = self._stack.enter_context(launch(daemon.port, place.state_dir.parent))
            self._started[pilot] = SharedBrowser(place, daemon, context)
        return self._started[pilot]

    def close(self) -> None:
        self._stack.close()


@pytest.fixture(scope="module")
def shared_browsers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SharedBrowsers]:
    browsers = SharedBrowsers(tmp_path_factory.mktemp("shared-browsers"))
    yield browsers
    browsers.close()


def shared(request: pytest.FixtureRequest) -> SharedBrowser | None:
    """The module's shared daemon and browser of the kind the test uses, if it is marked to share them."""
    if request.node.get_closest_marker(SHARES_A_BROWSER.name) is None:
        return None
    browsers: SharedBrowsers = request.getfixturevalue("shared_browsers")
    return browsers.of_kind(pilot="pilot_daemon" in request.fixturenames)


@contextmanager
def pages_closed_after(context: BrowserContext) -> Iterator[BrowserContext]:
    """The shared browser, with the pages opened meanwhile closed afterwards."""
    before = set(context.pages)
    yield context
    for page in context.pages:
        if page not in before:
            page.close()


@pytest.fixture
def isolated(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Isolated]:
    """A state directory and a free port; any daemon started on them is killed afterwards."""
    if (sharing := shared(request)) is not None:
        yield sharing.place
        return
    place = isolated_place(tmp_path)
    yield place
    kill_daemons_of(place.state_dir)


@pytest.fixture
def daemon(request: pytest.FixtureRequest, isolated: Isolated) -> Iterator[Daemon]:
    if (sharing := shared(request)) is not None:
        yield sharing.daemon
        return
    with running_daemon(isolated.state_dir, port=isolated.port) as running:
        yield running


@pytest.fixture
def open_daemon(isolated: Isolated) -> Iterator[Daemon]:
    """A daemon started with --no-auth, as the conformance tools need."""
    with running_daemon(isolated.state_dir, "--no-auth", port=isolated.port) as running:
        yield running


@pytest.fixture
def chromium(request: pytest.FixtureRequest, daemon: Daemon, tmp_path: Path) -> Iterator[BrowserContext]:
    """Headless Chromium with the built extension, talking to the test's daemon."""
    sharing = shared(request)
    launched = pages_closed_after(sharing.context) if sharing else chromium_with_extension(daemon.port, tmp_path)
    with launched as context:
        yield context


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeProvider]:
    """The fake model provider on 127.0.0.1, shared by a module's tests (a module may have its own)."""
    with FakeProvider().running() as running:
        yield running


@contextmanager
def project_daemon(isolated: Isolated, config: str) -> Iterator[Daemon]:
    """A daemon whose project has this .gasoline/config.yaml (read when the daemon starts)."""
    path = isolated.state_dir.parent / ".gasoline" / "config.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(config)
    with running_daemon(isolated.state_dir, port=isolated.port) as running:
        yield running


@contextmanager
def initialized_bridge(isolated: Isolated) -> Iterator[Bridge]:
    """An initialized stdio bridge (what an MCP client spawns) to the daemon of `isolated`."""
    with running_bridge(isolated.state_dir, isolated.port) as running:
        running.initialize()
        yield running


@pytest.fixture
def bridge(daemon: Daemon, isolated: Isolated) -> Iterator[Bridge]:
    with initialized_bridge(isolated) as running:
        yield running


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """The base URL of the fixture pages (tests/integration/pages)."""
    with fixture_site() as base:
        yield base


def pilot_project_daemon(isolated: Isolated) -> AbstractContextManager[Daemon]:
    """A daemon whose project lets every AI Web Pilot action run without asking (approvals are
    tested on their own); the toggle in the popup still decides."""
    allowed = "\n".join(
        f"    - {{tool: interact, mode: {mode}, scope: {MODES['interact', mode].scope[0]}}}" for mode in PILOT_MODES
    )
    return project_daemon(isolated, f"approvals:\n  allow:\n{allowed}\n")


@pytest.fixture
def pilot_daemon(request: pytest.FixtureRequest, isolated: Isolated) -> Iterator[Daemon]:
    if (sharing := shared(request)) is not None:
        yield sharing.daemon
        return
    with pilot_project_daemon(isolated) as running:
        yield running


@pytest.fixture
def pilot_bridge(pilot_daemon: Daemon, isolated: Isolated) -> Iterator[Bridge]:
    with initialized_bridge(isolated) as running:
        yield running


@contextmanager
def chromium_with_pilot(port: int, workdir: Path) -> Iterator[BrowserContext]:
    """Chromium with the extension, AI Web Pilot switched on in its popup as its user would, once
    the daemon on port has heard it."""
    with chromium_with_extension(port, workdir) as context:
        switch_on(context, "#ai-web-pilot")
        wait_for(lambda: pilot_on(port), 15, "the daemon to hear that AI Web Pilot is on")
        yield context


@pytest.fixture
def pilot_chromium(request: pytest.FixtureRequest, pilot_daemon: Daemon, tmp_path: Path) -> Iterator[BrowserContext]:
    sharing = shared(request)
    launched = pages_closed_after(sharing.context) if sharing else chromium_with_pilot(pilot_daemon.port, tmp_path)
    with launched as context:
        yield context


def pilot_on(port: int) -> bool:
    """Whether the extension's last sync told the daemon that AI Web Pilot is on."""
    extension = (health(port) or {}).get("extension", {})
    return bool(extension.get("settings", {}).get("aiWebPilotEnabled"))

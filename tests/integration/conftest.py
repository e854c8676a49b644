"""Fixtures for tests against real processes: an isolated state directory and port per test."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

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


@pytest.fixture
def isolated(tmp_path: Path) -> Iterator[Isolated]:
    """A state directory and a free port; any daemon started on them is killed afterwards."""
    place = Isolated(tmp_path / "state", free_port())
    place.state_dir.mkdir()
    yield place
    kill_daemons_of(place.state_dir)


@pytest.fixture
def daemon(isolated: Isolated) -> Iterator[Daemon]:
    with running_daemon(isolated.state_dir, port=isolated.port) as running:
        yield running


@pytest.fixture
def open_daemon(isolated: Isolated) -> Iterator[Daemon]:
    """A daemon started with --no-auth, as the conformance tools need."""
    with running_daemon(isolated.state_dir, "--no-auth", port=isolated.port) as running:
        yield running


@pytest.fixture
def chromium(daemon: Daemon, tmp_path: Path) -> Iterator[BrowserContext]:
    """Headless Chromium with the built extension, talking to the test's daemon."""
    with chromium_with_extension(daemon.port, tmp_path) as context:
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


@pytest.fixture
def pilot_daemon(isolated: Isolated) -> Iterator[Daemon]:
    """A daemon whose project lets every AI Web Pilot action run without asking (approvals are
    tested on their own); the toggle in the popup still decides."""
    allowed = "\n".join(
        f"    - {{tool: interact, mode: {mode}, scope: {MODES['interact', mode].scope[0]}}}" for mode in PILOT_MODES
    )
    with project_daemon(isolated, f"approvals:\n  allow:\n{allowed}\n") as running:
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
def pilot_chromium(pilot_daemon: Daemon, tmp_path: Path) -> Iterator[BrowserContext]:
    with chromium_with_pilot(pilot_daemon.port, tmp_path) as context:
        yield context


def pilot_on(port: int) -> bool:
    """Whether the extension's last sync told the daemon that AI Web Pilot is on."""
    extension = (health(port) or {}).get("extension", {})
    return bool(extension.get("settings", {}).get("aiWebPilotEnabled"))

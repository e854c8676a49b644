"""The headless Chromium the demo and the browser tests start: a new profile starts no renderer for
browser UI that headless never shows, whether Chromium is started directly or by Playwright."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from gasoline.demo import headless_chromium

from .browsers import chromium_with_extension, require_chromium
from .processes import free_port, wait_for

pytestmark = pytest.mark.slow

BROWSER_UI = "--top-chrome-webui"  # how Chromium marks the renderer of its own UI's WebUI pages
EXTENSION = "--extension-process"


def renderers(profile: Path) -> list[str]:
    """The command lines of the renderer processes of the Chromium running on this profile."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = (Path("/proc") / pid / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        if f"--user-data-dir={profile}" in command and "--type=renderer" in command:
            found.append(command)
    return found


def assert_no_browser_ui_renderer(profile: Path) -> None:
    """Once the extension's renderer runs (Chromium preloads its UI's pages before), none is the UI's."""
    wait_for(lambda: any(EXTENSION in command for command in renderers(profile)), 15, "the extension's renderer")
    assert not [command for command in renderers(profile) if BROWSER_UI in command], "a renderer for its own UI"


def test_a_new_profile_starts_no_renderer_for_browser_ui_headless_never_shows(tmp_path: Path) -> None:
    require_chromium()
    with chromium_with_extension(free_port(), tmp_path / "driven", paired=False):
        assert_no_browser_ui_renderer(tmp_path / "driven" / "profile")

    extension = headless_chromium.extension_for_port(free_port(), tmp_path / "extension")
    chromium = headless_chromium.launch(extension, tmp_path / "profile", "about:blank")
    try:
        assert_no_browser_ui_renderer(tmp_path / "profile")
    finally:
        headless_chromium.stop(chromium)

"""A headless Chromium with the Gasoline extension loaded, for the demo and the tests.

Chromium comes from the system (Debian's `chromium` package); nothing here downloads a browser.
The extension is copied with its defaults.json pointing at the daemon's port, so each run talks
to its own daemon; its id stays the same, pinned by the manifest's key.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

from .built_extension import extension_dir

# Headless as root needs --no-sandbox; the rest keep Chromium from calling hosts it cannot reach.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


class BrowserUnavailable(RuntimeError):
    pass


def chromium_path() -> str:
    """The system Chromium ($GASOLINE_CHROMIUM, else `chromium` on PATH)."""
    found = os.environ.get("GASOLINE_CHROMIUM") or shutil.which("chromium")
    if not found:
        raise BrowserUnavailable("Chromium is not installed: `apt-get install chromium` (or set GASOLINE_CHROMIUM)")
    return found


def extension_for_port(port: int, destination: Path, built: Path | None = None) -> Path:
    """A copy of the built extension (this installation's, unless `built` names another) whose default
    daemon port is `port` (ExtensionNotBuilt when there is none)."""
    shutil.copytree(built or extension_dir(), destination, dirs_exist_ok=True)
    (destination / "defaults.json").write_text(json.dumps({"daemonPort": port}))
    return destination


def extension_args(extension: Path) -> list[str]:
    return [f"--disable-extensions-except={extension}", f"--load-extension={extension}"]


def launch(extension: Path, profile: Path, *urls: str) -> subprocess.Popen[bytes]:
    """Chromium in its own process group with a fresh profile and the extension, nothing attached."""
    return subprocess.Popen(
        [chromium_path(), *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *extension_args(extension), *urls],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


def stop(process: subprocess.Popen[bytes]) -> None:
    """A headless Chromium never exits by itself: kill its whole process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)

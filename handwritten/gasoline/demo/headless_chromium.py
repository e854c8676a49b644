"""A headless Chromium with the Gasoline extension loaded, for the demo and the tests.

Chromium comes from the system (Debian's `chromium` package); nothing here downloads a browser.
The extension is copied with its defaults.json pointing at the daemon's port, so each run talks
to its own daemon; its id stays the same, pinned by the manifest's key. `pair` pairs it with the
daemon as a person would: its popup, given a one-time code from the daemon.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
from pathlib import Path

from gasoline_generated.policy import EXTENSION_ORIGIN

from ..built_extension import extension_dir
from ..local_http import request_json
from ..state import DaemonFiles

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

# Headless Chromium never shows its omnibox, yet at every start it preloads the omnibox's two WebUI
# popups in a renderer of their own: about 1.4 CPU-s, a third of a start. A new profile switches them
# off as chrome://flags does ("@2" is a flag's Disabled), which adds to the features a launcher such
# as Playwright disables on the command line; a second --disable-features would replace its list.
UNSHOWN_BROWSER_UI = ("webui-omnibox-popup@2", "webui-omnibox-aim-popup@2")


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


def new_profile(profile: Path) -> Path:
    """The profile directory, set up as a new profile without the browser UI headless never shows
    (a profile Chromium already wrote is left as it is: it keeps its flags)."""
    local_state = profile / "Local State"
    if not local_state.exists():
        profile.mkdir(parents=True, exist_ok=True)
        local_state.write_text(json.dumps({"browser": {"enabled_labs_experiments": list(UNSHOWN_BROWSER_UI)}}))
    return profile


def extension_args(extension: Path) -> list[str]:
    return [f"--disable-extensions-except={extension}", f"--load-extension={extension}"]


def launch(extension: Path, profile: Path, url: str, *flags: str) -> subprocess.Popen[bytes]:
    """Chromium in its own process group with a fresh profile and the extension, nothing attached,
    on one page (headless Chromium takes one on its command line; open_tab opens more)."""
    return subprocess.Popen(
        [
            chromium_path(),
            *CHROMIUM_FLAGS,
            *flags,
            f"--user-data-dir={new_profile(profile)}",
            *extension_args(extension),
            url,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )


# With this flag Chromium serves its DevTools HTTP endpoint on a port it picks, written in the profile.
TABS_FLAG = "--remote-debugging-port=0"


def open_tab(profile: Path, url: str, seconds: float = 15) -> None:
    """Open a page in a Chromium launched with TABS_FLAG, through its DevTools HTTP endpoint
    (PUT /json/new), with nothing attached to the page afterwards."""
    import http.client
    import time
    from urllib.parse import quote

    written = profile / "DevToolsActivePort"
    deadline = time.monotonic() + seconds
    while not written.exists() or not written.read_text().strip():
        if time.monotonic() > deadline:
            raise BrowserUnavailable(f"Chromium wrote no {written.name} in {seconds} s")
        time.sleep(0.05)
    port = int(written.read_text().split()[0])
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=seconds)
    try:
        connection.request("PUT", "/json/new?" + quote(url, safe=":/?=&"))
        if connection.getresponse().status != 200:
            raise BrowserUnavailable(f"Chromium did not open {url}")
    finally:
        connection.close()


def stop(process: subprocess.Popen[bytes]) -> None:
    """A headless Chromium never exits by itself: kill its whole process group."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def pairing_code(port: int) -> str:
    """A one-time code from the daemon on port, asked for as `gasoline pair` asks (with the approver
    token of this state directory)."""
    files = DaemonFiles.for_port(port)
    status, answer = request_json(port, "POST", "/pairing", files.read_token(files.approver_token))
    if status != 200:
        raise BrowserUnavailable(f"the daemon on port {port} gave no pairing code: {answer}")
    return str(answer["code"])


def pair(profile: Path, code: str) -> None:
    """Pair the extension of a Chromium launched with TABS_FLAG by the code, as when a person types it
    in: its popup, opened with it (popup.html#pair=...), trades it for the extension's token."""
    open_tab(profile, f"{EXTENSION_ORIGIN}/popup.html#pair={code}")

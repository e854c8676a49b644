"""gasoline doctor: a line per check, pass or fail with a hint, and an exit status to match."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gasoline_generated.contracts import EXTENSION_CONTRACT

from .conftest import Isolated
from .processes import PYTHON, Daemon, environment, kill_group, post_as_extension, wait_for

CHECKS = [
    "stdio initialize",
    "stdio tools/list",
    "stdio tools/call via the daemon",
    "daemon pid and version (health handshake)",
    "HTTP initialize",
    "policy files loaded",
    "extension pairing",
    "extension contract",
]
MAJOR = int(EXTENSION_CONTRACT.split(".")[0])
OLDER, NEWER = f"{MAJOR - 1}.9", f"{MAJOR + 1}.0"  # another major version on either side

FOREIGN_SERVER = """
import sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class NotUs(BaseHTTPRequestHandler):
    def do_GET(self):
        self.send_response(200); self.send_header("Content-Length", "5"); self.end_headers(); self.wfile.write(b"hello")
    do_POST = do_GET
    def log_message(self, *args): pass
HTTPServer(("127.0.0.1", int(sys.argv[1])), NotUs).serve_forever()
"""


def doctor(isolated: Isolated) -> subprocess.CompletedProcess[str]:
    env = environment(isolated.state_dir, isolated.port)
    return subprocess.run(
        [sys.executable, "-m", "gasoline", "doctor"], env=env, capture_output=True, text=True, timeout=120
    )


def test_every_check_passes_on_a_working_chain(isolated: Isolated) -> None:
    result = doctor(isolated)
    assert result.returncode == 0, result.stdout
    lines = result.stdout.splitlines()
    assert [line.split(": ")[0] for line in lines[1:-1]] == [f"PASS  {check}" for check in CHECKS]
    assert lines[-1] == "all checks passed"
    assert lines[-2] == "PASS  extension contract: no extension has synced with this daemon yet: nothing to compare"


def sync_as(daemon: Daemon, contract_version: str) -> None:
    settings = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}
    sync = {
        "extension_version": "0.1.0",
        "settings": settings,
        "dropped_events": 0,
        "contract_version": contract_version,
    }
    assert post_as_extension(daemon.port, "/sync", sync)[0] == 200


def test_an_extension_that_fits_passes_naming_both_versions(isolated: Isolated, daemon: Daemon) -> None:
    sync_as(daemon, EXTENSION_CONTRACT)
    result = doctor(isolated)
    assert result.returncode == 0, result.stdout
    expected = f"The extension speaks {EXTENSION_CONTRACT} and this daemon {EXTENSION_CONTRACT}: they work together."
    assert f"PASS  extension contract: {expected}" in result.stdout.splitlines()


def test_an_extension_that_is_not_paired_fails_saying_how_to_pair(isolated: Isolated, daemon: Daemon) -> None:
    settings = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}
    sync = {"extension_version": "0.1.0", "settings": settings, "dropped_events": 0}
    assert post_as_extension(daemon.port, "/sync", sync, paired=False)[0] == 401
    result = doctor(isolated)
    assert result.returncode == 1, result.stdout
    [failed] = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert failed.startswith("FAIL  extension pairing: the browser extension is not paired"), failed
    assert failed.endswith("(hint: run `gasoline pair` and type the code into the Gasoline popup)"), failed


@pytest.mark.parametrize(
    ("version", "verdict", "hint"),
    [
        (
            OLDER,
            "extension too old",
            f"Update the Gasoline extension: it speaks {OLDER} and this daemon {EXTENSION_CONTRACT}.",
        ),
        (
            NEWER,
            "extension too new",
            f"Update Gasoline (the daemon): the extension speaks {NEWER} and this daemon {EXTENSION_CONTRACT}.",
        ),
    ],
)
def test_an_extension_that_does_not_fit_fails_saying_what_to_update(
    isolated: Isolated, daemon: Daemon, version: str, verdict: str, hint: str
) -> None:
    sync_as(daemon, version)
    result = doctor(isolated)
    assert result.returncode == 1, result.stdout
    [failed] = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    versions = f"the extension speaks {version}, this daemon {EXTENSION_CONTRACT}"
    assert failed == f"FAIL  extension contract: {verdict}: {versions} (hint: {hint})"


def test_a_port_held_by_another_program_fails_with_hints(isolated: Isolated) -> None:
    squatter = subprocess.Popen([PYTHON, "-c", FOREIGN_SERVER, str(isolated.port)], start_new_session=True)
    try:
        wait_for(
            lambda: (
                subprocess.run(
                    ["ss", "-ltn", f"sport = :{isolated.port}"], capture_output=True, text=True
                ).stdout.count("\n")
                > 1
            ),
            what="the other program listening",
        )
        result = doctor(isolated)
    finally:
        kill_group(squatter)
    assert result.returncode == 1
    failed = [line for line in result.stdout.splitlines() if line.startswith("FAIL")]
    assert failed and all("(hint: " in line for line in failed)
    assert any("is used by another program" in line for line in failed)
    assert result.stdout.splitlines()[1].startswith("PASS  stdio initialize"), (
        "the bridge still answers from generated data"
    )

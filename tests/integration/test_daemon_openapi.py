"""schemathesis against a running daemon: every route of its OpenAPI document (/health, /events,
/sync) with generated valid and invalid requests: no 5xx, and no answer the document does not allow."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path

from .processes import ROOT, Daemon, post_as_extension

SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
DOCUMENT = ROOT / "generated" / "openapi" / "daemon.json"


SETTINGS = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}


def release_long_polls(port: int, stop: threading.Event) -> None:
    """A newer waiting sync releases an older one: short polls keep the generated ones (which may
    ask to wait the full poll_wait_ms) from holding up the run."""
    while not stop.is_set():
        post_as_extension(
            port, "/sync", {"extension_version": "t", "settings": SETTINGS, "dropped_events": 0, "wait_ms": 200}
        )


def test_the_daemon_keeps_to_its_openapi_document(daemon: Daemon, tmp_path: Path) -> None:
    stop = threading.Event()
    releaser = threading.Thread(target=release_long_polls, args=(daemon.port, stop), daemon=True)
    releaser.start()
    try:
        run = schemathesis(daemon, tmp_path)
    finally:
        stop.set()
        releaser.join(5)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    assert "Tested: 3" in report, report[-2000:]


def schemathesis(daemon: Daemon, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            str(SCHEMATHESIS),
            "run",
            str(DOCUMENT),
            "--url",
            f"http://127.0.0.1:{daemon.port}",
            "--checks",
            "all",
            "--max-examples",
            "100",
            "--workers",
            "1",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )

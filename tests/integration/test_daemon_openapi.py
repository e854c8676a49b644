"""schemathesis against a running daemon: every route of its OpenAPI document (/health, /events,
/sync) with generated valid and invalid requests: no 5xx, and no answer the document does not allow."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from .processes import ROOT, Daemon

SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
DOCUMENT = ROOT / "generated" / "openapi" / "daemon.json"


def test_the_daemon_keeps_to_its_openapi_document(daemon: Daemon, tmp_path: Path) -> None:
    run = subprocess.run(
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
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    assert "Tested: 3" in report, report[-2000:]

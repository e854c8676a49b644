"""gasoline doctor: a line per check, pass or fail with a hint, and an exit status to match."""

from __future__ import annotations

import subprocess
import sys

from .conftest import Isolated
from .processes import PYTHON, environment, kill_group, wait_for

CHECKS = [
    "stdio initialize",
    "stdio tools/list",
    "stdio tools/call via the daemon",
    "daemon pid and version (health handshake)",
    "HTTP initialize",
    "policy files loaded",
]

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

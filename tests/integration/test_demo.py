"""The demo (what `python3 tasks.py demo` runs after setup) tells the truth about a working build."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from .processes import wait_for


def test_the_demo_runs_the_real_chain_and_cleans_up(tmp_path: Path) -> None:
    env = {key: value for key, value in os.environ.items() if not key.startswith("GASOLINE_")}
    env["GASOLINE_PROJECT_DIR"] = str(tmp_path)  # no project config of the checkout's
    shown = subprocess.run(
        [sys.executable, "-m", "gasoline.demo"], env=env, capture_output=True, text=True, timeout=180
    )
    assert shown.returncode == 0, shown.stderr
    out = shown.stdout
    assert "'Gasoline Demo Shop'" in out, "the MCP client sees the page in Chromium"
    assert "error: TypeError: demo uncaught" in out and "unhandledrejection: Error: demo rejection" in out
    assert "network_error fetch GET" in out and "/api/cart -> 500" in out
    assert "/chat closed (1000 'bye')" in out and "(cut from 8216 bytes)" in out
    assert "<- protocol 2025-11-25" in out
    assert "[REDACTED:api_key:" in out and "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x" not in out
    assert "<- approval_required: Empty the capture buffers logs" in out
    assert re.search(r'<- \{"cleared": \{"logs": (\d+)\}, "total": \1\}', out) and "<- approval_replayed" in out
    assert "-> code_search('function lineTotal')  <- cart.js:3" in out
    assert "git diff --cached: cart.js +1 -1; nothing committed" in out
    assert "<- passed: 1 passed, 0 failed (node)" in out and "<- rolled_back cart.js; git status: clean" in out
    assert "Marie Curie (team)']" in out, "the page in Chromium shows the customer the backend was seeded with"
    assert "<- restored, checksum the snapshot's" in out and "<- ['Ada Lovelace (pro)', 'Grace Hopper (free)']" in out
    assert "[('create_test_user', 'success'), ('reset_database', 'success')]" in out
    assert "evidence card Errors: " in out and "uncaught TypeError" in out.split("asked in the panel", 1)[1]
    stands_out = (
        r"answer:\n +No model is configured; from the evidence, what stands out:\n"
        r"(?: +- .*\n)*? +- .*TypeError"
    )
    assert re.search(stands_out, out), "the uncaught TypeError is among what stands out, newest first"
    assert "all checks passed" in out
    port = out.split("(demo daemon on port ", 1)[1].split(")", 1)[0]

    def daemon_gone() -> bool:
        found = subprocess.run(["pgrep", "-f", f"gasoline daemon --port {port}"], capture_output=True, text=True)
        return found.stdout == ""

    wait_for(daemon_gone, what="the demo's daemon to be stopped")

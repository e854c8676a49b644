"""The npm-installed MCP tools (conformance suite, Inspector CLI), run on the Node 22 they bring."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from .processes import ROOT

BIN = ROOT / "tests" / "mcp-tools" / "node_modules" / ".bin"


def run_tool(
    tool: str, *args: str, home: Path, timeout: float = 300, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    if not (BIN / tool).exists():
        raise FileNotFoundError(f"{BIN / tool} is missing: run `python3 tasks.py setup`")
    environment = {**(env or os.environ), "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}", "HOME": str(home)}
    return subprocess.run([str(BIN / tool), *args], env=environment, capture_output=True, text=True, timeout=timeout)

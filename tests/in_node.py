"""Run the extension's TypeScript modules in Node, to compare them with the daemon's Python.

An entry module (TypeScript, importing from extension/src/) is bundled with the extension's own
esbuild for Node, then fed requests, one JSON document a line on stdin; it answers one JSON line
per request on stdout, in order.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
NODE_MODULES = ROOT / "extension" / "node_modules"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"


def bundle_for_node(entry: Path, out_dir: Path) -> Path:
    """The entry and everything it imports as one ES module for Node."""
    out = out_dir / f"{entry.stem}.mjs"
    built = subprocess.run(
        [
            str(ESBUILD),
            str(entry),
            "--bundle",
            "--platform=node",
            "--format=esm",
            "--target=node20",
            f"--outfile={out}",
        ],
        env={**os.environ, "NODE_PATH": str(NODE_MODULES)},  # the extension's packages, for entries outside it
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert built.returncode == 0, built.stderr
    return out


def answers(bundle: Path, requests: list[Any], timeout: float = 300) -> list[Any]:
    """What the bundled entry answers to each request."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run the extension's modules"
    stdin = "".join(json.dumps(request) + "\n" for request in requests)
    result = subprocess.run([node, str(bundle)], input=stdin, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, result.stderr[-4000:]
    lines = result.stdout.splitlines()
    assert len(lines) == len(requests), result.stderr[-4000:]
    return [json.loads(line) for line in lines]

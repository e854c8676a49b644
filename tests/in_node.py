"""Run the extension's TypeScript modules in Node, to compare them with the daemon's Python.

An entry module (TypeScript, importing from extension/src/) is bundled with the extension's own
esbuild for Node, then fed requests, one JSON document a line on stdin; it answers one JSON line
per request on stdout, in order, once a batch ends (an empty line or the end of the input).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

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


class RunningEntry:
    """A bundled entry's Node process, kept for many batches of requests (a module's tests): Node
    starts, and the entry builds what it caches, once."""

    def __init__(self, process: subprocess.Popen[str], errors: IO[bytes]) -> None:
        self._process, self._errors = process, errors

    def answers(self, requests: list[Any], timeout: float = 300) -> list[Any]:
        """What the entry answers to each request: written as one batch, ended by an empty line."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        stopper = threading.Timer(timeout, self._process.kill)  # a hung entry fails the test, not the run
        stopper.start()
        try:
            stdin.write("".join(json.dumps(request) + "\n" for request in requests) + "\n")
            stdin.flush()
            lines = [stdout.readline() for _ in requests]
        finally:
            stopper.cancel()
        assert all(lines), f"the entry answered {sum(map(bool, lines))} of {len(requests)}: {self.errors()}"
        return [json.loads(line) for line in lines]

    def errors(self) -> str:
        """The tail of what the entry wrote to stderr."""
        self._errors.seek(0)
        return self._errors.read().decode(errors="replace")[-4000:]


@contextmanager
def running(bundle: Path) -> Iterator[RunningEntry]:
    """The bundled entry running in Node until the block ends, when it must exit cleanly."""
    node = shutil.which("node")
    assert node, "Node.js is needed to run the extension's modules"
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [node, str(bundle)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors, text=True
        )
        entry = RunningEntry(process, errors)
        try:
            yield entry
        finally:
            assert process.stdin is not None
            process.stdin.close()
            try:
                ended = process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                raise
        assert ended == 0, entry.errors()


def answers(bundle: Path, requests: list[Any], timeout: float = 300) -> list[Any]:
    """What the bundled entry answers to each request, in a Node process of their own."""
    with running(bundle) as entry:
        return entry.answers(requests, timeout)

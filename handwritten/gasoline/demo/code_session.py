"""The demo's code session: an assistant fixes a bug it saw in the browser, in a repository of
its own (a copy of the checkout page, in a fresh git repository), through MCP calls only."""

from __future__ import annotations

import functools
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from gasoline.demo import headless_chromium
from gasoline.demo_app import CHECKOUT
from gasoline.doctor import StdioSession
from gasoline_generated.dispatch import APPROVAL_PARAMETER

WAIT_SECONDS = 20
FIX = "  return line.price * (line.quantity ?? 1);"


class QuietFiles(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        """The demo prints what the assistant sees, not an access log."""


@contextmanager
def served(directory: Path) -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(QuietFiles, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def git(repo: Path, *args: str) -> str:
    identity = ["-c", "user.name=Demo", "-c", "user.email=demo@example.test"]
    return subprocess.run(["git", *identity, *args], cwd=repo, check=True, capture_output=True, text=True).stdout


class Assistant:
    """An MCP client in the repository; the person at the keyboard approves what it asks to do."""

    def __init__(self, repo: Path) -> None:
        self.client = StdioSession(GASOLINE_PROJECT_DIR=str(repo))
        self.client.initialize("demo-assistant")

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        result = self.client.request("tools/call", {"name": tool, "arguments": arguments})
        structured: dict[str, Any] = result.get("structuredContent") or {}
        if result.get("isError") and structured.get("error") == "approval_required":
            request_id = structured["details"]["request_id"]
            print(f"   <- approval_required: {structured['details']['summary']}")
            subprocess.run([sys.executable, "-m", "gasoline", "approve", request_id], check=True, capture_output=True)
            print(f"   $ gasoline approve {request_id}  (the person at the keyboard)")
            result = self.client.request(
                "tools/call", {"name": tool, "arguments": {**arguments, APPROVAL_PARAMETER: request_id}}
            )
            structured = result.get("structuredContent") or {}
        if result.get("isError"):
            raise RuntimeError(f"{tool}({arguments}) failed: {result['content'][0]['text']}")
        return structured

    def close(self) -> None:
        self.client.close()


def code_session(port: int) -> None:
    """Open the checkout page in Chromium, then find, fix, test and roll back its bug."""
    with tempfile.TemporaryDirectory(prefix="gasoline-demo-code-") as work:
        repo = Path(work) / "checkout"
        shutil.copytree(CHECKOUT, repo)
        git(repo, "init", "-q", "-b", "main")
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", "checkout")
        with served(repo) as url, assistant_at_page(port, Path(work), url, repo) as assistant:
            fix_the_bug(assistant, repo)


@contextmanager
def assistant_at_page(port: int, work: Path, url: str, project: Path) -> Iterator[Assistant]:
    """Chromium with the extension open at url, and an assistant whose client runs in project;
    both gone when the block ends."""
    extension = headless_chromium.extension_for_port(port, work / "extension")
    chromium = headless_chromium.launch(extension, work / "profile", url, headless_chromium.TABS_FLAG)
    assistant = Assistant(project)
    try:
        headless_chromium.pair(
            work / "profile", headless_chromium.pairing_code(port)
        )  # the daemon serves since the first act
        yield assistant
    finally:
        assistant.close()
        headless_chromium.stop(chromium)


def fix_the_bug(assistant: Assistant, repo: Path) -> None:
    print(f"(a checkout page served from {repo}, a git repository; the assistant's client runs there)")
    deadline = time.monotonic() + WAIT_SECONDS
    seen: list[dict[str, Any]] = []
    while not seen and time.monotonic() < deadline:
        entries = assistant.call("observe", what="errors")["entries"]
        seen = [entry for entry in entries if "valueOf" in str(entry.get("message"))]
        time.sleep(0.2)
    if not seen:
        raise RuntimeError("the checkout page's error did not arrive")
    where = str(seen[0].get("stack", "")).splitlines()[1:2]
    print(f"-> observe(what='errors')  <- {seen[0]['message']} {where[0].strip() if where else ''}")
    found = assistant.call("interact", action="code_search", pattern="function lineTotal")["matches"][0]
    print(f"-> code_search('function lineTotal')  <- {found['path']}:{found['line']}  {found['context']}")
    read = assistant.call("interact", action="code_read", file_path="cart.js", line_range=[4, 4])
    print(
        f"-> code_read(cart.js, [4, 4])  <- {read['content'].strip()!r}, "
        f"hash {read['content_hash']}, {read['git_status']}"
    )
    print("-> code_modify(cart.js, replace [4, 4], expected=hash, correlation_id='bug-42')")
    fixed = assistant.call(
        "interact",
        action="code_modify",
        file_path="cart.js",
        operation="replace",
        line_range=[4, 4],
        new_content=FIX,
        expected=read["content_hash"],
        correlation_id="bug-42",
        reason="a line without a quantity counts once",
    )
    added, removed, name = git(repo, "diff", "--cached", "--numstat").split()
    print(f"   <- {fixed['modification_id']}; git diff --cached: {name} +{added} -{removed}; nothing committed")
    print("-> run_tests(correlation_id='bug-42')")
    tests = assistant.call("interact", action="run_tests", correlation_id="bug-42")
    print(
        f"   <- {tests['status']}: {tests['tests_passed']} passed, "
        f"{tests['tests_failed']} failed ({tests['framework']})"
    )
    log = assistant.call("observe", what="modification_log", correlation_id="bug-42")["entries"]
    print(f"-> observe(what='modification_log', correlation_id='bug-42')  <- {[e['modification_id'] for e in log]}")
    print(f"-> code_rollback({fixed['modification_id']})")
    undone = assistant.call("interact", action="code_rollback", modification_id=fixed["modification_id"])
    status = git(repo, "status", "--porcelain").strip() or "clean"
    print(f"   <- {undone['status']} {undone['file']}; git status: {status}")

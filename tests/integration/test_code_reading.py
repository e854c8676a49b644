"""code_search and code_read through MCP, in real git repositories made here: each client's own
repository (bridge's directory, MCP roots, two clients on one daemon), ranked ripgrep matches,
files read with their outline, git status and hash, and every path that would leave the
repository refused."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest

from gasoline_generated.policy import LIMITS

from .conftest import Isolated
from .processes import Bridge, Daemon, environment, running_bridge

CART_TS = """import { api } from "./api";

export interface CartItem { id: string; price: number }

export class Cart {
  items: CartItem[] = [];
  total(): number {
    return this.items.reduce((sum, item) => sum + item.price, 0);
  }
}

export const handleCheckout = async (cart: Cart) => {
  const response = await api.post("/checkout", cart.items);
  return response.json();
};
"""
APP_PY = """import os


class Store:
    def handle_checkout(self, cart):
        return sum(cart)


def main():
    print(Store().handle_checkout([1, 2]))
"""
MAIN_GO = """package main

type Cart struct{ items []int }

type Pricer interface{ Price() int }

func (c *Cart) Total() int { return len(c.items) }

func main() {}
"""


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def make_repository(root: Path, files: dict[str, str]) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    git(root, "init", "-q", "-b", "main")
    git(root, "config", "user.email", "dev@example.test")
    git(root, "config", "user.name", "Dev")
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "start")
    return root


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = make_repository(
        tmp_path / "shop",
        {
            "src/cart.ts": CART_TS,
            "app.py": APP_PY,
            "main.go": MAIN_GO,
            ".gitignore": "node_modules/\nbuild/\n",
            "docs/checkout.md": "How handleCheckout works.\n",
        },
    )
    (root / "node_modules" / "lib").mkdir(parents=True)
    (root / "node_modules" / "lib" / "index.js").write_text("export const handleCheckout = 1;\n")
    (root / "assets").mkdir()
    (root / "assets" / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0handleCheckout")
    (root / "legacy.txt").write_bytes("café handleCheckout\n".encode("latin-1"))
    return root


@pytest.fixture
def coder(daemon: Daemon, isolated: Isolated, repo: Path) -> Iterator[Bridge]:
    """A stdio client started in the repository (its bridge's GASOLINE_PROJECT_DIR)."""
    with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
        bridge.initialize()
        yield bridge


def failure(bridge: Bridge, action: str, **arguments: Any) -> dict[str, Any]:
    result = bridge.call("interact", {"action": action, **arguments})["result"]
    assert result["isError"] is True, result
    structured: dict[str, Any] = result["structuredContent"]
    return structured


def test_search_ranks_definitions_first_and_skips_what_git_ignores(coder: Bridge) -> None:
    found = coder.result("interact", action="code_search", pattern="handleCheckout")
    paths = [match["path"] for match in found["matches"]]
    assert paths[0] == "src/cart.ts" and found["matches"][0]["line"] == 12, found
    first = found["matches"][0]
    assert first["column"] == 14 and first["relevance_score"] == 0.9, "a whole word on a line that defines it"
    assert first["context"].startswith("export const handleCheckout = async")
    assert "docs/checkout.md" in paths and "node_modules/lib/index.js" not in paths, "ignored by .gitignore"
    assert "assets/logo.png" not in paths, "binary files are skipped"
    assert found["total_matches"] == len(found["matches"]) and found["files_matched"] == len(set(paths))
    assert found["truncated"] is False and found["search_time_ms"] >= 0

    listed = coder.call("interact", {"action": "code_search", "pattern": "handleCheckout"})["result"]["content"][0][
        "text"
    ]
    assert listed.splitlines()[1] == "src/cart.ts:12:14  export const handleCheckout = async (cart: Cart) => {"
    typescript = coder.result(
        "interact", action="code_search", pattern="handle_?checkout", case_sensitive=False, language="python|typescript"
    )
    assert {m["path"] for m in typescript["matches"]} == {"src/cart.ts", "app.py"}, typescript
    under = coder.result("interact", action="code_search", pattern="Checkout", path="docs/")
    assert [m["path"] for m in under["matches"]] == ["docs/checkout.md"]
    excluded = coder.result("interact", action="code_search", pattern="handleCheckout", exclude_patterns=["docs"])
    assert "docs/checkout.md" not in {m["path"] for m in excluded["matches"]}
    one = coder.result("interact", action="code_search", pattern="handleCheckout", limit=1)
    assert len(one["matches"]) == 1 and one["truncated"] is True and one["total_matches"] >= 2


def test_a_bad_pattern_or_language_names_the_parameter(coder: Bridge) -> None:
    bad = failure(coder, "code_search", pattern="(unclosed")
    assert bad["error"] == "invalid_arguments" and bad["problems"][0]["parameter"] == "pattern"
    assert "unclosed group" in bad["problems"][0]["message"], "the engine's own message"
    language = failure(coder, "code_search", pattern="x", language="cobol")
    assert language["problems"][0]["parameter"] == "language" and "typescript" in language["message"]


def test_read_returns_lines_outline_git_status_and_hash(coder: Bridge, repo: Path) -> None:
    whole = coder.result("interact", action="code_read", file_path="src/cart.ts")
    assert whole["content"] == CART_TS.rstrip("\n") and whole["total_lines"] == CART_TS.count("\n")
    assert whole["language"] == "typescript" and whole["git_status"] == "unchanged"
    assert whole["start_line"] == 1 and whole["end_line"] == whole["total_lines"]
    assert whole["size_bytes"] == len(CART_TS.encode())
    assert [(s["name"], s["kind"], s["start_line"], s["end_line"]) for s in whole["outline"]] == [
        ("CartItem", "interface", 3, 3),
        ("Cart", "class", 5, 10),
        ("Cart.total", "method", 7, 9),
        ("handleCheckout", "function", 12, 15),
    ]
    part = coder.result("interact", action="code_read", file_path="src/cart.ts", line_range=[12, 13])
    expected = "\n".join(CART_TS.splitlines()[11:13])
    assert part["content"] == expected and (part["start_line"], part["end_line"]) == (12, 13)
    assert part["content_hash"] == hashlib.sha256(expected.encode()).hexdigest()[:12]
    text = coder.call("interact", {"action": "code_read", "file_path": "src/cart.ts", "line_range": [12, 13]})["result"]
    assert text["content"][0]["text"].splitlines()[-2:] == [
        f"12  {CART_TS.splitlines()[11]}",
        f"13  {CART_TS.splitlines()[12]}",
    ]
    past_the_end = coder.result("interact", action="code_read", file_path="src/cart.ts", line_range=[14, 400])
    assert past_the_end["end_line"] == 15

    python = coder.result("interact", action="code_read", file_path="app.py")["outline"]
    assert [(s["name"], s["kind"]) for s in python] == [
        ("Store", "class"),
        ("Store.handle_checkout", "method"),
        ("main", "function"),
    ]
    go = coder.result("interact", action="code_read", file_path="main.go")["outline"]
    assert [(s["name"], s["kind"]) for s in go] == [
        ("Cart", "type"),
        ("Pricer", "interface"),
        ("Cart.Total", "method"),
        ("main", "function"),
    ]

    (repo / "app.py").write_text(APP_PY + "# edited\n")
    assert coder.result("interact", action="code_read", file_path="app.py")["git_status"] == "modified"
    git(repo, "add", "app.py")
    assert coder.result("interact", action="code_read", file_path="app.py")["git_status"] == "staged"
    (repo / "new.py").write_text("x = 1\n")
    assert coder.result("interact", action="code_read", file_path="new.py")["git_status"] == "untracked"
    (repo / "build").mkdir()
    (repo / "build" / "out.js").write_text("x\n")
    assert coder.result("interact", action="code_read", file_path="build/out.js")["git_status"] == "ignored"
    (repo / "empty.txt").write_text("")
    empty = coder.result("interact", action="code_read", file_path="empty.txt")
    assert (empty["content"], empty["start_line"], empty["end_line"], empty["total_lines"]) == ("", 1, 0, 0)


def test_files_it_cannot_read_are_refused_with_the_reason(coder: Bridge, repo: Path) -> None:
    with (repo / "huge.log").open("wb") as huge:
        huge.truncate(LIMITS.code.max_file_bytes + 1)
    for path, reason in [
        ("assets/logo.png", "binary"),
        ("legacy.txt", "not_utf8"),
        ("huge.log", "too_large"),
        ("nowhere.ts", "missing"),
        ("src", "not_a_file"),
    ]:
        refused = failure(coder, "code_read", file_path=path)
        assert refused["error"] == "file_unreadable" and refused["details"]["reason"] == reason, refused
    backwards = failure(coder, "code_read", file_path="src/cart.ts", line_range=[9, 3])
    assert backwards["error"] == "invalid_arguments" and backwards["problems"][0]["parameter"] == "line_range"


def test_no_path_leaves_the_repository(coder: Bridge, repo: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.txt"
    outside.write_text("TOP-SECRET-CONTENT\n")
    os.symlink(outside, repo / "link-out.txt")
    os.symlink(repo / ".git" / "config", repo / "git-config")
    os.symlink(repo / "loop-a", repo / "loop-b")
    os.symlink(repo / "loop-b", repo / "loop-a")
    (repo / ".gasoline").mkdir()
    (repo / ".gasoline" / "config.yaml").write_text("{}\n")
    corpus = [
        "../secret.txt",
        "src/../../secret.txt",
        str(outside),
        "/etc/passwd",
        "link-out.txt",
        "git-config",
        "loop-a",
        ".git/config",
        ".GIT/config",
        ".\uff47\uff49\uff54/config",  # fullwidth g, i, t: the same name once NFKC-folded
        ".gasoline/config.yaml",
        "src\\..\\..\\secret.txt",
        "src/cart.ts\0.png",
    ]
    for path in corpus:
        refused = failure(coder, "code_read", file_path=path)
        assert refused["error"] == "path_refused" and refused["details"]["path"] == path, (path, refused)
        assert "TOP-SECRET-CONTENT" not in str(refused)
    searched = failure(coder, "code_search", pattern="TOP-SECRET", path="../")
    assert searched["error"] == "path_refused"


def test_two_clients_in_two_repositories_share_one_daemon(daemon: Daemon, isolated: Isolated, tmp_path: Path) -> None:
    first = make_repository(tmp_path / "first", {"a.py": "FIRST_ONLY = 1\n"})
    second = make_repository(tmp_path / "second", {"b.py": "SECOND_ONLY = 2\n"})
    with (
        running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(first)) as one,
        running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(second / "sub")) as two,
    ):
        (second / "sub").mkdir()
        one.initialize()
        two.initialize()
        assert one.result("interact", action="code_search", pattern="_ONLY")["matches"][0]["path"] == "a.py"
        found = two.result("interact", action="code_search", pattern="_ONLY")["matches"]
        assert [m["path"] for m in found] == ["b.py"], "a client started in a sub-folder searches its whole repository"
        assert failure(one, "code_read", file_path="b.py")["details"]["reason"] == "missing"


@pytest.mark.filterwarnings("ignore:The roots capability is deprecated")  # in the 2026-07-28 era; used in 2025-11-25's
def test_the_first_file_root_a_client_declares_is_its_repository(
    daemon: Daemon, isolated: Isolated, tmp_path: Path
) -> None:
    rooted = make_repository(tmp_path / "rooted", {"r.py": "ROOTED = 1\n"})
    elsewhere = make_repository(tmp_path / "elsewhere", {"e.py": "ROOTED = 2\n"})
    roots: list[Path] = [rooted]
    # The MCP SDK is imported where it is used: it takes a second, in every process that collects this file.
    from mcp import Client, StdioServerParameters
    from mcp.types import ListRootsResult, Root

    async def list_roots(context: Any) -> ListRootsResult:
        return ListRootsResult(roots=[Root(uri=root.as_uri(), name=root.name) for root in roots])

    async def session() -> list[list[str]]:
        env = environment(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(elsewhere))
        target = StdioServerParameters(command=sys.executable, args=["-m", "gasoline"], env=env)
        seen = []
        async with Client(target, mode="legacy", list_roots_callback=list_roots) as client:
            for _ in range(2):
                result = await client.call_tool("interact", {"action": "code_search", "pattern": "ROOTED"})
                seen.append([match["path"] for match in result.structured_content["matches"]])
                roots[0] = elsewhere
                await client.session.send_roots_list_changed()
        return seen

    assert anyio.run(session) == [["r.py"], ["e.py"]], "asked again once the client said its roots changed"


def test_a_client_with_no_repository_is_told_how_to_name_one(daemon: Daemon) -> None:
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    async def call() -> Any:
        http = httpx2.AsyncClient(headers={"Authorization": f"Bearer {daemon.token}"})
        async with Client(streamable_http_client(daemon.url, http_client=http), mode="legacy") as client:
            return await client.call_tool("interact", {"action": "code_search", "pattern": "x"})

    result = anyio.run(call)
    assert result.is_error and result.structured_content["error"] == "repository_unknown"
    assert "roots" in result.content[0].text and "GASOLINE_PROJECT_DIR" in result.content[0].text


def test_search_reads_the_repository_even_when_the_daemon_reads_from_a_pipe(isolated: Isolated, repo: Path) -> None:
    """Given no path, ripgrep searches its standard input when that is a pipe (a daemon started from a
    pipeline, as a task runner starts one); the search must still be of the repository."""
    env = environment(isolated.state_dir, isolated.port)
    command = [sys.executable, "-m", "gasoline", "daemon", "--port", str(isolated.port)]
    with subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.DEVNULL) as daemon:
        try:
            with running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge:
                bridge.initialize()
                found = bridge.result("interact", action="code_search", pattern="handleCheckout")
                assert found["total_matches"] >= 2 and found["matches"][0]["path"] == "src/cart.ts", found
        finally:
            daemon.kill()

"""The code tools, call -> result through a stdio bridge and the daemon, beside the same work done
directly in the same run: code_search over a real tree of about 5,000 files nobody here wrote
(Python packages' sources from this virtual environment, copied into a fresh git repository)
beside ripgrep run directly with the same query; code_read of a 100 KB file beside reading it;
code_modify (the edit, its checkpoint, staging) beside `git add` of the file; modification_log
over 10,000 entries beside parsing them with json."""

from __future__ import annotations

import hashlib
import json
import shutil
import statistics
import subprocess
import sysconfig
import tempfile
from pathlib import Path

from measure import percentiles, report, timed

from gasoline.code.search import ripgrep
from tests.integration.processes import Bridge, running_bridge, running_daemon

TREE_FILES = 5000
TEXT_ENDINGS = {".py", ".pyi", ".txt", ".md", ".json", ".toml", ".cfg", ".ini", ".rst"}
QUERY = r"def \w+_(?:handler|callback)\b|class \w+Error\("
CALLS = 30
ALLOW = """approvals:
  allow:
    - {tool: interact, mode: code_modify}
"""


def git(repo: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def real_tree(repo: Path) -> int:
    """Copy text files of installed packages' sources into repo (a fresh git repository): a sample
    spread over every package (ordered by a hash of the path), so that which packages happen to be
    installed first in alphabetical order does not decide what the tree holds."""
    site = Path(sysconfig.get_path("purelib"))
    candidates = [
        source
        for package in site.iterdir()
        if package.is_dir() and not package.name.endswith(".dist-info")
        for source in package.rglob("*")
        if source.suffix in TEXT_ENDINGS and "__pycache__" not in source.parts and source.is_file()
    ]
    chosen = sorted(candidates, key=lambda path: hashlib.sha256(str(path.relative_to(site)).encode()).digest())
    for source in chosen[:TREE_FILES]:
        target = repo / source.relative_to(site)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    copied = min(len(chosen), TREE_FILES)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "-c", "user.email=b@example.test", "-c", "user.name=bench", "commit", "-q", "-m", "tree")
    return copied


def code() -> None:
    with tempfile.TemporaryDirectory() as work:
        root = Path(work)
        repo = root / "tree"
        repo.mkdir()
        files = real_tree(repo)
        state = root / "state"
        state.mkdir()
        (root / ".gasoline").mkdir()
        (root / ".gasoline" / "config.yaml").write_text(ALLOW)
        with (
            running_daemon(state, forked=False) as daemon,
            running_bridge(state, daemon.port, GASOLINE_PROJECT_DIR=str(repo)) as bridge,
        ):
            bridge.initialize()
            search(bridge, repo, files)
            read_and_modify(bridge, repo)
            modification_log(bridge, repo)


def search(bridge: Bridge, repo: Path, files: int) -> None:
    def ours() -> None:
        found = bridge.call("interact", {"action": "code_search", "pattern": QUERY, "limit": 50})["result"]
        assert found["structuredContent"].get("total_matches", 0) > 0, found["content"][0]["text"][:2000]

    rg = ripgrep()

    def direct() -> None:
        subprocess.run(
            [rg, "--no-config", "-e", QUERY, "."], cwd=repo, check=True, capture_output=True, stdin=subprocess.DEVNULL
        )

    timed(ours, 3)
    timed(direct, 3)
    ours_p50, direct_p50 = statistics.median(timed(ours, CALLS)), statistics.median(timed(direct, CALLS))
    report(f"code_search, {files} files, p50", ours_p50, direct_p50, "ms", "reference: rg", goal="code.search_p50")
    report("  code_search beside rg, p50", ours_p50, direct_p50, "ms", goal="code.search_vs_rg")


def read_and_modify(bridge: Bridge, repo: Path) -> None:
    big = repo / "big_module.py"
    big.write_text("".join(f"def function_{n}(value):\n    return value * {n}  # {'x' * 20}\n\n" for n in range(1400)))
    git(repo, "add", "big_module.py")
    size_kb = big.stat().st_size // 1000
    reads = timed(lambda: bridge.result("interact", action="code_read", file_path="big_module.py"), CALLS)
    direct = timed(lambda: big.read_text(), CALLS)
    report(
        f"code_read of a {size_kb} KB file, p50",
        statistics.median(reads),
        statistics.median(direct),
        "ms",
        goal="code.read_p50",
    )

    counter = iter(range(10**6))

    def modify() -> None:
        line = next(counter) % 100 + 1
        bridge.result(
            "interact",
            action="code_modify",
            file_path="big_module.py",
            operation="insert_after",
            line=line,
            new_content="# x",
        )

    modifies = timed(modify, CALLS)
    adds = timed(lambda: git(repo, "add", "big_module.py"), CALLS)
    p50, _ = percentiles(modifies)
    report(
        "code_modify incl. staging, p50",
        p50,
        statistics.median(adds),
        "ms",
        "reference: git add",
        goal="code.modify_p50",
    )


def modification_log(bridge: Bridge, repo: Path) -> None:
    log = repo / ".gasoline" / "modifications.jsonl"
    template = json.loads(log.read_text().splitlines()[0])
    with log.open("a") as out:
        for n in range(10_000 - len(log.read_text().splitlines())):
            out.write(json.dumps({**template, "modification_id": f"mod-bench-{n}"}) + "\n")
    lines = log.read_text().splitlines()
    first = timed(lambda: bridge.result("observe", what="modification_log", limit=50), 1)[0]
    later = statistics.median(timed(lambda: bridge.result("observe", what="modification_log", limit=50), CALLS))
    parse = statistics.median(timed(lambda: [json.loads(line) for line in lines], 5))
    report(
        f"modification_log, {len(lines)} entries, first",
        first,
        parse,
        "ms",
        "reference: json",
        goal="code.modification_log_first",
    )
    report(f"modification_log, {len(lines)} entries, p50", later, parse, "ms", goal="code.modification_log_p50")

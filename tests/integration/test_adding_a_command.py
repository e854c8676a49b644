"""Adding a browser command end to end takes five hand-edited files and no Python: the command's spec,
the mode that forwards it, the page function that runs it, and one line in each of the extension's
two command tables (the worker's and the page's); and, where the extension contract or the tool
surface has its version released already, their next versions in spec/contracts.yaml. Until the
extension implements a kind the spec declares, it does not build; once it does, the new mode
answers through MCP from a real page."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from gasoline_codegen.generate import files_on_disk

from ..conftest import ROOT, repo_env, run_codegen, run_python
from .browsers import chromium_with_extension
from .contract_versions import CONTRACTS, open_for_additions
from .fixture_site import fixture_site
from .processes import free_port, kill_daemons_of, running_bridge, running_daemon, wait_for

pytestmark = pytest.mark.slow

EXTENSION = ROOT / "extension"
EXTENSION_FILES = ("src", "tsconfig.json", "build.mjs", "package.json")

COMMAND_SPEC = """\
kind: element_count
since: "{since}"
title: ElementCount
description: The analyze(what=element_count) call of the same name, run by the extension in the page.
timeout_ms: {$limit: timeouts.dom_query_ms}
params:
  type: object
  properties:
    selector: {type: string, minLength: 1, description: CSS selector to query.}
  required: [selector]
result:
  type: object
  properties:
    count: {type: integer, minimum: 0, description: How many elements match.}
  required: [count]
examples:
  params:
    valid: [{selector: li.item}]
    invalid: [{value: {}, reason: selector missing}, {value: {selector: ""}, reason: empty selector}]
  result:
    valid: [{count: 60}]
    invalid: [{value: {count: -1}, reason: a negative count}]
"""

MODE_SPEC = """\
mode: element_count
status: implemented
summary: How many elements match a CSS selector.
description: Counts the elements of the tracked tab (otherwise the active tab) that match selector.
mutation: read_only
gates: []
long_running: false
limits: [timeouts.dom_query_ms]
command: element_count
"""

PAGE_FUNCTION = """
export function elementCount(params: ElementCountParams): ElementCountResult {
  return { count: queryAll(params.selector).length };
}
"""

HAND_EDITED = {
    "spec/messages/commands/element_count.yaml",
    "spec/tools/analyze/element_count.yaml",
    "extension/src/page/queries.ts",
    "extension/src/page-commands.ts",
    "extension/src/background/commands/run.ts",
}


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def npm(extension: Path, script: str) -> subprocess.CompletedProcess[str]:
    command = ["npm", "run", "--silent", script]
    return subprocess.run(command, cwd=extension, capture_output=True, text=True, timeout=300)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{path}: {old!r} not found"
    path.write_text(text.replace(old, new, 1))


def implement_in_the_extension(src: Path) -> None:
    queries = src / "page/queries.ts"
    edit(queries, "import type { ", "import type { ElementCountParams, ElementCountResult, ")
    queries.write_text(queries.read_text() + PAGE_FUNCTION)
    page_commands = src / "page-commands.ts"
    edit(page_commands, "import { domQuery, pageInfo }", "import { domQuery, elementCount, pageInfo }")
    edit(page_commands, "  dom_query: domQuery,\n", "  dom_query: domQuery,\n  element_count: elementCount,\n")
    run = src / "background/commands/run.ts"
    edit(run, "  dom_query: inPageCommand,\n", "  dom_query: inPageCommand,\n  element_count: inPageCommand,\n")


def test_a_new_browser_command_end_to_end(repo_copy: Path, tmp_path: Path) -> None:
    extension = repo_copy / "extension"
    for name in EXTENSION_FILES:
        copy = shutil.copytree if (EXTENSION / name).is_dir() else shutil.copy2
        copy(EXTENSION / name, extension / name)
    shutil.copy2(ROOT / ".gitignore", repo_copy / ".gitignore")
    git(repo_copy, "init", "-q")
    git(repo_copy, "add", "-A")
    git(repo_copy, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    # A link, which .gitignore's "node_modules/" (directories only) does not cover.
    (extension / "node_modules").symlink_to(EXTENSION / "node_modules")
    with (repo_copy / ".git/info/exclude").open("a") as exclude:
        exclude.write("/extension/node_modules\n")

    since, raised = open_for_additions(repo_copy, "extension")
    raised = open_for_additions(repo_copy, "tools")[1] or raised
    (repo_copy / "spec/messages/commands/element_count.yaml").write_text(COMMAND_SPEC.replace("{since}", since))
    (repo_copy / "spec/tools/analyze/element_count.yaml").write_text(MODE_SPEC)
    generated = run_codegen(repo_copy, "gen")
    assert generated.returncode == 0, generated.stdout + generated.stderr

    unimplemented = npm(extension, "build")
    assert unimplemented.returncode != 0
    assert re.search(r"run\.ts.*Property 'element_count' is missing", unimplemented.stdout, re.S), unimplemented.stdout

    implement_in_the_extension(extension / "src")
    built = npm(extension, "build")
    assert built.returncode == 0, built.stdout + built.stderr
    checks = ("generated/tests", "tests/unit/test_handler_coverage.py")
    contract = run_python(repo_copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", *checks)
    assert contract.returncode == 0, contract.stdout

    hand_edited = {
        line[3:]
        for line in git(repo_copy, "status", "--porcelain", "-uall").splitlines()
        if line[3:] not in files_on_disk(repo_copy)
    }
    assert hand_edited == HAND_EDITED | ({CONTRACTS} if raised else set())

    state_dir, port, copy_env = tmp_path / "state", free_port(), repo_env(repo_copy)
    state_dir.mkdir()
    python_path = {"PYTHONPATH": copy_env["PYTHONPATH"]}
    try:
        with (
            fixture_site() as site,
            running_daemon(state_dir, port=port, **python_path),
            chromium_with_extension(port, tmp_path / "browser", built=extension / "dist") as context,
            running_bridge(state_dir, port, **python_path) as bridge,
        ):
            bridge.initialize()
            context.new_page().goto(site + "dom.html")
            wait_for(lambda: bridge.result("observe", what="page").get("url", "").endswith("dom.html"), 30, "the tab")
            assert bridge.result("analyze", what="element_count", selector="li.item") == {"count": 60}
            refused = bridge.call("analyze", {"what": "element_count", "selector": "li["})["result"]
            assert refused["isError"] and refused["structuredContent"]["problems"][0]["parameter"] == "selector"
    finally:
        kill_daemons_of(state_dir)

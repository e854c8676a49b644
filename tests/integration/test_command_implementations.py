"""Every browser command kind has an implementation in the extension: a kind added to the spec
without one fails the extension's type check (tsc, as `npm run build` runs it), naming the kind."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from ..conftest import ROOT, run_python
from .contract_versions import open_for_additions

pytestmark = pytest.mark.slow

EXTENSION = ROOT / "extension"
TSC = EXTENSION / "node_modules" / ".bin" / "tsc"

SCROLL_COMMAND = """\
kind: scroll
since: "{since}"
title: Scroll
description: Scroll the page by a number of pixels.
timeout_ms: {$limit: timeouts.dom_query_ms}
params:
  type: object
  properties:
    dy: {type: integer, description: Pixels to scroll down (negative scrolls up).}
    smooth: {type: boolean, default: false, description: Scroll smoothly.}
  required: [dy]
result:
  type: object
  properties:
    scrolled: {type: boolean, description: Whether the page moved.}
    scroll_top: {type: number, description: The page's scroll offset afterwards.}
  required: [scrolled, scroll_top]
examples:
  params:
    valid: [{dy: 400}]
    invalid: [{value: {}, reason: dy missing}]
  result:
    valid: [{scrolled: true, scroll_top: 400}]
    invalid: [{value: {scrolled: true}, reason: scroll_top missing}]
"""


def type_check(extension: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(TSC), "-p", str(extension)], capture_output=True, text=True, timeout=300)


def test_a_command_kind_without_an_implementation_fails_the_extension_build(repo_copy: Path) -> None:
    extension = repo_copy / "extension"
    shutil.copytree(EXTENSION / "src", extension / "src")
    shutil.copy2(EXTENSION / "tsconfig.json", extension / "tsconfig.json")
    (extension / "node_modules").symlink_to(EXTENSION / "node_modules")
    complete = type_check(extension)
    assert complete.returncode == 0, complete.stdout + complete.stderr

    since, _ = open_for_additions(repo_copy, "extension")
    (repo_copy / "spec/messages/commands/scroll.yaml").write_text(SCROLL_COMMAND.replace("{since}", since))
    generated = run_python(repo_copy, "-m", "gasoline_codegen", "--root", str(repo_copy), "gen")
    assert generated.returncode == 0, generated.stderr
    assert "scroll: ScrollParams;" in (repo_copy / "generated/ts/messages.ts").read_text()

    missing = type_check(extension)
    assert missing.returncode != 0
    assert "src/background/commands/run.ts" in missing.stdout, missing.stdout
    assert "Property 'scroll' is missing" in missing.stdout, missing.stdout

"""Adding a read-only mode end to end takes two hand-edited files: its spec entry and its handler
(and, when the tool surface's contract version is released already, its next version in
spec/contracts.yaml)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

from gasoline_codegen.generate import files_on_disk

from ..conftest import run_codegen, run_python
from .contract_versions import CONTRACTS, open_for_additions

MODE_SPEC = """\
mode: uptime
status: implemented
summary: Seconds since the server started.
description: How long the server has been running, in seconds.
mutation: read_only
gates: []
long_running: false
limits: []
params:
  type: object
  properties:
    precision: {type: integer, minimum: 0, maximum: 6, default: 1, description: Digits after the decimal point.}
result:
  type: object
  properties:
    uptime_seconds: {type: number, minimum: 0, description: Seconds since the server started.}
  required: [uptime_seconds]
examples:
  valid: [{}, {precision: 3}]
  invalid: [{value: {precision: 9}, reason: too precise}]
  results: [{uptime_seconds: 12.5}]
"""

HANDLER = """
    def uptime(self, params: ConfigureUptimeParams, ctx: CallContext) -> ConfigureUptimeResult:
        return ConfigureUptimeResult(uptime_seconds=round(self.clock.uptime_seconds(), params.precision))
"""

CALL = """
import json
from gasoline.composition import create_daemon
result = create_daemon().dispatcher.call("configure", {"action": "uptime", "precision": 2})
print(json.dumps({"structured": result.structured, "is_error": result.is_error}))
"""


def git(root: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=root, check=True, capture_output=True, text=True).stdout


def test_a_new_read_only_mode_end_to_end(repo_copy: Path) -> None:
    git(repo_copy, "init", "-q")
    git(repo_copy, "add", "-A")
    git(repo_copy, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "base")
    coverage = ("-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/unit/test_handler_coverage.py")

    (repo_copy / "spec/tools/configure/uptime.yaml").write_text(MODE_SPEC)
    _, raised = open_for_additions(repo_copy, "tools")
    stale = run_codegen(repo_copy, "check")
    assert stale.returncode == 1 and "generated/gasoline_generated/dispatch.py" in stale.stderr

    assert run_codegen(repo_copy, "gen").returncode == 0
    missing = run_python(repo_copy, *coverage)
    assert missing.returncode == 1
    assert "configure(action='uptime'): gasoline.handlers.configure:ConfigureHandlers has no uptime()" in missing.stdout

    handler = repo_copy / "handwritten/gasoline/handlers/configure.py"
    imports = "from gasoline_generated.models import ConfigureUptimeParams, ConfigureUptimeResult\n"
    handler.write_text(handler.read_text().replace("from gasoline.", imports + "from gasoline.", 1) + HANDLER)
    assert run_python(repo_copy, *coverage).returncode == 0
    assert run_python(repo_copy, "-m", "pytest", "-q", "-p", "no:cacheprovider", "generated/tests").returncode == 0

    called = json.loads(run_python(repo_copy, "-c", CALL).stdout)
    assert called["is_error"] is False and called["structured"]["uptime_seconds"] >= 0

    hand_edited = {
        line[3:]
        for line in git(repo_copy, "status", "--porcelain", "-uall").splitlines()
        if line[3:] not in files_on_disk(repo_copy)
    }
    expected = {"spec/tools/configure/uptime.yaml", "handwritten/gasoline/handlers/configure.py"}
    assert hand_edited == expected | ({CONTRACTS} if raised else set())

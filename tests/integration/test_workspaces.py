"""Two repositories on one daemon: each client works in its own.

The daemon starts in repository A and reads A's .gasoline/config.yaml once for the daemon-wide
sections (redaction, approvals, panel). A client in repository B gets B's backend services, code
settings, audit log and snapshots, read from B's config when it changes; B's config cannot loosen
the daemon's approvals. The README states this rule."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from .backend_services import RecordingService, audit_lines
from .conftest import Isolated
from .processes import Bridge, running_bridge, running_daemon

SECONDS = 20


def repository(root: Path, config: str) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    write_config(root, config)
    return root


def write_config(root: Path, config: str) -> None:
    (root / ".gasoline").mkdir(exist_ok=True)
    (root / ".gasoline" / "config.yaml").write_text(config)


def config(service_port: int, label: str, extra: str = "") -> str:
    return (
        f"backend:\n  services:\n    - {{name: api, url: 'http://127.0.0.1:{service_port}'}}\n"
        f"code:\n  test_command: \"python3 -c 'print(1)' {label}\"\n{extra}"
    )


def call(bridge: Bridge, tool: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    result = bridge.call(tool, arguments, seconds=SECONDS)["result"]
    return bool(result.get("isError")), result["structuredContent"]


def test_two_repositories_on_one_daemon_each_get_their_own_config_and_records(
    isolated: Isolated, tmp_path: Path
) -> None:
    repo_a = isolated.state_dir.parent
    with RecordingService().running() as service_a, RecordingService().running() as service_b:
        repository(
            repo_a,
            config(service_a.port, "from-repo-a", "approvals:\n  allow:\n    - {tool: configure, mode: clear}\n"),
        )
        repo_b = repository(
            tmp_path / "repo-b",
            config(
                service_b.port, "from-repo-b", "approvals:\n  allow:\n    - {tool: interact, mode: backend_control}\n"
            ),
        )
        with (
            running_daemon(isolated.state_dir, port=isolated.port),
            running_bridge(isolated.state_dir, isolated.port) as in_a,
            running_bridge(isolated.state_dir, isolated.port, GASOLINE_PROJECT_DIR=str(repo_b)) as in_b,
        ):
            in_a.initialize()
            in_b.initialize()

            # backend: each client's "api" is its own repository's service, and its audit log its own
            for bridge, service, other in ((in_a, service_a, service_b), (in_b, service_b, service_a)):
                before, other_before = len(service.seen), len(other.seen)
                failed, done = call(bridge, "interact", action="backend_control", service="api", operation="state")
                assert not failed and done["status"] == "success", done
                assert len(service.seen) > before and len(other.seen) == other_before, "only its own service was asked"
            assert {e["service"] for e in audit_lines(isolated)} == {"api"} and len(audit_lines(isolated)) == 1
            b_audit = (repo_b / ".gasoline" / "audit.jsonl").read_text().splitlines()
            assert len(b_audit) == 1 and '"operation":"state"' in b_audit[0].replace(" ", "")

            # code: each client's tests run with its own repository's test command
            for bridge, label in ((in_a, "from-repo-a"), (in_b, "from-repo-b")):
                failed, asked = call(bridge, "interact", action="run_tests")
                assert failed and asked["error"] == "approval_required", asked
                assert label in asked["details"]["summary"], asked["details"]["summary"]

            # approvals are daemon-wide: A's allow list serves every client; B's own cannot loosen them
            for bridge in (in_a, in_b):
                failed, cleared = call(bridge, "configure", action="clear", buffers=["logs"])
                assert not failed, cleared
            failed, asked = call(in_b, "interact", action="backend_control", service="api", operation="touch")
            assert failed and asked["error"] == "approval_required", asked
            assert service_b.touches == 0

            # B's config is read again when it changes; a broken one fails B's calls only
            write_config(repo_b, config(service_a.port, "from-repo-b"))
            before = len(service_a.seen)
            failed, done = call(in_b, "interact", action="backend_control", service="api", operation="state")
            assert not failed and len(service_a.seen) > before, done
            write_config(repo_b, "backend: [not, a, mapping]\n")
            failed, broken = call(in_b, "observe", what="backend_state", service="api")
            assert failed and broken["error"] == "handler_failed" and "config.yaml" in broken["message"], broken
            failed, fine = call(in_a, "observe", what="backend_state", service="api", query_type="health")
            assert not failed and fine["reachable"] is True, fine

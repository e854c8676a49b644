"""Redaction and approvals through the real daemon, bridge and command line."""

from __future__ import annotations

import json
import os
import stat
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from ..unit.secret_corpus import corpus
from .conftest import Isolated
from .processes import Daemon, gasoline_cli, running_bridge, running_daemon
from .test_http_probes import Probe, call


def gasoline(isolated: Isolated, *args: str) -> subprocess.CompletedProcess[str]:
    return gasoline_cli(isolated.state_dir, isolated.port, *args)


def test_the_approval_round_trip_through_a_bridge_and_the_command_line(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        asked = bridge.call("configure", {"action": "clear", "buffers": ["logs"]})["result"]
        assert asked["isError"] and asked["structuredContent"]["error"] == "approval_required"
        request_id = asked["structuredContent"]["details"]["request_id"]
        assert asked["structuredContent"]["details"]["summary"].startswith(
            "Empty the capture buffers logs (0 entries now); what they hold is lost. errors, "
        )

        listed = gasoline(isolated, "approvals")
        assert listed.returncode == 0 and request_id in listed.stdout and "configure(action='clear')" in listed.stdout
        approved = gasoline(isolated, "approve", request_id)
        assert approved.returncode == 0 and approved.stdout.startswith(f"approved: {request_id}")

        done = bridge.call("configure", {"action": "clear", "buffers": ["logs"], "approval_id": request_id})["result"]
        assert done["isError"] is False and done["structuredContent"] == {"cleared": {"logs": 0}, "total": 0}
        replay = bridge.call("configure", {"action": "clear", "buffers": ["logs"], "approval_id": request_id})["result"]
        assert replay["structuredContent"]["error"] == "approval_replayed"

        second = bridge.call("configure", {"action": "clear"})["result"]["structuredContent"]["details"]["request_id"]
        assert gasoline(isolated, "deny", second).stdout.startswith(f"denied: {second}")
        denied = bridge.call("configure", {"action": "clear", "approval_id": second})["result"]
        assert denied["structuredContent"]["error"] == "approval_denied"
        again = gasoline(isolated, "approve", second)
        assert again.returncode == 1 and "already denied (already_decided)" in again.stderr

    audit = [
        json.loads(line) for line in (isolated.state_dir / f"approvals-{isolated.port}.jsonl").read_text().splitlines()
    ]
    assert [entry["event"] for entry in audit] == [
        "requested",
        "approved",
        "redeemed",
        "rejected",
        "requested",
        "denied",
        "rejected",
    ]


def test_only_a_holder_of_the_approver_token_can_decide(daemon: Daemon) -> None:
    probe = Probe(daemon, token=False)
    approval = "/approvals/apr_0123456789abcdef0123"
    status, headers, _ = probe.send("POST", {"decision": "approve"}, path=approval)
    assert status == 401 and headers["www-authenticate"].startswith("Bearer")
    assert probe.send("GET", path="/approvals")[0] == 401
    mcp_client = {"Authorization": f"Bearer {daemon.token}"}
    assert probe.send("GET", path="/approvals", **mcp_client)[0] == 401, "an MCP client's token cannot approve"
    assert probe.send("POST", {"decision": "approve"}, path=approval, **mcp_client)[0] == 401
    human = {"Authorization": f"Bearer {daemon.approver_token}"}
    status, _, listing = probe.send("GET", path="/approvals", **human)
    assert (status, listing) == (200, {"pending": []})
    status, _, refused = probe.send("POST", {"decision": "maybe"}, path=approval, **human)
    assert (status, refused["error"]) == (400, "bad_request")
    assert refused["message"].startswith("the body is not a valid ApprovalDecision: decision: Input should be")
    assert probe.send("POST", {"decision": "approve"}, path=approval, **human)[2]["error"] == "unknown_request"
    assert stat.S_IMODE(os.stat(daemon.state_dir / f"daemon-{daemon.port}.approver.token").st_mode) == 0o600


def test_no_secret_leaves_in_a_result_the_log_or_the_audit_trail(daemon: Daemon) -> None:
    secrets = corpus()
    probe = Probe(daemon)
    session = probe.session()
    for index, secret in enumerate(secrets):
        body = call("observe", {"what": "result_page", "cursor": secret.line}, request_id=100 + index)
        status, _, reply = probe.send(body=body, Mcp_Session_Id=session)
        assert status == 200
        text = json.dumps(reply)
        assert not [f for f in secret.value.split() if len(f) >= 12 and f in text], secret.format
        assert "[REDACTED:" in reply["result"]["content"][0]["text"]
    facts = probe.send("GET", path="/health")[2]
    assert sum(count["count"] for count in facts["redaction"]["redacted_count"]) >= len(secrets)
    written = "".join(path.read_text() for path in daemon.state_dir.glob("*.log*"))
    assert "refused" in written, "the refusals were logged"
    leaks = [s.format for s in secrets if any(len(f) >= 12 and f in written for f in s.value.split())]
    assert not leaks, leaks


def test_a_broken_project_policy_withholds_every_result(isolated: Isolated) -> None:
    config = isolated.state_dir.parent / ".gasoline" / "config.yaml"
    config.parent.mkdir()
    config.write_text("redaction:\n  patterns:\n    - {name: broken, pattern: '([a-z'}\n")
    with running_daemon(isolated.state_dir, port=isolated.port) as daemon:
        probe = Probe(daemon)
        session = probe.session()
        _, _, reply = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=session)
        result = reply["result"]
        assert result["isError"] is True and result["structuredContent"]["error"] == "redaction_failed"
        assert "could not be built" in result["content"][0]["text"]
        facts = probe.send("GET", path="/health")[2]
        assert facts["redaction"]["blocked_count"] >= 1 and facts["service"] == "gasoline"


def _write(content: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(content)


def _unreadable(path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root reads a file whatever its mode; the file that fails to read covers reading errors")
    path.write_text("redaction: {}\n")
    path.chmod(0)


def _symlink_loop(path: Path) -> None:
    path.symlink_to(path.name)


BAD_CONFIG_FILES: dict[str, tuple[Callable[[Path], None], str]] = {
    "not UTF-8": (_write(b"redaction:\n  patterns: \xff\xfe\n"), "not UTF-8 text"),
    "a directory": (lambda path: path.mkdir(), "not a regular file"),
    "a named pipe": (lambda path: os.mkfifo(path), "not a regular file"),
    "unreadable by mode": (_unreadable, "cannot be read"),
    "a read that fails": (lambda path: path.symlink_to("/proc/self/mem"), "cannot be read"),
    "a symlink loop": (_symlink_loop, "cannot be read"),
    "a list": (_write(b"- redaction\n- approvals\n"), "must be a YAML mapping"),
    "a scalar": (_write(b"just some words\n"), "must be a YAML mapping"),
    "broken YAML": (_write(b"redaction: [\n"), "not valid YAML"),
    "YAML nested too deeply": (_write(b"[" * 5000 + b"]" * 5000), "not valid YAML"),
    "the wrong shape": (_write(b"redaction: 5\n"), "redaction"),
}


@pytest.mark.parametrize("kind", BAD_CONFIG_FILES)
def test_a_config_file_that_cannot_be_used_withholds_every_result_and_health_says_why(
    isolated: Isolated, kind: str
) -> None:
    make, problem = BAD_CONFIG_FILES[kind]
    config = isolated.state_dir.parent / ".gasoline" / "config.yaml"
    config.parent.mkdir()
    make(config)
    with running_daemon(isolated.state_dir, port=isolated.port) as daemon:
        probe = Probe(daemon)
        facts = probe.send("GET", path="/health")[2]
        assert facts["service"] == "gasoline" and facts["error"]["error"] == "redaction_failed", facts
        assert str(config) in facts["error"]["message"] and problem in facts["error"]["message"], facts
        session = probe.session()
        result = probe.send(body=call("configure", {"action": "health"}), Mcp_Session_Id=session)[2]["result"]
        assert result["isError"] is True and result["structuredContent"]["error"] == "redaction_failed"
        assert str(config) in result["content"][0]["text"] and problem in result["content"][0]["text"], result

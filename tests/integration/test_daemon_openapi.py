"""schemathesis against a running daemon: every operation of its OpenAPI document, each with the
token its security scheme names, with generated valid and invalid requests: no 5xx, and no answer
the document does not allow."""

from __future__ import annotations

import json
import re
import subprocess
import threading
from pathlib import Path

import pytest

from .processes import ROOT, Daemon, gasoline_cli, post_as_extension
from .processes import schemathesis as run_schemathesis
from .test_http_probes import Probe, call

DOCUMENT = ROOT / "generated" / "openapi" / "daemon.json"
CONFIG = Path(__file__).with_name("schemathesis.toml")
OPERATION_KEYS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}

SETTINGS = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}


def release_long_polls(port: int, stop: threading.Event) -> None:
    """A newer waiting sync releases an older one: short polls keep the generated ones (which may
    ask to wait the full poll_wait_ms) from holding up the run."""
    while not stop.is_set():
        post_as_extension(
            port, "/sync", {"extension_version": "t", "settings": SETTINGS, "dropped_events": 0, "wait_ms": 200}
        )


def approval_request(probe: Probe, session: str, buffers: list[str]) -> str:
    """A real pending approval request, asked for as an MCP client asks: a gated call without approval_id
    (calls that differ in their arguments, so each asks on its own)."""
    arguments = {"action": "clear", "buffers": buffers}
    _, _, reply = probe.send(body=call("configure", arguments), Mcp_Session_Id=session)
    return reply["result"]["structuredContent"]["details"]["request_id"]


def pending(daemon: Daemon) -> list[str]:
    status, _, listing = Probe(daemon).send("GET", path="/approvals", Authorization=f"Bearer {daemon.approver_token}")
    assert status == 200, listing
    return [request["request_id"] for request in listing["pending"]]


def paired_panel(daemon: Daemon) -> tuple[str, str]:
    """A panel's token, paired as a person pairs one (the code `gasoline pair` shows), and its session."""
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", gasoline_cli(daemon.state_dir, daemon.port, "pair").stdout)
    assert code
    probe = Probe(daemon)
    token = probe.send("POST", {"code": code.group(0)}, path="/panel/pair")[2]["token"]
    opened = probe.send("POST", {}, path="/panel/sessions", Authorization=f"Bearer {token}")[2]
    return token, opened["session"]["session_id"]


@pytest.mark.starts_first  # one schemathesis run: about 60 s alone, up to 180 s beside the other workers
def test_the_daemon_keeps_to_its_openapi_document(daemon: Daemon, tmp_path: Path) -> None:
    probe = Probe(daemon)
    session = probe.session()
    decided, waiting = approval_request(probe, session, ["logs"]), approval_request(probe, session, ["errors"])
    in_panel = approval_request(probe, session, ["network_bodies"])
    panel_token, panel_session = paired_panel(daemon)
    stop = threading.Event()
    releaser = threading.Thread(target=release_long_polls, args=(daemon.port, stop), daemon=True)
    releaser.start()
    try:
        run = schemathesis(
            daemon,
            tmp_path,
            GASOLINE_APPROVAL_ID=decided,
            GASOLINE_MCP_SESSION=session,
            GASOLINE_PANEL_TOKEN=panel_token,
            GASOLINE_PANEL_SESSION=panel_session,
            GASOLINE_PANEL_APPROVAL_ID=in_panel,
        )
    finally:
        stop.set()
        releaser.join(5)
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-8000:]
    assert f"Tested: {operations()}" in report, report[-3000:]
    assert pending(daemon) == [waiting], (
        "schemathesis decided the requests it was given, with the approver's and the panel's tokens"
    )
    ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
    # On a new connection: the daemon closes one left idle as long as a run on a busy machine takes.
    assert Probe(daemon).send(body=ping, Mcp_Session_Id=session)[0] == 404, "and ended the session it was given"


def operations() -> int:
    paths = json.loads(DOCUMENT.read_text())["paths"]
    return sum(key in OPERATION_KEYS for item in paths.values() for key in item)


def schemathesis(daemon: Daemon, tmp_path: Path, **variables: str) -> subprocess.CompletedProcess[str]:
    """The run the config file describes, with the daemon's tokens and the variables it names."""
    tokens = {"GASOLINE_MCP_TOKEN": daemon.token, "GASOLINE_APPROVER_TOKEN": daemon.approver_token}
    return run_schemathesis(CONFIG, DOCUMENT, f"http://127.0.0.1:{daemon.port}", tmp_path, **tokens, **variables)

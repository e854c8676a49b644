"""`gasoline daemon`: the long-lived process on 127.0.0.1 that owns all state."""

from __future__ import annotations

import fcntl
import os
import signal
import sys
from typing import Any, NoReturn

from gasoline import logs
from gasoline.bridge.client import BRIDGE_CLIENT_NAME
from gasoline.composition import DaemonConfig, create_daemon
from gasoline.core.workers import Workers
from gasoline.project import project_dir
from gasoline.state import DaemonFiles
from gasoline.transports.http import Sessions
from gasoline_generated.models import HealthHttpTransport, HealthStdioTransport, HealthTransports
from gasoline_generated.policy import LIMITS

from .app import Tokens, create_app, refusal
from .http_server import http_server
from .local_socket import LocalSocket

ALREADY_RUNNING = 3
# waitress's own cap sits a little above ours: a body just over ours (a chunked one's framing counts
# toward waitress's) reaches the route, which refuses it in its own words.
BODY_SLACK_BYTES = 64 * 1024


def transport_status(sessions: Sessions, local: LocalSocket, port: int, tokens: Tokens) -> HealthTransports:
    return HealthTransports(
        http=HealthHttpTransport(
            url=f"http://127.0.0.1:{port}/mcp", auth=tokens.mcp_required, sessions=len(sessions.clients())
        ),
        stdio=HealthStdioTransport(bridges=local.clients().count(BRIDGE_CLIENT_NAME)),
    )


def _stop(signum: int, frame: Any) -> NoReturn:
    raise SystemExit(0)


def write_tokens(files: DaemonFiles, no_auth: bool) -> Tokens:
    """Fresh tokens for this run: one for MCP clients, one for the human channels that decide
    approvals. With --no-auth (which says so loudly) /mcp takes calls without its token."""
    tokens = Tokens(mcp=files.write_token(), approver=files.write_token(files.approver_token), mcp_required=not no_auth)
    logs.stage("token", "bearer tokens written", file=str(files.token), approver_file=str(files.approver_token))
    if no_auth:
        logs.log.warning("WARNING: --no-auth: any local process can call tools on http://127.0.0.1:%d/mcp", files.port)
        print(f"gasoline: WARNING: --no-auth: /mcp on port {files.port} accepts calls without a token", file=sys.stderr)
    return tokens


def serve(port: int, no_auth: bool) -> int:
    files = DaemonFiles.for_port(port)
    logs.configure(files.log, to_stderr=sys.stderr.isatty())
    logs.stage("starting", "daemon starting", pid=os.getpid(), port=port, state_dir=str(files.root))
    lock = open(files.lock, "a")  # noqa: SIM115  (held, not closed, for the process's whole life)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        logs.stage("already_running", f"another daemon holds {files.lock}; exiting", port=port)
        return ALREADY_RUNNING
    files.pid.write_text(f"{os.getpid()}\n")
    tokens = write_tokens(files, no_auth)

    daemon = create_daemon(DaemonConfig(files, project_dir()))
    logs.redact_with(daemon.services.redactor)
    try:
        workers = Workers("gasoline-local", LIMITS.mcp.request_workers)
        local = LocalSocket(files.socket, daemon.server, workers, LIMITS.mcp.eof_grace_ms / 1000)
        http = http_server(
            create_app(daemon, port, tokens, LIMITS.mcp.max_body_bytes),
            refusal,
            max(LIMITS.mcp.max_body_bytes, LIMITS.ingest.max_body_bytes),
            BODY_SLACK_BYTES,
            host="127.0.0.1",
            port=port,
            threads=LIMITS.mcp.http_threads,
            ident="gasoline",
            clear_untrusted_proxy_headers=True,
        )
    except OSError as error:
        logs.stage("listen_failed", f"cannot listen on 127.0.0.1:{port} and {files.socket}: {error}", port=port)
        files.pid.unlink(missing_ok=True)
        return 1
    daemon.services.transports.report_with(lambda: transport_status(daemon.sessions, local, port, tokens))
    signal.signal(signal.SIGTERM, _stop)
    signal.signal(signal.SIGINT, _stop)
    local.start()
    logs.stage(
        "ready",
        f"listening on http://127.0.0.1:{port} and {files.socket}",
        url=f"http://127.0.0.1:{port}/mcp",
        socket=str(files.socket),
        auth=tokens.mcp_required,
    )
    try:
        http.run()
    finally:
        http.close()
        local.close()
        for published in files.published:
            published.unlink(missing_ok=True)
        logs.stage("stopped", "daemon stopped", port=port)
    return 0

"""`gasoline daemon`: the long-lived process on 127.0.0.1 that owns all state."""

from __future__ import annotations

import ctypes
import fcntl
import os
import signal
import sys
from typing import Any, NoReturn

from gasoline import logs
from gasoline.composition import DaemonConfig, create_daemon
from gasoline.core.roots import BRIDGE_CLIENT_NAME, project_dir
from gasoline.core.workers import Workers
from gasoline.state import DaemonFiles, write_private
from gasoline.transports.http import Sessions
from gasoline_generated.models import HealthHttpTransport, HealthStdioTransport, HealthTransports
from gasoline_generated.policy import LIMITS

from .app import Tokens, create_app, refusal
from .http_server import Lanes, http_server
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


def fresh_tokens(no_auth: bool) -> Tokens:
    """This run's tokens: one for MCP clients, one for the human channels that decide approvals.
    With --no-auth (which says so loudly once listening) /mcp takes calls without its token."""
    import secrets  # only the daemon needs it; the bridge must start fast

    return Tokens(mcp=secrets.token_urlsafe(32), approver=secrets.token_urlsafe(32), mcp_required=not no_auth)


def publish_tokens(files: DaemonFiles, tokens: Tokens) -> None:
    """Written (mode 0600) only once the daemon listens: a token file says a daemon is there to take it."""
    write_private(files.token, tokens.mcp)
    write_private(files.approver_token, tokens.approver)
    logs.stage("token", "bearer tokens written", file=str(files.token), approver_file=str(files.approver_token))
    if not tokens.mcp_required:
        logs.log.warning("WARNING: --no-auth: any local process can call tools on http://127.0.0.1:%d/mcp", files.port)
        print(f"gasoline: WARNING: --no-auth: /mcp on port {files.port} accepts calls without a token", file=sys.stderr)


# glibc gives each thread that allocates an arena of its own; the daemon's many threads (HTTP lanes,
# turns, streams) then spread its memory over as many, and keep it. Two hold the panel's runtime
# at about 33 MiB over a daemon at rest instead of 41 (tasks.py bench).
MALLOC_ARENAS = 2
M_ARENA_MAX = -8  # mallopt's parameter number, from glibc's malloc.h


def fewer_malloc_arenas() -> None:
    """Cap glibc's malloc arenas (nothing elsewhere: another C library has no such call)."""
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return
    libc.mallopt(M_ARENA_MAX, MALLOC_ARENAS)


def serve(port: int, no_auth: bool) -> int:
    fewer_malloc_arenas()
    files = DaemonFiles.for_port(port)
    logs.configure(files.log, to_stderr=sys.stderr.isatty())
    logs.log_uncaught()
    logs.stage("starting", "daemon starting", pid=os.getpid(), port=port, state_dir=str(files.root))
    lock = open(files.lock, "a")  # noqa: SIM115  (held, not closed, for the process's whole life)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        logs.stage("already_running", f"another daemon holds {files.lock}; exiting", port=port)
        return ALREADY_RUNNING
    files.pid.write_text(f"{os.getpid()}\n")
    tokens = fresh_tokens(no_auth)

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
            Lanes({"/mcp": LIMITS.mcp.http_threads, "/panel/": LIMITS.panel.threads}, LIMITS.mcp.route_threads),
            host="127.0.0.1",
            port=port,
            ident="gasoline",
            clear_untrusted_proxy_headers=True,
        )
    except OSError as error:
        logs.stage("listen_failed", f"cannot listen on 127.0.0.1:{port} and {files.socket}: {error}", port=port)
        for published in files.published:
            published.unlink(missing_ok=True)
        return 1
    publish_tokens(files, tokens)
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
        daemon.services.sessions.flush()
        for published in files.published:
            published.unlink(missing_ok=True)
        logs.stage("stopped", "daemon stopped", port=port)
    return 0

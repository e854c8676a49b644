"""Make sure exactly one daemon of this version serves a port: find it, replace it, or start it.

Bridges that start together serialize on a spawn lock; the running daemon also holds a lock
of its own for its whole life, so a stale pid file is recognised (nobody holds the lock) and a
second daemon on the same port refuses to start.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gasoline import __version__
from gasoline.state import DaemonFiles

from .proven import port_holder, proven_daemon

POLL_SECONDS = 0.02


class DaemonUnavailable(RuntimeError):
    """No daemon of this version could be reached or started; the message says why and what to do."""


@dataclass(frozen=True)
class DaemonHealth:
    version: str
    pid: int


def probe(port: int, timeout: float) -> DaemonHealth | None:
    """The health of whatever answers on the port: None when nothing listens.

    Raises DaemonUnavailable when something else holds the port.
    """
    import http.client  # here, not at the top: the bridge answers its client before it needs HTTP

    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request("GET", "/health", headers={"Host": f"127.0.0.1:{port}"})
        response = connection.getresponse()
        body = response.read()
    except (OSError, http.client.HTTPException):
        return None
    finally:
        connection.close()
    try:
        facts = json.loads(body)
        if facts.get("service") == "gasoline":
            return DaemonHealth(str(facts["version"]), int(facts["pid"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        pass
    raise DaemonUnavailable(
        f"port {port} is used by another program, {port_holder(port)}; choose another with GASOLINE_PORT"
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def wait_until(condition: Any, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while True:
        if condition():
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(POLL_SECONDS)


def terminate(pid: int, grace_seconds: float) -> None:
    """SIGTERM, then SIGKILL after the grace period; returns once the process is gone."""
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
        if not wait_until(lambda: not alive(pid), grace_seconds):
            os.kill(pid, signal.SIGKILL)
            wait_until(lambda: not alive(pid), grace_seconds)


def lock_is_held(files: DaemonFiles) -> bool:
    """Whether a live daemon holds its lock file (a pid file without one is stale)."""
    with open(files.lock, "a") as handle:
        if not _try_lock(handle):
            return True
        fcntl.flock(handle, fcntl.LOCK_UN)
        return False


def remove_stale_files(files: DaemonFiles) -> None:
    if not lock_is_held(files):
        for stale in files.published:
            stale.unlink(missing_ok=True)


@contextlib.contextmanager
def spawn_lock(path: Path, seconds: float) -> Iterator[None]:
    """Hold a daemon's spawn lock (DaemonFiles.spawn_lock), waiting up to `seconds` for it."""
    with open(path, "a") as handle:
        if not wait_until(lambda: _try_lock(handle), seconds):
            raise DaemonUnavailable(f"another process kept {path} locked for {seconds:.0f} s")
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _try_lock(handle: Any) -> bool:
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def start(files: DaemonFiles) -> subprocess.Popen[bytes]:
    """Start a daemon in its own session, detached from this process's stdio."""
    environment = {**os.environ, "GASOLINE_STATE_DIR": str(files.root)}
    with open(files.log, "ab") as log:
        process = subprocess.Popen(
            [sys.executable, "-m", "gasoline", "daemon", "--port", str(files.port)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=log,
            env=environment,
            start_new_session=True,
            close_fds=True,
        )
    # Reap it when it exits, so a dead daemon is not mistaken for a live one while we run.
    threading.Thread(target=process.wait, name="gasoline-daemon-reaper", daemon=True).start()
    return process


def ensure_daemon(files: DaemonFiles, limits: Any, version: str = __version__) -> DaemonHealth:
    """A healthy daemon of this version on the port, started or replaced as needed."""
    timeout = limits.health_timeout_ms / 1000
    health = probe(files.port, timeout)
    if health is not None and health.version == version:
        return health
    with spawn_lock(files.spawn_lock, limits.start_timeout_ms / 1000):
        health = probe(files.port, timeout)
        if health is not None and health.version == version:
            return health
        if health is not None:
            terminate(proven_or_refuse(files), limits.stop_timeout_ms / 1000)
        remove_stale_files(files)
        process = start(files)
        found: list[DaemonHealth] = []

        def ready() -> bool:
            if process.poll() is not None:
                return True
            current = probe(files.port, timeout)
            if current is not None and current.version == version:
                found.append(current)
            return bool(found)

        wait_until(ready, limits.start_timeout_ms / 1000)
        if found:
            return found[0]
        raise DaemonUnavailable(
            f"the daemon on port {files.port} did not start (exit status {process.poll()}); see {files.log}"
        )


def stop_daemon(files: DaemonFiles, limits: Any) -> int | None:
    """Stop the daemon on the port; the pid it had, or None when none was running.

    Raises DaemonUnavailable, signalling nothing, when the port is held by something not proven ours.
    """
    pid = proven_daemon(files)
    if pid is None and probe(files.port, limits.health_timeout_ms / 1000) is not None:
        proven_or_refuse(files)
    if pid is not None:
        terminate(pid, limits.stop_timeout_ms / 1000)
    remove_stale_files(files)
    return pid


def proven_or_refuse(files: DaemonFiles) -> int:
    """The pid of our daemon on the port; DaemonUnavailable, saying who holds the port, when none is proven.

    What answers /health names a pid, but that is only a claim: it is never signalled on its word.
    """
    pid = proven_daemon(files)
    if pid is not None:
        return pid
    raise DaemonUnavailable(
        f"port {files.port} is held by {port_holder(files.port)}, which answers as a gasoline daemon but is not "
        f"this user's daemon for the state directory {files.root} (no live daemon holds {files.lock}); "
        f"nothing was signalled. Stop that process yourself, or choose another port with GASOLINE_PORT"
    )

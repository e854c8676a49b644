"""Bridges and the daemon: one daemon per port and version, whatever happens to it."""

from __future__ import annotations

import json
import os
import signal
import socket
import stat
import subprocess
import sys
from contextlib import ExitStack
from pathlib import Path

import pytest

from gasoline import __version__
from gasoline.state import DaemonFiles

from .conftest import Isolated
from .processes import (
    PYTHON,
    alive,
    environment,
    gasoline_cli,
    health,
    kill_group,
    running_bridge,
    running_daemon,
    wait_for,
)

SQUATTER = """
import json, sys
from http.server import BaseHTTPRequestHandler, HTTPServer
class Health(BaseHTTPRequestHandler):
    def do_GET(self):
        claim = {"service": "gasoline", "version": sys.argv[3], "pid": int(sys.argv[2])}
        body = json.dumps(claim).encode()
        self.send_response(200); self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body))); self.end_headers(); self.wfile.write(body)
    def log_message(self, *args): pass
HTTPServer(("127.0.0.1", int(sys.argv[1])), Health).serve_forever()
"""

# An installed gasoline of another version, run as its console script runs: `python .../gasoline daemon`.
OLD_GASOLINE = """
import sys, gasoline
gasoline.__version__ = "0.0.1-old"
from gasoline.cli import main
sys.exit(main())
"""


def daemons_on(port: int) -> list[int]:
    """Pids of the gasoline daemon processes serving this port."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            argv = (entry / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if (
            b"daemon" in argv
            and str(port).encode() in argv
            and any(b"gasoline" in a for a in argv)
            and alive(int(entry.name))
        ):
            found.append(int(entry.name))
    return found


def health_pid(bridge: object) -> int:
    result = bridge.call("configure", {"action": "health"})["result"]  # type: ignore[attr-defined]
    assert result["isError"] is False, result
    return result["structuredContent"]["pid"]


def test_bridges_started_together_end_with_exactly_one_daemon(isolated: Isolated) -> None:
    with ExitStack() as stack:
        bridges = [stack.enter_context(running_bridge(isolated.state_dir, isolated.port)) for _ in range(5)]
        for bridge in bridges:
            bridge.initialize()
        pids = {health_pid(bridge) for bridge in bridges}
        assert len(pids) == 1
        assert daemons_on(isolated.port) == list(pids)
        assert health(isolated.port)["transports"]["stdio"]["bridges"] == 5


def test_a_daemon_of_another_version_is_replaced(isolated: Isolated, tmp_path: Path) -> None:
    script = tmp_path / "old" / "gasoline"
    script.parent.mkdir()
    script.write_text(OLD_GASOLINE)
    old = subprocess.Popen(
        [PYTHON, str(script), "daemon", "--port", str(isolated.port)],
        env=environment(isolated.state_dir, isolated.port),
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        wait_for(lambda: (health(isolated.port) or {}).get("version") == "0.0.1-old", what="the old daemon")
        with running_bridge(isolated.state_dir, isolated.port) as bridge:
            bridge.initialize()
            pid = health_pid(bridge)
            assert old.wait(10) == 0, "the old daemon was asked to stop, and did"
            assert health(isolated.port)["version"] == __version__ and pid != old.pid
    finally:
        kill_group(old)


def test_stale_pid_and_token_files_are_cleaned_up(isolated: Isolated) -> None:
    dead = subprocess.Popen(["true"])
    dead.wait()
    (isolated.state_dir / f"daemon-{isolated.port}.pid").write_text(f"{dead.pid}\n")
    (isolated.state_dir / f"daemon-{isolated.port}.token").write_text("stale\n")
    (isolated.state_dir / f"daemon-{isolated.port}.lock").write_text("")
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        pid = health_pid(bridge)
    assert (isolated.state_dir / f"daemon-{isolated.port}.pid").read_text().strip() == str(pid)
    assert (isolated.state_dir / f"daemon-{isolated.port}.token").read_text().strip() != "stale"


def test_a_daemon_killed_mid_call_fails_that_call_and_the_next_call_restarts_it(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        first = health_pid(bridge)
        os.kill(first, signal.SIGSTOP)  # the next call reaches the daemon and waits for an answer
        wait_for(lambda: _all_threads_stopped(first), what="every thread of the daemon to stop")
        bridge.send(
            {
                "jsonrpc": "2.0",
                "id": "mid",
                "method": "tools/call",
                "params": {"name": "configure", "arguments": {"action": "health"}},
            }
        )
        wait_for(lambda: _unread_bytes(first) > 0, what="the call waiting, unread, in the frozen daemon's socket")
        os.kill(first, signal.SIGKILL)
        failed = bridge.reply_to("mid")["result"]
        assert failed["isError"] is True
        assert failed["structuredContent"]["error"] == "daemon_unavailable"
        assert "stopped during the call" in failed["content"][0]["text"]
        second = health_pid(bridge)
        assert second != first and alive(second) and not alive(first)


def _all_threads_stopped(pid: int) -> bool:
    """SIGSTOP takes effect asynchronously: a thread may still run (and read the call) for a moment."""
    states = [task.read_text().rpartition(")")[2].split()[0] for task in Path(f"/proc/{pid}/task").glob("*/stat")]
    return bool(states) and all(state == "T" for state in states)


def _unread_bytes(pid: int) -> int:
    """Bytes waiting in the receive queues of a process's Unix sockets (from ss)."""
    output = subprocess.run(["ss", "-xpn"], capture_output=True, text=True).stdout
    return sum(int(line.split()[2]) for line in output.splitlines() if f"pid={pid}," in line)


def test_gasoline_stop(isolated: Isolated) -> None:
    with running_bridge(isolated.state_dir, isolated.port) as bridge:
        bridge.initialize()
        pid = health_pid(bridge)
    env = environment(isolated.state_dir, isolated.port)
    stopped = subprocess.run([PYTHON, "-m", "gasoline", "stop"], env=env, capture_output=True, text=True, timeout=30)
    assert stopped.returncode == 0 and f"pid {pid}" in stopped.stdout
    wait_for(lambda: not alive(pid), what="the daemon to exit")
    assert not (isolated.state_dir / f"daemon-{isolated.port}.pid").exists()
    again = subprocess.run([PYTHON, "-m", "gasoline", "stop"], env=env, capture_output=True, text=True, timeout=30)
    assert again.returncode == 0 and "no daemon was running" in again.stdout


def test_all_state_stays_in_the_state_directory_and_the_log_marks_each_stage(
    isolated: Isolated, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    process = subprocess.Popen(
        [PYTHON, "-m", "gasoline"],
        env=environment(isolated.state_dir, isolated.port, HOME=str(home), XDG_STATE_HOME=str(home)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    request = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "configure", "arguments": {"action": "health"}},
    }
    try:
        stdout, _ = process.communicate(json.dumps(request).encode() + b"\n", timeout=30)
    finally:
        kill_group(process)
    assert [json.loads(line)["id"] for line in stdout.splitlines()] == [1]
    pid = json.loads(stdout)["result"]["structuredContent"]["pid"]
    subprocess.run(
        [sys.executable, "-m", "gasoline", "stop"], env=environment(isolated.state_dir, isolated.port), timeout=30
    )
    assert list(home.iterdir()) == []
    names = sorted(path.name for path in isolated.state_dir.iterdir())
    port = isolated.port
    assert names == sorted(
        [
            f"bridge-{port}.log",
            f"daemon-{port}.lock",
            f"daemon-{port}.log",
            f"daemon-{port}.spawn.lock",
            "redaction.key",
            f"sessions-{port}",  # the bridge's session: its log outlives the daemon
        ]
    )
    assert stat.S_IMODE(os.stat(isolated.state_dir / "redaction.key").st_mode) == 0o600
    entries = [json.loads(line) for line in (isolated.state_dir / f"daemon-{port}.log").read_text().splitlines()]
    stages = [entry["stage"] for entry in entries if "stage" in entry]
    assert stages == ["starting", "token", "ready", "stopped"]
    assert entries[0]["pid"] == pid


@pytest.mark.parametrize("victim", ["a sleeping process", "a daemon of another port"])
def test_a_port_squatter_claiming_a_pid_gets_nothing_signalled(isolated: Isolated, tmp_path: Path, victim: str) -> None:
    """Whatever answers /health as gasoline names a pid; neither stop nor a bridge signals it on that word."""
    files = DaemonFiles(isolated.state_dir, isolated.port)
    with ExitStack() as stack:
        if victim == "a sleeping process":
            sleeper = subprocess.Popen(["sleep", "60"], start_new_session=True)
            stack.callback(kill_group, sleeper)
            victim_pid = sleeper.pid
        else:
            victim_pid = stack.enter_context(running_daemon(tmp_path / "other-state")).process.pid
        squatter = subprocess.Popen(
            [PYTHON, "-c", SQUATTER, str(isolated.port), str(victim_pid), "0.0.1-old"], start_new_session=True
        )
        stack.callback(kill_group, squatter)
        wait_for(lambda: (health(isolated.port) or {}).get("pid") == victim_pid, what="the squatter")
        files.pid.write_text(f"{victim_pid}\n")  # a pid file alone proves nothing either

        stopped = gasoline_cli(isolated.state_dir, isolated.port, "stop")
        assert stopped.returncode == 1, stopped
        assert f"port {isolated.port} is held by pid {squatter.pid} (" in stopped.stderr
        assert "nothing was signalled" in stopped.stderr and "GASOLINE_PORT" in stopped.stderr
        with running_bridge(isolated.state_dir, isolated.port) as bridge:
            bridge.initialize()
            result = bridge.call("configure", {"action": "health"})["result"]
        assert result["isError"] is True and result["structuredContent"]["error"] == "daemon_unavailable"
        assert f"held by pid {squatter.pid}" in result["content"][0]["text"], result
        assert "nothing was signalled" in result["content"][0]["text"]
        assert alive(victim_pid) and squatter.poll() is None


@pytest.mark.parametrize("held", ["the HTTP port", "the local socket"])
def test_a_daemon_that_cannot_listen_leaves_no_pid_or_token_files(isolated: Isolated, held: str) -> None:
    """Nothing published says a daemon is there when none could listen: no pid file, no token to read."""
    files = DaemonFiles(isolated.state_dir, isolated.port)
    with ExitStack() as stack:
        if held == "the HTTP port":
            holder = stack.enter_context(socket.socket())
            holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # the port waits in TIME_WAIT (free_port)
            holder.bind(("127.0.0.1", isolated.port))
            holder.listen()
        else:
            files.socket.mkdir()  # a directory where the socket goes: binding it fails
        daemon = subprocess.run(
            [PYTHON, "-m", "gasoline", "daemon", "--port", str(isolated.port)],
            env=environment(isolated.state_dir, isolated.port),
            capture_output=True,
            timeout=60,
        )
    assert daemon.returncode == 1, daemon
    assert [path.name for path in files.published if path.exists()] == []
    entries = [json.loads(line) for line in files.log.read_text().splitlines()]
    assert [entry.get("stage") for entry in entries if "stage" in entry] == ["starting", "listen_failed"]

"""Real processes for the integration tests: daemons, bridges and fixture servers on free ports.

Every process is started in its own process group and killed with it at the end of the test.
Waits poll a condition against a deadline; nothing sleeps a fixed time and hopes.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ephemeral_port_reserve

from gasoline.bridge.lifecycle import spawn_lock
from gasoline.state import DaemonFiles
from gasoline.transports.lines import TimedLines
from gasoline_generated.policy import EXTENSION_ORIGIN

from .forked_processes import STARTER, ForkedProcess

ROOT = Path(__file__).resolve().parents[2]
PYTHON = sys.executable
SCHEMATHESIS = Path(sys.executable).with_name("schemathesis")
# Where Hypothesis keeps the tables of which characters each codec encodes: computed once for every
# schemathesis run (about 2.5 CPU-s each) rather than again in each run's new working directory.
HYPOTHESIS_STORAGE = ROOT / "build" / "hypothesis"


def free_port() -> int:
    """A port on 127.0.0.1 for a process still to start. It is kept from every bind to port 0 for
    a minute (TIME_WAIT) while servers that reuse addresses, as every one the tests start does,
    can bind it: a port that was merely free would be handed to the next server binding port 0."""
    return ephemeral_port_reserve.reserve("127.0.0.1")


def wait_for(condition: Callable[[], Any], seconds: float = 15, what: str = "condition") -> Any:
    """condition()'s first true value, asked again and again until the deadline. The pause between
    asks grows from 10 ms to a quarter of a second: a condition is often a call through the bridge
    and the daemon, and a long wait need not make fifty of them a second."""
    deadline = time.monotonic() + seconds
    pause = 0.01
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} not met within {seconds} s")
        time.sleep(pause)
        pause = min(pause * 1.5, 0.25)


def environment(state_dir: Path, port: int, **extra: str) -> dict[str, str]:
    """The environment of a test's gasoline processes: its own state directory, port and project."""
    return {
        **os.environ,
        "GASOLINE_STATE_DIR": str(state_dir),
        "GASOLINE_PORT": str(port),
        "GASOLINE_PROJECT_DIR": str(state_dir.parent),
        **extra,
    }


def schemathesis(config: Path, document: Path, url: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """The run the config file describes, with every check, of the OpenAPI document against url,
    with these variables in its environment (the tokens and values the config file names)."""
    return subprocess.run(
        [str(SCHEMATHESIS), "--config-file", str(config), "run", str(document), "--url", url, "--checks", "all"],
        cwd=cwd,
        env={**os.environ, "HYPOTHESIS_STORAGE_DIRECTORY": str(HYPOTHESIS_STORAGE), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def gasoline_cli(state_dir: Path, port: int, *args: str) -> subprocess.CompletedProcess[str]:
    """`gasoline <args>` as the person at the keyboard runs it, against the test's daemon."""
    return subprocess.run(
        [PYTHON, "-m", "gasoline", *args], env=environment(state_dir, port), capture_output=True, text=True, timeout=60
    )


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie counts as gone
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[-1][0] != "Z"
    except FileNotFoundError:
        return False


def kill_group(process: subprocess.Popen[Any] | ForkedProcess) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def kill_pid(pid: int | None) -> None:
    if pid and alive(pid):
        os.kill(pid, signal.SIGKILL)


def health(port: int) -> dict[str, Any] | None:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
    try:
        connection.request("GET", "/health", headers={"Host": f"127.0.0.1:{port}"})
        return json.loads(connection.getresponse().read())
    except (OSError, ValueError):
        return None
    finally:
        connection.close()


def is_serving(process: subprocess.Popen[bytes] | ForkedProcess, port: int) -> bool:
    facts = health(port)
    return isinstance(facts, dict) and facts.get("pid") == process.pid


@dataclass
class Daemon:
    port: int
    state_dir: Path
    process: subprocess.Popen[bytes] | ForkedProcess

    @property
    def files(self) -> DaemonFiles:
        return DaemonFiles(self.state_dir, self.port)

    @property
    def token(self) -> str:
        return self.files.token.read_text().strip()

    @property
    def approver_token(self) -> str:
        return self.files.approver_token.read_text().strip()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"


def gasoline_process(
    argv: list[str], variables: dict[str, str], forked: bool, stdin: bool = False
) -> subprocess.Popen[bytes] | ForkedProcess:
    """`gasoline <argv>` in its own session, its output piped and its input a pipe (`stdin`) or
    nothing: forked from this process's starter, or, when not `forked`, run as its own command."""
    if forked:
        return STARTER.start(argv, variables, stdin=stdin)
    return subprocess.Popen(
        [PYTHON, "-m", "gasoline", *argv],
        env=variables,
        stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )


@contextmanager
def running_daemon(
    state_dir: Path, *flags: str, port: int | None = None, forked: bool = True, **env: str
) -> Iterator[Daemon]:
    """`gasoline daemon` on the test's state directory and port, forked from this process's starter
    (forked_processes.py). It runs as its own command when its code is another copy's (PYTHONPATH),
    or when not `forked`: the benchmarks measure a daemon as a person starts one."""
    port = port or free_port()
    argv, variables = ["daemon", "--port", str(port), *flags], environment(state_dir, port, **env)
    process = gasoline_process(argv, variables, forked=forked and "PYTHONPATH" not in env)
    try:
        # its own health, by pid: what else answers on the port is not the daemon started here
        wait_for(lambda: is_serving(process, port) or process.poll() is not None, what=f"daemon on port {port}")
        if process.poll() is not None:
            assert process.stderr is not None
            raise RuntimeError(f"the daemon on port {port} exited: {process.stderr.read().decode(errors='replace')}")
        STATE_DIRS[port] = state_dir
        yield Daemon(port, state_dir, process)
    finally:
        STATE_DIRS.pop(port, None)
        kill_group(process)


@dataclass
class Bridge:
    """`gasoline` (the stdio server) driven line by line, as an MCP client drives it."""

    process: subprocess.Popen[bytes] | ForkedProcess
    next_id: int = 0
    received: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        assert self.process.stdout is not None
        self.lines = TimedLines(self.process.stdout)

    def send(self, message: dict[str, Any] | str) -> None:
        assert self.process.stdin is not None
        line = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def request(self, method: str, params: dict[str, Any] | None = None, seconds: float = 30) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(message)
        return self.reply_to(self.next_id, seconds)

    def reply_to(self, request_id: Any, seconds: float = 30) -> dict[str, Any]:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            message = self.read(deadline - time.monotonic())
            if message is None:
                break
            if message.get("id") == request_id and ("result" in message or "error" in message):
                return message
        raise TimeoutError(f"no reply to {request_id} within {seconds} s")

    def read(self, seconds: float) -> dict[str, Any] | None:
        """The next stdout line as JSON (every stdout line must be JSON-RPC); None at the end of output."""
        line = self.lines.next(seconds)
        if not line:
            return None
        message = json.loads(line)
        assert message.get("jsonrpc") == "2.0", f"stdout carried a non-JSON-RPC line: {line!r}"
        self.received.append(message)
        return message

    def initialize(self) -> dict[str, Any]:
        reply = self.request(
            "initialize",
            {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "tests", "version": "1"}},
        )
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply

    def call(self, tool: str, arguments: dict[str, Any], seconds: float = 30) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments}, seconds)

    def result(self, tool: str, **arguments: Any) -> dict[str, Any]:
        """The structured result of a call that must succeed."""
        result = self.call(tool, arguments)["result"]
        assert not result.get("isError"), result
        return result["structuredContent"]

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(10)


@contextmanager
def running_bridge(state_dir: Path, port: int, **env: str) -> Iterator[Bridge]:
    """`gasoline` on stdio for the test's state directory and port, forked from this process's
    starter as daemons are (its own command when its code is another copy's, PYTHONPATH)."""
    variables = environment(state_dir, port, **env)
    process = gasoline_process([], variables, forked="PYTHONPATH" not in env, stdin=True)
    try:
        yield Bridge(process)
    finally:
        kill_group(process)


def kill_daemons_of(state_dir: Path) -> None:
    """Kill every daemon started for this state directory, found by the environment it inherited.

    A bridge may have spawned one that had not yet written its pid file when the test ended, or
    not yet even become `gasoline daemon`: until then it holds the spawn lock its bridge took
    (the lock's descriptor closes as the daemon's command starts), so each lock is waited for first.
    """
    for lock in state_dir.glob("daemon-*.spawn.lock"):
        with spawn_lock(lock, 10):
            pass
    marker = f"GASOLINE_STATE_DIR={state_dir}".encode()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and int(entry.name) != os.getpid():
            try:
                if (
                    marker in (entry / "environ").read_bytes().split(b"\0")
                    and b"daemon" in (entry / "cmdline").read_bytes()
                ):
                    kill_pid(int(entry.name))
            except (OSError, ValueError):
                continue


STATE_DIRS: dict[int, Path] = {}  # the state directory of the daemon last started on each port
EXTENSION_TOKENS: dict[tuple[Path, int], str] = {}


def request_json(port: int, path: str, body: Any, **headers: str) -> tuple[int, Any]:
    """POST JSON (raw bytes pass as they are) to the daemon on port; the status and the JSON answer."""
    sent = {"Host": f"127.0.0.1:{port}", "Content-Type": "application/json", **headers}
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        connection.request("POST", path, body=data, headers=sent)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        connection.close()


def pairing_code(port: int) -> str:
    """A one-time code from the daemon on port (started by running_daemon), as `gasoline pair` gets
    it: from /pairing, behind the approver token."""
    approver = DaemonFiles(STATE_DIRS[port], port).approver_token.read_text().strip()
    status, answer = request_json(port, "/pairing", b"", Authorization=f"Bearer {approver}")
    assert status == 200, answer
    return str(answer["code"])


def extension_token(port: int) -> str:
    """The token of an extension paired with the daemon on port, paired once as a person pairs it: a
    code from /pairing traded at /panel/pair."""
    key = (STATE_DIRS[port], port)
    if key not in EXTENSION_TOKENS:
        status, paired = request_json(port, "/panel/pair", {"code": pairing_code(port)})
        assert status == 200, paired
        EXTENSION_TOKENS[key] = paired["token"]
    return EXTENSION_TOKENS[key]


def post_as_extension(
    port: int, path: str, body: Any, origin: str | None = EXTENSION_ORIGIN, paired: bool = True
) -> tuple[int, dict[str, Any]]:
    """POST JSON to the daemon as the extension's service worker does, paired unless `paired` is False
    (raw bytes pass as they are)."""
    headers = {"Origin": origin} if origin is not None else {}
    if paired:
        headers["Authorization"] = f"Bearer {extension_token(port)}"
    status, answer = request_json(port, path, body, **headers)
    return status, answer

"""Calls a client pipelines faster than the daemon answers, on a machine whose CPUs are busy: every
one is answered, over the stdio bridge and over the daemon's local socket, run after run.

The bridge once held the lock its reply reader needed while it blocked writing to a full socket,
and the daemon, its replies unread, stopped reading requests: both sides waited for ever. A
writer and a reader that each run at their own pace, with other processes busy on every CPU, find
such a cycle within a few runs. In `tasks.py test` the other tests keep every CPU busy; run on its
own, the module starts processes that spin on the CPUs nothing else uses.
"""

from __future__ import annotations

import json
import os
import select
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, Any

import pytest

from .processes import PYTHON, Daemon, environment, free_port, kill_daemons_of, kill_group, running_daemon

CALLS = 2000
RUNS = 5
DEADLINE_SECONDS = 60
HELD_CALLS = 4_000  # several times what every buffer between the client and the daemon holds (under 1,000 here)
HEALTH_CALL = {"name": "configure", "arguments": {"action": "health"}}
INITIALIZE = {
    "protocolVersion": "2025-06-18",
    "capabilities": {},
    "clientInfo": {"name": "pipelining", "version": "1"},
}


@pytest.fixture(scope="module")
def busy_cpus() -> Iterator[None]:
    """For the whole module, one process more ready to run than there are CPUs: a process spinning
    for each that the machine's load (its processes ready to run, over the last minute) leaves short."""
    short = (os.cpu_count() or 1) + 1 - round(os.getloadavg()[0])
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(max(0, short))]
    yield
    for spinner in spinners:
        spinner.kill()
        spinner.wait()


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory, busy_cpus: None) -> Iterator[Daemon]:
    """One daemon for the module: each run is a new client of it."""
    state_dir = tmp_path_factory.mktemp("state")
    try:
        with running_daemon(state_dir, port=free_port()) as running:
            yield running
    finally:
        kill_daemons_of(state_dir)


def line(message: dict[str, Any]) -> bytes:
    return json.dumps(message).encode() + b"\n"


def request(request_id: Any, method: str, params: dict[str, Any]) -> bytes:
    return line({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})


def handshake(writer: IO[bytes], reader: IO[bytes]) -> None:
    """initialize, then one call, so the link to the daemon is up before the pipelined ones."""
    for request_id, method, params in (("init", "initialize", INITIALIZE), ("first", "tools/call", HEALTH_CALL)):
        writer.write(request(request_id, method, params))
        writer.flush()
        assert json.loads(reader.readline())["id"] == request_id
        if method == "initialize":
            writer.write(line({"jsonrpc": "2.0", "method": "notifications/initialized"}))


def pipelined(writer: IO[bytes], reader: IO[bytes]) -> set[Any]:
    """Write CALLS calls without waiting while a reader collects the answers; the ids answered in time."""
    answered: set[Any] = set()
    done = threading.Event()

    def read() -> None:
        for raw in reader:
            reply = json.loads(raw)
            assert "result" in reply, reply
            answered.add(reply["id"])
            if len(answered) == CALLS:
                break
        done.set()

    def write() -> None:
        for request_id in range(CALLS):
            writer.write(request(request_id, "tools/call", HEALTH_CALL))
        writer.flush()

    threading.Thread(target=read, daemon=True).start()
    threading.Thread(target=write, daemon=True).start()
    done.wait(DEADLINE_SECONDS)
    return answered


def pipe_full(pipe: IO[bytes]) -> bool:
    """Whether the pipe takes no more until its reader reads (the kernel's own test of a full pipe)."""
    return not select.select([], [pipe], [], 0)[1]


@contextmanager
def bridge_of(daemon: Daemon) -> Iterator[subprocess.Popen[bytes]]:
    """A stdio bridge to the daemon, initialized and with its link up."""
    bridge = subprocess.Popen(
        [PYTHON, "-m", "gasoline"],
        env=environment(daemon.state_dir, daemon.port),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    assert bridge.stdin is not None and bridge.stdout is not None
    try:
        handshake(bridge.stdin, bridge.stdout)
        yield bridge
    finally:
        kill_group(bridge)


@pytest.mark.parametrize("run", range(RUNS))
def test_pipelined_calls_through_the_stdio_bridge_are_all_answered(daemon: Daemon, run: int) -> None:
    with bridge_of(daemon) as bridge:
        assert bridge.stdin is not None and bridge.stdout is not None
        answered = pipelined(bridge.stdin, bridge.stdout)
        assert len(answered) == CALLS, f"run {run}: {len(answered)} of {CALLS} calls answered"


@pytest.mark.parametrize("run", range(RUNS))
def test_pipelined_calls_on_the_local_socket_are_all_answered(daemon: Daemon, run: int) -> None:
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
        connection.connect(str(daemon.files.socket))
        with connection.makefile("rb") as reader, connection.makefile("wb") as writer:
            handshake(writer, reader)
            answered = pipelined(writer, reader)
    assert len(answered) == CALLS, f"run {run}: {len(answered)} of {CALLS} calls answered"


def test_a_client_that_does_not_read_is_all_written_and_then_answered(daemon: Daemon) -> None:
    """Calls written while no answer is read fill the pipes and stop the writer (backpressure); once
    the client reads, every call is answered and the bridge serves on."""
    with bridge_of(daemon) as bridge:
        assert bridge.stdin is not None and bridge.stdout is not None
        written = 0
        all_written = threading.Event()

        def write() -> None:
            nonlocal written
            assert bridge.stdin is not None
            for request_id in range(HELD_CALLS):
                bridge.stdin.write(request(request_id, "tools/call", HEALTH_CALL))
                bridge.stdin.flush()
                written += 1
            all_written.set()

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        before = -1
        # The writer stops gaining once every buffer on the way is full, the bridge's stdin last.
        while not all_written.is_set() and (written != before or not pipe_full(bridge.stdin)):
            before = written
            writer.join(0.5)
        assert not all_written.is_set() and written < HELD_CALLS
        answered = 0
        for raw in bridge.stdout:
            assert "result" in json.loads(raw)
            answered += 1
            if answered == HELD_CALLS:
                break
        assert answered == HELD_CALLS and all_written.is_set()

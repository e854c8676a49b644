"""Daemons and bridges forked from a process that has imported the daemon's modules already.

A test's daemon runs as `gasoline daemon` runs: its own process and session, the test's state
directory, port, environment, working directory and pipes, and it exits through the interpreter's
own shutdown. What it skips is starting Python, importing the daemon and compiling the redaction
policy, about a second of CPU each, for a few hundred daemons a run: one starter per test process
does them once, then forks each daemon. A test's bridge (`gasoline` on stdio) is forked the same
way: a few hundred a run, each a fifth of a CPU-second of starting Python. The starter runs no
thread, so forking it is safe.

The daemon's command line reads as `python -m gasoline daemon ...` too, since that is how the
bridge proves a daemon its own before it signals one (`gasoline stop`, replacing a daemon of
another version): the starter is started with room in its arguments, and each daemon writes its
own command line there. A daemon of another copy of the code (PYTHONPATH) runs as its own command
(processes.running_daemon).

The starter reads requests on a Unix socket: a JSON line (argv, environment, working directory)
with the process's stdin (a bridge's pipe, a daemon's /dev/null), stdout, stderr and status pipes
attached. It answers with the pid, and writes the exit status (as subprocess reports one) to the
status pipe once it reaps the process.
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

PIPES = 4  # stdin, stdout, stderr, status
MESSAGE_BYTES = 1 << 20
COMMAND_LINE_ROOM = 1024  # bytes of the starter's arguments a daemon's command line may take


class ForkedProcess:
    """What the tests use of a subprocess.Popen, for a daemon or a bridge forked by the starter."""

    def __init__(
        self, pid: int, stdin: IO[bytes] | None, stdout: IO[bytes], stderr: IO[bytes], status: IO[bytes]
    ) -> None:
        self.pid = pid
        self.stdin = stdin
        self.stdout = stdout
        self.stderr = stderr
        self._status = status
        self.returncode: int | None = None

    def poll(self) -> int | None:
        if self.returncode is None and select.select([self._status], [], [], 0)[0]:
            self.returncode = int(self._status.read() or b"-9")
            self._status.close()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        deadline = None if timeout is None else time.monotonic() + timeout
        while self.poll() is None:
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                raise subprocess.TimeoutExpired(f"process {self.pid}", timeout or 0)
            select.select([self._status], [], [], left)
        assert self.returncode is not None
        return self.returncode

    def send_signal(self, sig: int) -> None:
        if self.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, sig)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def communicate(self, timeout: float | None = None) -> tuple[bytes, bytes]:
        """Everything the process writes until it closes its output, then its exit."""
        deadline = None if timeout is None else time.monotonic() + timeout
        read: dict[IO[bytes], list[bytes]] = {self.stdout: [], self.stderr: []}
        open_pipes = [pipe for pipe in read if not pipe.closed]
        while open_pipes:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready = select.select(open_pipes, [], [], left)[0]
            if not ready:
                raise subprocess.TimeoutExpired(f"process {self.pid}", timeout or 0)
            for pipe in ready:
                chunk = os.read(pipe.fileno(), 65536)
                if chunk:
                    read[pipe].append(chunk)
                else:
                    open_pipes.remove(pipe)
        self.wait(None if deadline is None else max(0.0, deadline - time.monotonic()))
        return b"".join(read[self.stdout]), b"".join(read[self.stderr])


class Starter:
    """This test process's starter, started on first use."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._socket: socket.socket | None = None
        # Held for the life of the test process: the starter exits when the socket closes with it.
        self._process: subprocess.Popen[bytes] | None = None

    def _connected(self) -> socket.socket:
        if self._socket is None:
            ours, theirs = socket.socketpair()
            self._process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tests.integration.forked_processes",
                    str(theirs.fileno()),
                    "." * COMMAND_LINE_ROOM,
                ],
                pass_fds=[theirs.fileno()],
                start_new_session=True,
            )
            theirs.close()
            self._socket = ours
        return self._socket

    def start(self, argv: list[str], env: dict[str, str], stdin: bool = False) -> ForkedProcess:
        """A process running `gasoline <argv>` with this environment, in this working directory,
        reading a pipe the caller writes (`stdin`) or /dev/null."""
        stdin_read, stdin_write = os.pipe() if stdin else (os.open(os.devnull, os.O_RDONLY), -1)
        pipes = [os.pipe() for _ in range(PIPES - 1)]
        request = json.dumps({"argv": argv, "env": env, "cwd": os.getcwd()}).encode() + b"\n"
        try:
            with self._lock:
                channel = self._connected()
                socket.send_fds(channel, [request], [stdin_read, *(write for _, write in pipes)])
                answer = b""
                while not answer.endswith(b"\n"):
                    chunk = channel.recv(64)
                    if not chunk:
                        raise RuntimeError("the starter exited")
                    answer += chunk
        finally:
            os.close(stdin_read)
            for _, write in pipes:
                os.close(write)
        # Output buffered as a Popen's is: a line read from an unbuffered pipe is read a byte at a time.
        (stdout, _), (stderr, _), (status, _) = pipes
        return ForkedProcess(
            int(answer),
            os.fdopen(stdin_write, "wb") if stdin else None,
            os.fdopen(stdout, "rb"),
            os.fdopen(stderr, "rb"),
            os.fdopen(status, "rb", buffering=0),
        )


STARTER = Starter()


# The starter's side.


def reap(statuses: dict[int, int]) -> None:
    """Write each exited process's status to its status pipe."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        descriptor = statuses.pop(pid, None)
        if descriptor is not None:
            with contextlib.suppress(OSError):
                os.write(descriptor, str(os.waitstatus_to_exitcode(status)).encode())
            os.close(descriptor)


def serve(channel: socket.socket) -> dict[str, Any] | None:
    """Fork a process for each request; in the process, return its request. None once the test process is gone."""
    # What every daemon imports, and the redaction policy it compiles, once, before the first fork.
    import gasoline.cli
    import gasoline.daemon.main  # noqa: F401
    from gasoline.safety.redaction import policy_rules

    policy_rules()

    statuses: dict[int, int] = {}
    signal.signal(signal.SIGCHLD, lambda signum, frame: reap(statuses))
    while True:
        message, descriptors, _, _ = socket.recv_fds(channel, MESSAGE_BYTES, PIPES)
        if not message:
            return None
        stdin, stdout, stderr, status = descriptors
        # Held until the process's status pipe is on record: one that exits at once is reaped after.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGCHLD})
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
            os.setsid()
            for descriptor, target in ((stdin, 0), (stdout, 1), (stderr, 2)):
                os.dup2(descriptor, target)
            for descriptor in (stdin, stdout, stderr, status, channel.detach(), *statuses.values()):
                os.close(descriptor)
            request: dict[str, Any] = json.loads(message)
            return request
        for descriptor in (stdin, stdout, stderr):
            os.close(descriptor)
        statuses[pid] = status
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGCHLD})
        channel.sendall(f"{pid}\n".encode())


def take_command_line(words: list[str]) -> None:
    """Make /proc/self/cmdline read `words`: written over the process's arguments, in place."""
    fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
    start, end = int(fields[45]), int(fields[46])  # arg_start and arg_end, fields 48 and 49 of stat
    line = b"\0".join(word.encode() for word in words) + b"\0"
    if len(line) > end - start:
        raise ValueError(f"a command line of {len(line)} bytes does not fit in {end - start}")
    with open("/proc/self/mem", "r+b", buffering=0) as memory:
        memory.seek(start)
        memory.write(line.ljust(end - start, b"\0"))


def run_gasoline(request: dict[str, Any]) -> int:
    import gasoline.cli

    take_command_line([sys.executable, "-m", "gasoline", *request["argv"]])
    os.environ.clear()
    os.environ.update(request["env"])
    os.chdir(request["cwd"])
    return gasoline.cli.main(request["argv"])


if __name__ == "__main__":
    started = serve(socket.socket(fileno=int(sys.argv[1])))
    sys.exit(run_gasoline(started) if started else 0)

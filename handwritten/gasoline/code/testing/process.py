"""Run one command in its own process group, within a time limit, its output read as it comes.

The group is what gets stopped: at the limit it is sent SIGTERM, then SIGKILL after GRACE_S; when
the command ends by itself, whatever it left running in the group is killed too, so a sleeping
child neither outlives the run nor keeps its output pipe, and the call, open.
"""

from __future__ import annotations

import contextlib
import os
import selectors
import signal
import subprocess
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from gasoline.contract import ProgressReporter

GRACE_S = 2.0  # between SIGTERM and SIGKILL
DRAIN_S = 1.0  # to read what is left in the pipe once the command ended
TICK_S = 1.0  # between progress reports
POLL_S = 0.1  # how soon an ended command is noticed while its pipe stays open
READ_BYTES = 65536


@dataclass(frozen=True)
class Finished:
    exit_code: int | None  # None: stopped at the time limit
    timed_out: bool
    duration_ms: int


class OutputTail:
    """The last `limit` bytes of everything written, cut at a UTF-8 character boundary."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.buffer = bytearray()
        self.total = 0

    def write(self, data: bytes) -> None:
        self.total += len(data)
        self.buffer += data
        if len(self.buffer) > 2 * self.limit:
            del self.buffer[: -self.limit]

    def text(self) -> tuple[str, bool]:
        """The tail as text, and whether its start was cut."""
        data = bytes(self.buffer[-self.limit :])
        cut = self.total > len(data)
        while True:
            start = 0
            while cut and start < len(data) and data[start] & 0xC0 == 0x80:  # a character's continuation byte
                start += 1
            text = data[start:].decode("utf-8", errors="replace")
            if len(text.encode()) <= self.limit:
                return text, cut
            data, cut = text.encode()[-self.limit :], True  # invalid bytes grew into U+FFFD: cut again


def _signal_group(process: subprocess.Popen[bytes], signum: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signum)


def run_process(
    argv: Sequence[str],
    cwd: Path,
    env: Mapping[str, str],
    timeout_s: float,
    write: Callable[[bytes], None],
    progress: ProgressReporter | None = None,
) -> Finished:
    """Run `argv`, its stdout and stderr together fed to `write` as they arrive. OSError when it cannot start."""
    started = time.monotonic()
    process = subprocess.Popen(
        list(argv),
        cwd=cwd,
        env=dict(env),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    assert process.stdout is not None
    try:
        with selectors.DefaultSelector() as selector:
            selector.register(process.stdout.fileno(), selectors.EVENT_READ)
            timed_out = _wait(process, selector, write, started, timeout_s, progress)
            duration_ms = int((time.monotonic() - started) * 1000)
            _signal_group(process, signal.SIGKILL)  # what the command left running in its group
            drain_until = time.monotonic() + DRAIN_S
            while selector.get_map() and time.monotonic() < drain_until:
                _read(selector, process, write, drain_until - time.monotonic())
    finally:
        if process.poll() is None:  # left by an exception: nothing keeps running
            _signal_group(process, signal.SIGKILL)
            process.wait()
        process.stdout.close()
    return Finished(None if timed_out else process.returncode, timed_out, duration_ms)


def _wait(
    process: subprocess.Popen[bytes],
    selector: selectors.BaseSelector,
    write: Callable[[bytes], None],
    started: float,
    timeout_s: float,
    progress: ProgressReporter | None,
) -> bool:
    """Read until the command ends, or is stopped `timeout_s` after it started: True when it was stopped."""
    deadline = started + timeout_s
    stopped_at: float | None = None
    next_tick = started + TICK_S
    while process.poll() is None:
        now = time.monotonic()
        if stopped_at is None and now >= deadline:
            _signal_group(process, signal.SIGTERM)
            stopped_at = now
        elif stopped_at is not None and now >= stopped_at + GRACE_S:
            _signal_group(process, signal.SIGKILL)
            process.wait()
        if progress is not None and now >= next_tick:
            progress(round(now - started, 1), timeout_s, f"tests running: {int(now - started)} s of {timeout_s:g} s")
            next_tick += TICK_S
        _read(selector, process, write, POLL_S)
    return stopped_at is not None


def _read(
    selector: selectors.BaseSelector, process: subprocess.Popen[bytes], write: Callable[[bytes], None], wait_s: float
) -> None:
    """Pass on what the pipe holds, waiting at most `wait_s`; once the pipe has closed, wait for the process."""
    if not selector.get_map():
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(max(wait_s, 0))
        return
    for key, _ in selector.select(max(wait_s, 0)):
        data = os.read(key.fd, READ_BYTES)
        if data:
            write(data)
        else:
            selector.unregister(key.fd)

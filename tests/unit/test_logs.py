"""The daemon's log: every line one JSON object, and an exception in it facts, never a traceback's text."""

from __future__ import annotations

import json
import logging
import sys
import threading
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from gasoline import logs
from gasoline.composition import DaemonConfig, create_daemon, create_services
from gasoline.core.jsonrpc import Request
from gasoline.core.protocol import Exchange
from gasoline.safety.redaction import build_redactor
from gasoline_generated.policy import LIMITS


@pytest.fixture
def log_file(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "daemon.log"
    hooks = (sys.excepthook, threading.excepthook)
    logs.configure(path, to_stderr=False)
    logs.log_uncaught()
    try:
        yield path
    finally:
        sys.excepthook, threading.excepthook = hooks
        for logger in (logs.log, logging.getLogger("waitress")):
            for handler in list(logger.handlers):
                logger.removeHandler(handler)
                handler.close()


class BrokenStore:
    """A capture store that fails the way a bug would."""

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"store broken while reading {name}")


def provoke_a_handler_crash() -> None:
    config = DaemonConfig()
    daemon = create_daemon(config, replace(create_services(config), captured=BrokenStore()))  # type: ignore[arg-type]
    arguments = {"what": "logs"}
    request = Request(1, "tools/call", {"name": "observe", "arguments": arguments})
    result = daemon.tools.call("observe", arguments, Exchange(request, lambda message: None))
    assert result["isError"] is True


def provoke_an_uncaught_error_in_a_thread() -> None:
    def fail() -> None:
        raise ValueError("nobody catches this")

    thread = threading.Thread(target=fail, name="worker-7")
    thread.start()
    thread.join(10)


def provoke_an_uncaught_error_in_the_main_thread() -> None:
    try:
        raise KeyError("the last thing the process does")
    except KeyError:
        sys.excepthook(*sys.exc_info())  # what the interpreter calls as it exits on an uncaught error


@pytest.mark.parametrize(
    "provoke",
    [provoke_a_handler_crash, provoke_an_uncaught_error_in_a_thread, provoke_an_uncaught_error_in_the_main_thread],
)
def test_an_exception_is_logged_as_facts_on_one_line(log_file: Path, provoke: Any) -> None:
    provoke()
    lines = log_file.read_text().splitlines()
    entries = [json.loads(line) for line in lines]  # every line parses on its own
    problems = [entry["exception"] for entry in entries if "exception" in entry]
    assert len(problems) == 1, entries
    problem = problems[0]
    assert set(problem) == {"type", "message", "frames"}
    assert problem["type"] in {"RuntimeError", "ValueError", "KeyError"}
    assert problem["frames"] and all(frame.count(":") == 2 for frame in problem["frames"]), problem
    assert "Traceback" not in log_file.read_text()


def test_the_log_is_set_aside_when_full_and_only_a_few_are_kept(log_file: Path) -> None:
    line = "x" * 10_000  # long lines: the work is writing megabytes, not formatting records
    for index in range((LIMITS.daemon.logs_kept + 2) * LIMITS.daemon.log_bytes // len(line)):
        logs.log.info("filler %d %s", index, line)
    kept = sorted(log_file.parent.glob(log_file.name + "*"))
    assert [path.name for path in kept] == [log_file.name] + [
        f"{log_file.name}.{n}" for n in range(1, LIMITS.daemon.logs_kept + 1)
    ]
    assert all(path.stat().st_size <= LIMITS.daemon.log_bytes for path in kept)
    newest = [json.loads(text) for text in log_file.read_text().splitlines()]
    assert newest and all(entry["message"].startswith("filler") for entry in newest)


def test_each_line_of_the_log_file_is_redacted_once(log_file: Path) -> None:
    """The file is measured before each line is written (to set it aside when full): the line is
    made once, so the redactor reads each record once, not once for the size and again to write."""
    redactor = build_redactor(bytes(32))
    asked = []

    def counted(value: Any) -> Any:
        asked.append(value)
        return redactor.value(value)

    logs.redact_with(SimpleNamespace(value=counted))
    try:
        logs.log.info("deploying with %s", "ghp_" + "Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9Fe8Dc7B")
    finally:
        logs.redact_with(None)
    (entry,) = [json.loads(line) for line in log_file.read_text().splitlines()]
    assert entry["message"].startswith("deploying with [REDACTED:api_key:") and len(asked) == 1

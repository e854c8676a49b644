"""Structured logs: one JSON object per line, to a file; stdout is never used (it may carry MCP).

Once the daemon has its redactor, every message, fact and exception passes it before it is
written; if redaction fails, the line says so instead of carrying the text. An exception is
facts too (its type, message and frames), never a traceback's text, and one nobody caught, in
any thread, is logged the same way: the daemon's stderr is its log file, so nothing may reach
it that is not a JSON line.
"""

from __future__ import annotations

import json
import logging
import sys
import threading
import traceback
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

log = logging.getLogger("gasoline")
_redactor: Any = None  # gasoline.safety.redaction.Redactor, once the daemon has one


def redact_with(redactor: Any) -> None:
    global _redactor
    _redactor = redactor


def exception_facts(error: BaseException) -> dict[str, Any]:
    """An exception as data: its type, its message and where it was raised, innermost frame last."""
    frames = traceback.extract_tb(error.__traceback__)
    return {
        "type": type(error).__qualname__,
        "message": str(error),
        "frames": [f"{Path(frame.filename).name}:{frame.lineno}:{frame.name}" for frame in frames],
    }


def told(record: logging.LogRecord) -> dict[str, Any]:
    """What a record says (message, facts, exception), redacted once the daemon has its redactor."""
    said: dict[str, Any] = {"message": record.getMessage(), **getattr(record, "facts", {})}
    if record.exc_info and record.exc_info[1] is not None:
        said["exception"] = exception_facts(record.exc_info[1])
    if _redactor is not None:
        try:
            said = _redactor.value(said)
        except Exception:  # RedactionUnavailable, or anything a broken policy raises
            said = {"message": "[withheld: redaction unavailable]"}
    return said


class JsonLines(logging.Formatter):
    """For the log file: one JSON object per line. A record's line is kept on the record, as logging
    keeps its exc_text: the rotating file formats each record twice (to measure it, then to write
    it), and each time would redact it again."""

    def format(self, record: logging.LogRecord) -> str:
        line: str | None = getattr(record, "json_line", None)
        if line is None:
            entry: dict[str, Any] = {
                "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
                "level": record.levelname.lower(),
                "logger": record.name,
                **told(record),
            }
            line = record.json_line = json.dumps(entry, ensure_ascii=False, default=str)
        return line


class PlainLines(logging.Formatter):
    """For a person watching stderr: the message (and any traceback), redacted all the same."""

    def format(self, record: logging.LogRecord) -> str:
        said = told(record)
        problem = said.get("exception")
        where = f" ({problem['type']}: {problem['message']} at {', '.join(problem['frames'][-3:])})" if problem else ""
        return f"gasoline: {said['message']}{where}"


def configure(log_file: Path | None, to_stderr: bool) -> None:
    """Send our loggers (and the HTTP server's) to a JSON-lines file and, for a person watching, to stderr.
    The file is set aside at daemon.log_bytes (the newest kept as <file>.1), so it never grows without end."""
    handlers: list[logging.Handler] = []
    if log_file is not None:
        from logging.handlers import RotatingFileHandler

        from gasoline_generated.policy import LIMITS

        size, kept = LIMITS.daemon.log_bytes, LIMITS.daemon.logs_kept
        handlers.append(RotatingFileHandler(log_file, maxBytes=size, backupCount=kept, encoding="utf-8"))
        handlers[-1].setFormatter(JsonLines())
    if to_stderr:
        handlers.append(logging.StreamHandler(sys.stderr))
        handlers[-1].setFormatter(PlainLines())
    for logger in (log, logging.getLogger("waitress")):
        logger.setLevel(logging.INFO)
        logger.propagate = False
        for old in list(logger.handlers):
            logger.removeHandler(old)
            old.close()
        for handler in handlers:
            logger.addHandler(handler)


def log_uncaught() -> None:
    """Exceptions nobody caught, in the main thread or any other, go to the log as facts."""

    def uncaught(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        log.error("uncaught %s", kind.__qualname__, exc_info=(kind, error, trace))

    def uncaught_in_thread(hook: threading.ExceptHookArgs) -> None:
        if hook.exc_value is not None:
            where = hook.thread.name if hook.thread else "a thread"
            log.error("uncaught %s in %s", hook.exc_type.__qualname__, where, exc_info=hook.exc_value)

    sys.excepthook = uncaught
    threading.excepthook = uncaught_in_thread


def stage(name: str, message: str, **facts: Any) -> None:
    """A startup or shutdown milestone, findable in the log by its "stage" field."""
    log.info(message, extra={"facts": {"stage": name, **facts}})

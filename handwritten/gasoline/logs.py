"""Structured logs: one JSON object per line, to a file; stdout is never used (it may carry MCP).

Once the daemon has its redactor, every message, fact and traceback passes it before it is
written; if redaction fails, the line says so instead of carrying the text.
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

log = logging.getLogger("gasoline")
_redactor: Any = None  # gasoline.safety.redaction.Redactor, once the daemon has one


def redact_with(redactor: Any) -> None:
    global _redactor
    _redactor = redactor


def told(record: logging.LogRecord, formatter: logging.Formatter) -> dict[str, Any]:
    """What a record says (message, facts, traceback), redacted once the daemon has its redactor."""
    said: dict[str, Any] = {"message": record.getMessage(), **getattr(record, "facts", {})}
    if record.exc_info:
        said["exception"] = formatter.formatException(record.exc_info)
    if _redactor is not None:
        try:
            said = _redactor.value(said)
        except Exception:  # RedactionUnavailable, or anything a broken policy raises
            said = {"message": "[withheld: redaction unavailable]"}
    return said


class JsonLines(logging.Formatter):
    """For the log file: one JSON object per line."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            **told(record, self),
        }
        return json.dumps(entry, ensure_ascii=False, default=str)


class PlainLines(logging.Formatter):
    """For a person watching stderr: the message (and any traceback), redacted all the same."""

    def format(self, record: logging.LogRecord) -> str:
        said = told(record, self)
        return "\n".join(filter(None, (f"gasoline: {said['message']}", said.get("exception"))))


def configure(log_file: Path | None, to_stderr: bool) -> None:
    """Send our loggers (and the HTTP server's) to a JSON-lines file and, for a person watching, to stderr."""
    handlers: list[logging.Handler] = []
    if log_file is not None:
        handlers.append(logging.FileHandler(log_file, encoding="utf-8"))
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


def stage(name: str, message: str, **facts: Any) -> None:
    """A startup or shutdown milestone, findable in the log by its "stage" field."""
    log.info(message, extra={"facts": {"stage": name, **facts}})

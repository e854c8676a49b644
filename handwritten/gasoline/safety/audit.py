"""Append-only audit trails: one JSON object per line, each written with one append.

Lines from several writers never interleave. A crash or a full disk can at worst leave the
line being written short, and the reader skips what does not parse (a short write is also
raised, so the caller knows). Everything written passes the redactor.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

from gasoline.core.errors import RedactionUnavailable

from .redaction import Redactor


class AuditTrail:
    def __init__(self, path: Path | None, redactor: Redactor) -> None:
        self.path = path
        self.redactor = redactor

    def write(self, event: str, **facts: Any) -> None:
        try:
            facts = self.redactor.value(facts)
        except RedactionUnavailable:
            facts = {"withheld": "redaction unavailable"}
        entry = {"ts": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "event": event, **facts}
        if self.path is None:
            return
        line = (json.dumps(entry, ensure_ascii=False, default=str) + "\n").encode()
        descriptor = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            written = os.write(descriptor, line)
        finally:
            os.close(descriptor)
        if written != len(line):
            raise OSError(f"{self.path}: only {written} of {len(line)} bytes of an audit entry were written")

    def read(self) -> list[dict[str, Any]]:
        if self.path is None or not self.path.exists():
            return []
        entries = []
        for line in self.path.read_text(encoding="utf-8", errors="replace").splitlines():
            try:
                entries.append(json.loads(line))
            except ValueError:
                continue
        return entries

"""A repository file as code tools read it: UTF-8 text split at "\\n" (a "\\r" stays with its
line), refused with file_unreadable when it is missing, not a file, binary, not UTF-8 or over
code.max_file_bytes. Line numbers count from 1, as editors and ripgrep count them."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from pathlib import Path

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline_generated.policy import LIMITS


@dataclass(frozen=True)
class TextFile:
    raw: bytes
    lines: list[str]  # without their "\n"
    ends_with_newline: bool

    @classmethod
    def parse(cls, raw: bytes) -> TextFile | None:
        """The lines of UTF-8 text; None for bytes that are not."""
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            return None
        ends_with_newline = text.endswith("\n")
        lines = text.split("\n")
        if ends_with_newline or text == "":
            lines.pop()
        return cls(raw, lines, ends_with_newline)

    def text_of(self, start: int, end: int) -> str:
        """Lines start..end (1-based, both included) as one text."""
        return "\n".join(self.lines[start - 1 : end])


def lines_hash(text: str) -> str:
    """What code_read returns for the lines it read and an edit may expect there: 12 hex digits of SHA-256."""
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def read_text(ctx: CallContext, path: Path, shown: str) -> TextFile:
    def unreadable(reason: str, why: str) -> ToolFailure:
        message = f"{ctx.entry.label}: {shown!r} {why}"
        return ToolFailure.of(ctx.entry, "file_unreadable", message, details={"path": shown, "reason": reason})

    if not path.exists():
        raise unreadable("missing", "does not exist in the repository")
    if not path.is_file():
        raise unreadable("not_a_file", "is not a file")
    size = path.stat().st_size
    if size > LIMITS.code.max_file_bytes:
        raise unreadable("too_large", f"has {size} bytes, over the {LIMITS.code.max_file_bytes} code tools read")
    raw = path.read_bytes()
    if b"\0" in raw[: LIMITS.code.binary_sniff_bytes]:
        raise unreadable("binary", "is a binary file")
    parsed = TextFile.parse(raw)
    if parsed is None:
        raise unreadable("not_utf8", "is not UTF-8 text")
    return parsed

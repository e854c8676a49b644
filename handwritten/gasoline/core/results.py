"""Tool results as MCP carries them: structuredContent plus a compact text form, clamped when too large.

A result whose text exceeds the size cap is sent as its first part with a visible marker; the
rest stays readable by cursor through observe(what="result_page") for a while.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .tool_result import ToolResult


@dataclass(frozen=True)
class Page:
    text: str
    offset: int
    total_bytes: int
    next_cursor: str | None


class Continuations:
    """The whole text of recently clamped results, by id: bounded in number and in time."""

    def __init__(self, ttl_seconds: float, capacity: int, clock: Callable[[], float] = time.monotonic) -> None:
        self._ttl, self._capacity, self._clock = ttl_seconds, capacity, clock
        self._texts: OrderedDict[str, tuple[float, bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def keep(self, data: bytes) -> str:
        """Store a result's text (UTF-8); return its id."""
        key = "r" + secrets.token_hex(6)
        with self._lock:
            self._expire()
            self._texts[key] = (self._clock() + self._ttl, data)
            while len(self._texts) > self._capacity:
                self._texts.popitem(last=False)
        return key

    def page(self, cursor: str, size: int) -> Page:
        """The part of a kept text that a cursor points at. Raises KeyError for an unknown or expired cursor."""
        key, _, start = cursor.partition(":")
        with self._lock:
            self._expire()
            if key not in self._texts or not start.isdigit():
                raise KeyError(cursor)
            data = self._texts[key][1]
        offset = int(start)
        if offset > len(data):
            raise KeyError(cursor)
        end = char_boundary(data, offset + size)
        next_cursor = f"{key}:{end}" if end < len(data) else None
        return Page(data[offset:end].decode(), offset, len(data), next_cursor)

    def _expire(self) -> None:
        now = self._clock()
        for key in [k for k, (deadline, _) in self._texts.items() if deadline <= now]:
            del self._texts[key]


def char_boundary(data: bytes, index: int) -> int:
    """The largest index <= the given one that does not split a UTF-8 character."""
    index = min(index, len(data))
    while 0 < index < len(data) and data[index] & 0xC0 == 0x80:
        index -= 1
    return index


def call_tool_result(result: ToolResult, continuations: Continuations, max_bytes: int) -> dict[str, Any]:
    """The MCP CallToolResult for a tool result, clamped to max_bytes of text."""
    text = result.text
    data = text.encode()
    if len(data) <= max_bytes:
        return {
            "content": [{"type": "text", "text": text}],
            "structuredContent": result.structured,
            "isError": result.is_error,
        }
    end = char_boundary(data, max_bytes)
    cursor = f"{continuations.keep(data)}:{end}"
    marker = (
        f"\n[clamped: bytes 0-{end} of {len(data)} shown; read the rest with "
        f'observe(what="result_page", cursor="{cursor}")]'
    )
    return {"content": [{"type": "text", "text": data[:end].decode() + marker}], "isError": result.is_error}

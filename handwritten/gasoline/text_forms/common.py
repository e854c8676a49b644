"""What every text form shares: short relative times, URLs without their page's origin, counts in
words, and the generic form for results that have no form of their own."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any
from urllib.parse import urlsplit

from pydantic import TypeAdapter

Structured = Mapping[str, Any]
MOMENT = TypeAdapter(datetime)


def ago(moment: datetime, now: float) -> str:
    """How long before `now` a moment was, short: 850ms, 12s, 3m, 2h, 4d ago."""
    seconds = max(now - moment.timestamp(), 0.0)
    if seconds < 1:
        return f"{seconds * 1000:.0f}ms ago"
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds / size:.0f}{unit} ago"
    return f"{seconds:.0f}s ago" if seconds >= 10 else f"{seconds:.1f}s ago"


def iso(moment: datetime) -> str:
    """A moment as the structured result writes it (RFC 3339)."""
    return str(MOMENT.dump_python(moment, mode="json"))


@lru_cache(maxsize=256)  # a list's entries mostly share a handful of pages
def origin(url: str | None) -> str:
    """scheme://host:port of a URL ("" when it has none)."""
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def short_url(url: str | None, base: str) -> str:
    """A URL without the origin it shares with `base` (/api/items instead of http://host:port/api/items)."""
    text = url or ""
    return text[len(base) :] or "/" if base and text.startswith(base) else text


def common_origin(urls: Iterable[str | None]) -> str:
    """The origin every URL shares, if one does."""
    found = {origin(url) for url in urls}
    return found.pop() if len(found) == 1 else ""


def counted(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


def one_line(text: Any, most: int = 300) -> str:
    """Text on one line, its runs of white space made single spaces, cut at `most` characters (the
    structured result keeps it whole). Splitting and joining a text that has none is several times
    faster than searching it for one."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= most else flat[: most - 1] + "…"


def generic(structured: Structured) -> str:
    """A result with no form of its own: one `key: value` line per field, a list of records one
    line per record, nested records inline; which fields came from the page is said by the fence
    around the text, not by a line."""
    return "\n".join(_field(key, value) for key, value in structured.items() if key != "untrusted")


def _field(key: str, value: Any) -> str:
    if isinstance(value, list) and value and all(isinstance(item, Mapping) for item in value):
        return f"{key} ({len(value)}):\n" + "\n".join("  " + _inline(item) for item in value)
    return f"{key}: {_inline(value)}"


def _inline(value: Any) -> str:
    if isinstance(value, Mapping):
        return " ".join(f"{key}={_inline(item)}" for key, item in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_inline(item) for item in value) + "]"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return one_line(value) if isinstance(value, str) else str(value)

"""What every text form shares: short relative times, URLs without their page's origin, counts in
words, and the generic form for results that have no form of their own."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

Structured = Mapping[str, Any]


def ago(ts: str | None, now: float) -> str:
    """How long before `now` an ISO 8601 time was, short: 850ms, 12s, 3m, 2h, 4d ago."""
    if not ts:
        return "?"
    try:
        seconds = max(now - datetime.fromisoformat(ts.replace("Z", "+00:00")).timestamp(), 0.0)
    except ValueError:
        return ts
    if seconds < 1:
        return f"{seconds * 1000:.0f}ms ago"
    for size, unit in ((86400, "d"), (3600, "h"), (60, "m")):
        if seconds >= size:
            return f"{seconds / size:.0f}{unit} ago"
    return f"{seconds:.0f}s ago" if seconds >= 10 else f"{seconds:.1f}s ago"


def origin(url: str | None) -> str:
    """scheme://host:port of a URL ("" when it has none)."""
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme and parts.netloc else ""


def short_url(url: str | None, base: str) -> str:
    """A URL without the origin it shares with `base` (/api/items instead of http://host:port/api/items)."""
    text = url or ""
    return text[len(base) :] or "/" if base and text.startswith(base) else text


def common_origin(entries: Iterable[Structured], *keys: str) -> str:
    """The origin every entry's URL (the first of `keys` present) shares, if one does."""
    found = {origin(next((entry[key] for key in keys if entry.get(key)), None)) for entry in entries}
    return found.pop() if len(found) == 1 else ""


def counted(count: int, noun: str, plural: str | None = None) -> str:
    return f"{count} {noun if count == 1 else plural or noun + 's'}"


SPREAD_OUT = re.compile(r"\s\s|[^\S ]|^\s|\s$")  # white space other than single spaces between words


def one_line(text: Any, most: int = 300) -> str:
    """Text on one line, cut at `most` characters (the structured result keeps it whole)."""
    flat = str(text)
    if SPREAD_OUT.search(flat):
        flat = " ".join(flat.split())
    return flat if len(flat) <= most else flat[: most - 1] + "…"


def listing(entries: list[Structured], result: Structured, noun: str, line: Any, now: float) -> str:
    """A list result: how many, one line per entry (newest first), where the URLs are, and how to go
    on; or, with summary_only, how many of each kind."""
    total = int(result.get("total", len(entries)))
    settling = [f"capture may be incomplete: {result['settling']}; ask again shortly"] if result.get("settling") else []
    if result.get("tally"):
        tally = ", ".join(f"{tally['count']} {tally['kind']}" for tally in result["tally"])
        return "\n".join([f"{counted(total, noun)}: {tally}", *settling])
    base = common_origin(entries, "pageUrl", "url")
    head = counted(total, noun) + (f", newest {len(entries)} shown" if len(entries) < total else "")
    lines = [head + (f" (on {base})" if base else "")]
    lines += [line(entry, base, now) for entry in entries]
    if result.get("next_cursor"):
        lines.append(f"more: cursor={result['next_cursor']}")
    return "\n".join(lines + settling)


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

"""Pages of captured entries, newest first. A cursor names the last entry of a page by its place in
arrival order, so new arrivals never shift the pages a client is reading through."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from gasoline.core.cursors import CAPTURED

from .store import Captured


@dataclass(frozen=True)
class Page:
    entries: list[Captured]
    total: int
    next_cursor: str | None


def paginate(
    newest_first: list[Captured], keep: Callable[[Captured], bool] | None, limit: int, cursor: str | None
) -> Page:
    """The entries kept by the filter (every one, without a filter): `limit` of them after the
    cursor, and how many match in all."""
    before = None if cursor is None else CAPTURED.position(cursor)
    matching = newest_first if keep is None else [entry for entry in newest_first if keep(entry)]
    rest = matching if before is None else [entry for entry in matching if entry.seq < before]
    page = rest[:limit]
    more = len(rest) > limit
    return Page(page, len(matching), CAPTURED.at(page[-1].seq) if more else None)

"""The cursors list modes hand out: a kind's prefix and a position ("c_120", "m_50", "a_20"), never 0.

Clients treat them as opaque and give them back as they got them; the prefix keeps a cursor of one
list from being taken for another's. Every format is here, so none is parsed two ways."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from gasoline.contract import CallContext

from .errors import bad_argument


class BadCursor(ValueError):
    """A cursor that is not one this list handed out; the message says what one looks like."""


@dataclass(frozen=True)
class PositionCursor:
    prefix: str
    _pattern: re.Pattern[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_pattern", re.compile(re.escape(self.prefix) + r"([1-9][0-9]{0,18})"))

    def at(self, position: int) -> str:
        return f"{self.prefix}{position}"

    def position(self, cursor: str) -> int:
        """The position a cursor of this kind names; BadCursor for anything else."""
        match = self._pattern.fullmatch(cursor)
        if match is None:
            raise BadCursor(f"cursor {cursor!r} is not a next_cursor this mode returned ({self.prefix}<number>)")
        return int(match.group(1))

    def start(self, ctx: CallContext, cursor: object) -> int:
        """Where a page starts: 0 without a cursor; a ToolFailure (invalid_arguments) for a bad one."""
        if not isinstance(cursor, str):
            return 0
        try:
            return self.position(cursor)
        except BadCursor as error:
            raise bad_argument(ctx.entry, "cursor", str(error), "not a cursor of this mode") from None


CAPTURED = PositionCursor("c_")  # captured events: the arrival number of the last entry of the page
MODIFICATIONS = PositionCursor("m_")  # the modification log, newest first: entries to skip
AUDIT = PositionCursor("a_")  # the audit log, newest first: entries to skip

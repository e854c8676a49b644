"""Views of a text with an encoding undone, so the rules see a secret that was percent-encoded
(`%22ghp_...`, `password%3D...`, `Bearer%20eyJ...`, or every byte of an AWS key), and where each
character of the view came from in the text, so the mask covers the encoded span."""

from __future__ import annotations

import re
from dataclasses import dataclass

PERCENT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")


@dataclass(frozen=True)
class DecodedView:
    text: str
    origin: list[int]  # origin[i]: where the view's character i starts in the text; one more for its end

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the text that the view's characters start..end came from."""
        return self.origin[start], self.origin[end]


def percent_decoded(text: str) -> DecodedView | None:
    """The text with every run of %XX escapes decoded as UTF-8; None when it has none."""
    runs = list(PERCENT_RUN.finditer(text))
    if not runs:
        return None
    parts: list[str] = []
    origin: list[int] = []
    copied = 0
    for run in runs:
        parts.append(text[copied : run.start()])
        origin.extend(range(copied, run.start()))
        at = run.start()
        for character in bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"):
            parts.append(character)
            origin.append(min(at, run.end() - 3))
            at += 3 * max(len(character.encode("utf-8", "replace")), 1)
        copied = run.end()
    parts.append(text[copied:])
    origin.extend(range(copied, len(text) + 1))
    return DecodedView("".join(parts), origin)

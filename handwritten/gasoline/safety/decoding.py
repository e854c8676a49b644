"""Views of a text with an encoding undone, so the rules see a secret that was percent-encoded
(`%22ghp_...`, `password%3D...`, `Bearer%20eyJ...`, or every byte of an AWS key), and where each
character of the view came from in the text, so the mask covers the encoded span."""

from __future__ import annotations

import re
from dataclasses import dataclass

PERCENT_RUN = re.compile(r"(?:%[0-9A-Fa-f]{2})+")
REACH = 512  # characters either side of an escaped run that are scanned again, decoded


@dataclass(frozen=True)
class DecodedView:
    text: str
    origin: list[int]  # origin[i]: where the view's character i starts in the text; one more for its end

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the text that the view's characters start..end came from."""
        return self.origin[start], self.origin[end]


def percent_decoded(text: str) -> list[DecodedView]:
    """The stretches of the text around its runs of %XX escapes (REACH characters either side,
    overlapping stretches joined), each with its escapes decoded as UTF-8; none when it has none.
    Only these are scanned again, so a long text with one escape costs little more."""
    views: list[DecodedView] = []
    runs = list(PERCENT_RUN.finditer(text))
    while runs:
        start, end, group = max(runs[0].start() - REACH, 0), runs[0].end() + REACH, []
        while runs and runs[0].start() <= end:
            group.append(runs.pop(0))
            end = max(end, group[-1].end() + REACH)
        views.append(_decoded(text, start, min(end, len(text)), group))
    return views


def _decoded(text: str, start: int, end: int, runs: list[re.Match[str]]) -> DecodedView:
    parts: list[str] = []
    origin: list[int] = []
    copied = start
    for run in runs:
        parts.append(text[copied : run.start()])
        origin.extend(range(copied, run.start()))
        at = run.start()
        for character in bytes.fromhex(run.group().replace("%", "")).decode("utf-8", "replace"):
            parts.append(character)
            origin.append(min(at, run.end() - 3))
            at += 3 * max(len(character.encode("utf-8", "replace")), 1)
        copied = run.end()
    parts.append(text[copied:end])
    origin.extend(range(copied, end + 1))
    return DecodedView("".join(parts), origin)

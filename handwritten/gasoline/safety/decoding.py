"""Views of a text with an encoding undone, so the rules see a secret that was percent-encoded
(`%22ghp_...`, `password%3D...`, every byte of an AWS key; once or twice), written with HTML entities
(`&quot;token&quot;: ...`) or wrapped in base64, and where each character of a view came from in
the text, so the mask covers the encoded span (for base64, the whole run: its characters do not
map one to one)."""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Callable
from dataclasses import dataclass

import re2

from gasoline_generated import redaction_rules as policy

# On RE2: each is one linear pass over the text, in C (with re, the base64 scan alone took
# milliseconds per 100 KB, trying every position of every word).
LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # a str holds a pair as one character: any surrogate is alone
PERCENT_RUN = re2.compile(r"(?:%[0-9A-Fa-f]{2})+")
ENTITY = re2.compile(r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")
BASE64_RUN = re2.compile(r"[A-Za-z0-9+/]{24,}={0,2}")


@dataclass(frozen=True)
class DecodedView:
    text: str
    origin: list[int]  # origin[i]: where the view's character i starts in the text; one more for its end
    whole: tuple[int, int] | None = None  # the run every span stands for, when characters do not map

    def span(self, start: int, end: int) -> tuple[int, int]:
        """The span of the text that the view's characters start..end came from."""
        return self.whole or (self.origin[start], self.origin[end])


Run = tuple[int, int]  # where a run of escapes (or of base64) starts and ends in the text
# A run's decoded characters, each with where it starts in the text.
Decoder = Callable[[str, Run], list[tuple[str, int]]]


def percent(text: str, run: Run) -> list[tuple[str, int]]:
    start, end = run
    decoded, at = [], start
    for character in bytes.fromhex(text[start:end].replace("%", "")).decode("utf-8", "replace"):
        decoded.append((character, min(at, end - 3)))
        at += 3 * max(len(character.encode("utf-8", "replace")), 1)
    return decoded


def entity(text: str, run: Run) -> list[tuple[str, int]]:
    return [(character, run[0]) for character in html.unescape(text[run[0] : run[1]])]


def runs(pattern: re2._Regexp, text: str) -> list[Run]:
    """Where the pattern matches in the text. An ASCII text is handed to RE2 as bytes, whose offsets
    are the text's: handed a str, RE2's wrapper encodes it and counts characters for every match."""
    return [run.span() for run in pattern.finditer(text.encode("ascii") if text.isascii() else text)]


def escaped_anywhere(text: str) -> bool:
    """Whether the text holds a percent escape or an HTML entity, whose views read what stands around them."""
    return ("%" in text and bool(runs(PERCENT_RUN, text))) or ("&" in text and bool(runs(ENTITY, text)))


def without_lone_surrogates(text: str) -> str:
    """RE2 reads UTF-8, which has no lone surrogates (a page's string can hold one): scanned as
    U+FFFD, one character for one, so every offset still points into the text."""
    try:
        text.encode()
    except UnicodeEncodeError:
        return LONE_SURROGATE.sub("\ufffd", text)
    return text


def decoded_views(text: str) -> list[DecodedView]:
    """Every view of the text worth scanning again: the stretches around its percent escapes and
    HTML entities, decoded, and each base64 run that decodes to text."""
    text = without_lone_surrogates(text)
    views = []
    if "%" in text:
        views += percent_views(text)
    if "&" in text:
        views += escaped(text, ENTITY, entity)
    return views + base64_views(text)


def percent_views(text: str) -> list[DecodedView]:
    """The stretches around percent escapes, decoded, and those still holding escapes decoded
    again: a URL carried in another URL's query is encoded twice (%2522ghp_... for "ghp_...)."""
    views = escaped(text, PERCENT_RUN, percent)
    return views + [
        within(view, inner) for view in views if "%" in view.text for inner in escaped(view.text, PERCENT_RUN, percent)
    ]


def within(outer: DecodedView, inner: DecodedView) -> DecodedView:
    """A view of a view, mapped back to the text."""
    return DecodedView(inner.text, [outer.origin[at] for at in inner.origin])


def escaped(text: str, pattern: re2._Regexp, decode: Decoder) -> list[DecodedView]:
    """The stretches of the text around runs of `pattern` (the policy's decode_reach characters either side,
    overlapping stretches joined), each with its runs decoded. Only these are scanned again, so
    a long text with one escape costs little more."""
    views: list[DecodedView] = []
    found, taken = runs(pattern, text), 0
    while taken < len(found):
        start, end, group = max(found[taken][0] - policy.DECODE_REACH, 0), found[taken][1] + policy.DECODE_REACH, []
        while taken < len(found) and found[taken][0] <= end:
            group.append(found[taken])
            end = max(end, found[taken][1] + policy.DECODE_REACH)
            taken += 1
        views.append(_decoded(text, start, min(end, len(text)), group, decode))
    return views


def _decoded(text: str, start: int, end: int, group: list[Run], decode: Decoder) -> DecodedView:
    parts: list[str] = []
    origin: list[int] = []
    copied = start
    for run in group:
        parts.append(text[copied : run[0]])
        origin.extend(range(copied, run[0]))
        for character, at in decode(text, run):
            parts.append(character)
            origin.append(at)
        copied = run[1]
    parts.append(text[copied:end])
    origin.extend(range(copied, end + 1))
    return DecodedView("".join(parts), origin)


def base64_views(text: str) -> list[DecodedView]:
    """Each run of base64 that decodes to text (a token wrapped in base64), masked whole if a
    secret is found in it; runs that decode to bytes (an image) are not text and are skipped."""
    views = []
    for start, end in runs(BASE64_RUN, text):
        if end - start > policy.LONGEST_BASE64:
            continue
        data = text[start:end].rstrip("=")
        if len(data) % 4 == 1:  # no whole byte in the last character: not base64
            continue
        # Padded here whatever the run ended with; bits past the last whole byte are dropped.
        decoded = base64.b64decode(data + "=" * (-len(data) % 4)).decode("utf-8", "replace")
        if decoded and printable(decoded):
            views.append(DecodedView(decoded, [], (start, end)))
    return views


def printable(decoded: str) -> bool:
    """Whether enough of a decoded run is text: printable characters, line breaks and tabs (counted in C)."""
    if decoded.isprintable():
        return True
    text = sum(map(str.isprintable, decoded)) + sum(map(decoded.count, "\n\r\t"))
    return text >= policy.BASE64_PRINTABLE * len(decoded)

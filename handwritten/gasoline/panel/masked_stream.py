"""An answer's text passed on to the panel as it streams, but only what redaction can no longer
change: a secret the model writes arrives in pieces, and a piece on its own (half a token, the
first groups of a card number, the first lines of a private key) matches no rule.

So the whole text so far is redacted at each piece, and what is passed on stops short of the
earliest position from which a rule could still match through the text's end
(gasoline.safety.partial_match): a card number's first groups, the start of a token, an open
"-----BEGIN ... PRIVATE KEY-----" block, a "Cookie:" line, and always the word still arriving.
It stops at a space or a line's end, never inside a word. Ordinary prose is passed on but for its
last word. If a mask ever reaches back into what was already passed on, nothing more is passed
on: the answer's kept message, redacted whole, says the rest.
"""

from __future__ import annotations

from collections.abc import Callable

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.partial_match import SPACES, open_matches
from gasoline.safety.redaction import Redactor


def word_start(text: str, position: int) -> int:
    """The last place at or before `position` that is not inside a word."""
    if position == 0 or text[position - 1] in SPACES or (position < len(text) and text[position] in SPACES):
        return position
    return max(text.rfind(space, 0, position) for space in SPACES) + 1


def last_word_gap(text: str) -> int:
    """Where the spaces before the word still arriving begin (the text's end, less that word and
    those spaces)."""
    end = word_start(text, len(text))
    while end > 0 and text[end - 1] in SPACES:
        end -= 1
    return end


class MaskedStream:
    """Passes an answer's pieces on to `send`, redacted, as far as no more of it can change them."""

    def __init__(self, redactor: Redactor, send: Callable[[str], None]) -> None:
        self.redactor = redactor
        self.send = send
        self.matches = open_matches(redactor)
        self.place = self.matches.place()
        self.text = ""
        self.sent = ""
        self.passed = 0  # how much of the text `sent` stands for
        self.stopped = False

    def add(self, piece: str) -> None:
        if self.stopped:
            return
        self.text += piece
        if self.passed >= last_word_gap(self.text):
            return  # all before the word still arriving is passed on already
        cut = word_start(self.text, self.matches.earliest(self.text, self.place))
        if cut <= self.passed:
            return  # what was open still is
        try:
            masked = self.redactor.text(self.text)
            if not masked.startswith(self.sent):
                self.stopped = True  # a mask reached back: the rest comes with the kept message
                return
            settled = self._settled(masked, cut)
        except RedactionUnavailable:
            self.stopped = True
            return
        if settled is not None and len(settled) > len(self.sent):
            self.send(settled[len(self.sent) :])
            self.sent, self.passed = settled, cut

    def _settled(self, masked: str, cut: int) -> str | None:
        """The redacted text's beginning that stands for the text before `cut` (None if a mask
        runs across it)."""
        rest = self.text[cut:]
        if masked.endswith(rest):  # nothing in the rest was masked: it maps one to one
            return masked[: len(masked) - len(rest)]
        before = self.redactor.text(self.text[:cut])
        return before if masked.startswith(before) else None

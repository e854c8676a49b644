"""An answer's text passed on to the panel as it streams, but only what redaction can no longer
change: a secret the model writes arrives in pieces, and a piece on its own (half a token, the
first groups of a card number, the first lines of a private key) matches no rule.

So the whole text so far is redacted at each piece, and what is passed on stops short of its end:
before the last `hold` characters, at a space or a line's end (never inside a word), and before a
"-----BEGIN" block whose whole "-----END ...-----" line has not come yet. If a mask ever reaches
back into what was already passed on, nothing more is passed on: the answer's kept message,
redacted whole, says the rest.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.redaction import Redactor
from gasoline_generated.policy import LIMITS

BLOCK_END = re.compile(r"-----END [^\n]*?-----")
# Longer than any secret written in spaced groups (an IBAN is at most 42 characters with its spaces).


def stable_end(text: str, hold: int) -> int:
    """How much of a redacted text cannot change whatever comes after it."""
    end = len(text) - hold
    block = text.rfind("-----BEGIN")
    if block != -1 and not BLOCK_END.search(text, block):
        end = min(end, block)
    if end <= 0:
        return 0
    return max(text.rfind(" ", 0, end), text.rfind("\n", 0, end)) + 1


class MaskedStream:
    def __init__(
        self, redactor: Redactor, send: Callable[[str], None], hold: int = LIMITS.panel.stream_hold_chars
    ) -> None:
        self.redactor = redactor
        self.send = send
        self.hold = hold
        self.text = ""
        self.sent = ""
        self.stopped = False

    def add(self, piece: str) -> None:
        if self.stopped:
            return
        self.text += piece
        try:
            masked = self.redactor.text(self.text)
        except RedactionUnavailable:
            self.stopped = True
            return
        if not masked.startswith(self.sent):
            self.stopped = True  # a mask reached back: the rest comes with the kept message
            return
        cut = stable_end(masked, self.hold)
        if cut > len(self.sent):
            self.send(masked[len(self.sent) : cut])
            self.sent = masked[:cut]

"""The answer streamed to the panel at a real model's pace, beside the fixed hold-back it replaced.

A realistic answer of about 400 tokens (prose about code, a URL, numbers and one secret of the
corpus) reaches MaskedStream in pieces of about four characters, one every 20 ms (50 tokens a
second). Time is counted, not slept: each piece arrives at its virtual time, and is handled once
it has arrived and the piece before it is done, for as long as MaskedStream.add really takes (CPU
time). Reported: how long after the first token the first words are on screen (p50 and p95 over
the answers), and how far what is shown lags behind what has arrived, in the mean over the
answer's characters (what is never streamed counts as shown when the last piece is handled). The
reference is the same run through the former stream, which held back a fixed end of FIXED_HOLD
characters."""

from __future__ import annotations

import random
import re
import statistics
import time
from bisect import bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import measure  # noqa: F401  (first: it puts the test corpus on sys.path)
from measure import percentiles, report
from secret_corpus import Secret, corpus

from gasoline.panel.masked_stream import MaskedStream
from gasoline.safety.redaction import Redactor, build_redactor

TOKENS_PER_SECOND = 50
ANSWERS = 24
FIXED_HOLD = 48  # the characters the former stream held back
PIECE = re.compile(r"\s*\S{1,4}|\s+")  # about four characters, as a model's tokens are
SENTENCES = [
    "The checkout fails because `item.price` is undefined for a line that has none.",
    "In `src/cart/total.ts`, `cartTotal()` calls `reduce()` over 3 items and adds 4.99 for shipping.",
    "The request to https://shop.example.com/api/cart?id=42&ref=home returned 500 after 120 ms.",
    "Since release 2.14.0 of 2025-11-03, prices come as strings, so `Number(item.price)` is NaN.",
    "Give `price` a default of 0 in `lineTotal()`, then run `npm test -- cart` again.",
    "The console shows TypeError: Cannot read properties of undefined (reading 'price') at line 88.",
    "Two of the 17 failed requests were retried; the third timed out after 30 seconds.",
    "The page logged this while it loaded, which should not be in the bundle:",
    "Rotate that value now, and move it to the server's environment instead.",
    "After the fix, the total for the sample cart reads 59.97, which matches the receipt.",
]


def answer(secret: Secret, rng: random.Random) -> str:
    """About 400 tokens of an assistant's answer, with the secret's line in the middle."""
    sentences: list[str] = []
    while sum(len(s) + 1 for s in sentences) < 1600:
        sentences.append(rng.choice(SENTENCES))
    middle = len(sentences) // 2
    sentences.insert(middle, f"\n{secret.line}\n")
    return " ".join(sentences)


class Stream(Protocol):
    def add(self, piece: str) -> None: ...


@dataclass
class Shown:
    first_words: float  # seconds after the first token
    mean_lag: float  # seconds, over the answer's characters


def replay(make: Callable[[Callable[[str], None]], Stream], redactor: Redactor, text: str) -> Shown:
    """Stream the text in pieces at the model's pace; when and how much is on screen."""
    pieces = PIECE.findall(text)
    arrived = [index / TOKENS_PER_SECOND for index in range(len(pieces))]
    shown: list[tuple[float, int]] = []  # when the screen grew, and to how many characters
    sent: list[str] = []
    stream = make(sent.append)
    done = 0.0
    for piece, at in zip(pieces, arrived, strict=True):
        started = time.process_time()
        stream.add(piece)
        done = max(done, at) + time.process_time() - started
        if sent:
            shown.append((done, sum(map(len, sent))))
    whole = redactor.text(text)
    return Shown(shown[0][0], mean_lag(text, whole, pieces, arrived, shown, done))


def mean_lag(
    text: str, whole: str, pieces: list[str], arrived: list[float], shown: list[tuple[float, int]], end: float
) -> float:
    """The mean, over the redacted answer's characters, of when each was shown less when it
    arrived. A character of a mask arrives with the secret's last character."""
    came = [at for piece, at in zip(pieces, arrived, strict=True) for _ in piece]  # each of the text's characters
    same_start, same_end = same_length(text, whole), same_length(text[::-1], whole[::-1])
    lengths = [length for _, length in shown]
    lags = []
    for index in range(len(whole)):
        if index < same_start:
            arrival = came[index]
        elif index >= len(whole) - same_end:
            arrival = came[index + len(text) - len(whole)]
        else:
            arrival = came[len(text) - same_end - 1]
        screen = bisect_right(lengths, index)  # the first time the screen held this character
        lags.append((shown[screen][0] if screen < len(shown) else end) - arrival)
    return statistics.fmean(lags)


def same_length(a: str, b: str) -> int:
    """How long a beginning the two texts share."""
    return next((at for at, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))


class FixedHold:
    """The former stream: the whole text redacted at each piece, and passed on but for its last
    `hold` characters (cut at a space or a line's end) and an unfinished -----BEGIN block."""

    BLOCK_END = re.compile(r"-----END [^\n]*?-----")

    def __init__(self, redactor: Redactor, send: Callable[[str], None], hold: int) -> None:
        self.redactor, self.send, self.hold = redactor, send, hold
        self.text = self.sent = ""
        self.stopped = False

    def add(self, piece: str) -> None:
        if self.stopped:
            return
        self.text += piece
        masked = self.redactor.text(self.text)
        if not masked.startswith(self.sent):
            self.stopped = True
            return
        end = len(masked) - self.hold
        block = masked.rfind("-----BEGIN")
        if block != -1 and not self.BLOCK_END.search(masked, block):
            end = min(end, block)
        cut = max(masked.rfind(" ", 0, end), masked.rfind("\n", 0, end)) + 1 if end > 0 else 0
        if cut > len(self.sent):
            self.send(masked[len(self.sent) : cut])
            self.sent = masked[:cut]


def stream() -> None:
    """First words on screen and the mean lag, over ANSWERS answers, beside the fixed hold-back."""
    redactor = build_redactor(b"stream-bench-key-of-32-bytes....")
    rng = random.Random(20261128)
    secrets = corpus()
    texts = [answer(secrets[rng.randrange(len(secrets))], rng) for _ in range(ANSWERS)]
    hold = FIXED_HOLD
    masked = [replay(lambda send: MaskedStream(redactor, send), redactor, text) for text in texts]
    fixed = [replay(lambda send: FixedHold(redactor, send, hold), redactor, text) for text in texts]
    new_p50, new_p95 = percentiles([shown.first_words for shown in masked])
    old_p50, old_p95 = percentiles([shown.first_words for shown in fixed])
    report("stream: first words on screen p50", new_p50, old_p50, "ms", f"beside a fixed {hold}-character hold")
    report("stream: first words on screen p95", new_p95, old_p95, "ms", goal="panel.stream_first_words_p95")
    new_lag = statistics.fmean(shown.mean_lag for shown in masked)
    old_lag = statistics.fmean(shown.mean_lag for shown in fixed)
    report("stream: mean lag behind arrival", new_lag, old_lag, "ms", f"beside a fixed {hold}-character hold")


if __name__ == "__main__":
    stream()

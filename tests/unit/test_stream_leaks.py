"""No secret of the corpus reaches the panel while an answer streams, however the answer is cut
into pieces: each corpus line, written into prose (on a line of its own and inside a sentence), is
streamed in pieces of 1, 2, 3, 5 and 7 characters and in pieces of random sizes. What is sent
holds no part of the secret long enough to matter, no mask ever reaches back, and once the answer
is over what was sent is its redacted whole, but for the line's end still arriving."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from gasoline.panel.masked_stream import MaskedStream
from gasoline.safety.redaction import build_redactor

from .secret_corpus import Secret, corpus

REDACTOR = build_redactor(b"stream-key" * 4)
PROSE = (
    "Here is what I found in the log:\n{line}\nRotate that value soon, and reload the config.\n",
    "The request carried {line} when it failed, so rotate it.\n",
)
FRAGMENT = 12  # as long a part of a secret as the redaction tests look for
SEED = 20261128


def fixed(size: int) -> Iterator[int]:
    while True:
        yield size


def random_sizes(seed: int) -> Iterator[int]:
    rng = random.Random(seed)
    while True:
        yield rng.randint(1, 9)


CUTS = {f"{size} characters": lambda size=size: fixed(size) for size in (1, 2, 3, 5, 7)} | {
    f"random sizes {seed}": lambda seed=seed: random_sizes(seed) for seed in (SEED, SEED + 1)
}


def pieces(text: str, sizes: Iterator[int]) -> Iterator[str]:
    at = 0
    while at < len(text):
        size = next(sizes)
        yield text[at : at + size]
        at += size


def fragments(secret: Secret, whole: str) -> set[str]:
    """Every part of the secret as long as FRAGMENT (the whole of a shorter one), but those that
    redaction lets through anyway (the line's own words)."""
    length = min(FRAGMENT, len(secret.value))
    parts = {secret.value[at : at + length] for at in range(len(secret.value) - length + 1)}
    return {part for part in parts if part not in whole}


@pytest.mark.parametrize("secret", corpus(), ids=lambda secret: secret.format)
def test_no_part_of_a_secret_is_streamed_however_the_answer_is_cut(secret: Secret) -> None:
    for prose in PROSE:
        text = prose.format(line=secret.line)
        whole = REDACTOR.text(text)
        secret_parts = fragments(secret, whole)
        assert secret_parts, "the secret is masked in the whole"
        for cut, sizes in CUTS.items():
            sent: list[str] = []
            stream = MaskedStream(REDACTOR, sent.append)
            for piece in pieces(text, sizes()):
                stream.add(piece)
            shown = "".join(sent)
            leaked = [part for part in secret_parts if part in shown]
            assert not leaked, f"{cut}: {leaked[0]!r} was streamed"
            assert not stream.stopped, f"{cut}: a mask reached back into what was sent"
            assert shown == whole.removesuffix("\n"), f"{cut}: all but the line's end was sent"

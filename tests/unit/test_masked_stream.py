"""An answer streamed a character at a time never shows a secret, whichever shape it has: what is
passed on is always the beginning of the redacted whole."""

from __future__ import annotations

import pytest

from gasoline.panel.masked_stream import MaskedStream, stable_end
from gasoline.safety.redaction import build_redactor
from gasoline_generated.policy import LIMITS

from .secret_corpus import corpus

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
    "aNZQ1SB0Fc5Z0AfmWqzFxGvVbYNAZ89MthmDVdvsA1x9RNYo4sPcCnUpDZ6kmdIi\n-----END RSA PRIVATE KEY-----"
)
REDACTOR = build_redactor(b"stream-key" * 4)


def streamed(text: str) -> tuple[str, str]:
    """What the panel was sent, one character at a time, and the whole answer redacted."""
    pieces: list[str] = []
    stream = MaskedStream(REDACTOR, pieces.append)
    for character in text:
        stream.add(character)
    return "".join(pieces), REDACTOR.text(text)


@pytest.mark.parametrize(
    "secret",
    [PEM, "4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", *[s.line for s in corpus()[::7]]],
)
def test_no_piece_of_a_secret_is_streamed(secret: str) -> None:
    text = f"Here it is: {secret} and then a sentence long enough to push the secret out of the held-back end."
    sent, whole = streamed(text)
    assert whole.startswith(sent), "only the redacted whole's beginning is ever sent"


def test_ordinary_text_streams_but_for_its_held_back_end() -> None:
    text = "The total reads item.price of a line that has none, so checkout throws. " * 3
    sent, whole = streamed(text)
    assert whole == text and text.startswith(sent) and len(text) - LIMITS.panel.stream_hold_chars - 12 <= len(sent)


def test_the_end_is_held_back_at_a_word_boundary() -> None:
    text = "word " * 30
    cut = stable_end(text, LIMITS.panel.stream_hold_chars)
    assert cut <= len(text) - LIMITS.panel.stream_hold_chars and text[cut - 1] == " "
    assert stable_end("-----BEGIN KEY-----\n" + "A" * 200 + " x" * 50, LIMITS.panel.stream_hold_chars) == 0, (
        "an open block is held"
    )

"""An answer streamed a character at a time never shows a secret, whichever shape it has: what is
passed on is always the beginning of the redacted whole, and ordinary text is passed on but for
the word still arriving."""

from __future__ import annotations

import pytest

from gasoline.panel.masked_stream import MaskedStream, last_word_gap, word_start
from gasoline.safety.redaction import Redactor, build_redactor

from .secret_corpus import corpus

PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5JJcds3xfn/ygWyF8PbnGy0AHB7MhgHcTz6sE2I2yPB\n"
    "aNZQ1SB0Fc5Z0AfmWqzFxGvVbYNAZ89MthmDVdvsA1x9RNYo4sPcCnUpDZ6kmdIi\n-----END RSA PRIVATE KEY-----"
)
REDACTOR = build_redactor(b"stream-key" * 4)


def streamed(text: str, redactor: Redactor = REDACTOR) -> tuple[str, str]:
    """What the panel was sent, one character at a time, and the whole answer redacted."""
    return shown(text, redactor), redactor.text(text)


def shown(text: str, redactor: Redactor = REDACTOR) -> str:
    """What is on screen once the text has arrived, one character at a time."""
    pieces: list[str] = []
    stream = MaskedStream(redactor, pieces.append)
    for character in text:
        stream.add(character)
    return "".join(pieces)


@pytest.mark.parametrize(
    "secret",
    [PEM, "4111 1111 1111 1111", "DE89 3704 0044 0532 0130 00", *[s.line for s in corpus()[::7]]],
)
def test_no_piece_of_a_secret_is_streamed(secret: str) -> None:
    text = f"Here it is:\n{secret}\nand then the rest of the answer."
    sent, whole = streamed(text)
    assert whole.startswith(sent), "only the redacted whole's beginning is ever sent"
    assert whole[len(sent) :] == " answer.", "all but the word still arriving was passed on"


def test_ordinary_text_is_passed_on_but_for_the_word_still_arriving() -> None:
    assert shown("The cart total ") == "The cart total", "no need to wait for 48 more characters"
    assert shown("The cart total re") == "The cart total"
    assert shown("The cart total reads item.price of a") == "The cart total reads item.price of"
    text = "In 2024 we shipped 3 releases; see https://example.com/a%20b/c?q=1&x=2 for the notes."
    sent, whole = streamed(text)
    assert whole == text and sent == text.removesuffix(" notes.")


def test_prose_is_on_screen_up_to_the_word_still_arriving_after_every_character() -> None:
    text = (
        "The checkout fails because the price is undefined for a line that has none, so the total throws.\n"
        "Give the price a default of zero in the line total, then run the cart tests again!"
    )
    pieces: list[str] = []
    stream = MaskedStream(REDACTOR, pieces.append)
    for length, character in enumerate(text, 1):
        stream.add(character)
        assert "".join(pieces) == text[: last_word_gap(text[:length])], text[:length]


def test_what_could_still_become_a_secret_is_held() -> None:
    assert shown("Pay with 4111 1111 1111") == "Pay with", "a card number's first groups"
    assert shown("Use the token ghp_AAAAAAAA then") == "Use the token ghp_AAAAAAAA"
    assert shown('Set "password": "two words') == "Set ", "a quoted value, to its closing quote"
    assert shown("Cookie: a=b; c=d and more") == "", "a cookie header, to the line's end"
    assert shown("Cookie: a=b; c=d and more\nNext line").startswith("Cookie: [REDACTED:cookie:")


def test_a_private_key_block_is_held_until_its_end_line() -> None:
    head, body = PEM.split("\n", 1)
    assert shown(f"Key:\n{head}\n{body[:70]} and more words") == "Key:\n"
    sent, whole = streamed(f"Key:\n{PEM}\nKeep it safe, and rotate it soon.")
    assert whole.startswith(sent) and sent.endswith("rotate it"), "after its end line, prose streams again"


def test_a_project_pattern_is_held_like_a_rule() -> None:
    redactor = build_redactor(b"k" * 32, [{"name": "order", "pattern": r"ORD-[0-9]{6}-[A-Z]{4}"}])
    assert shown("Order ORD-123456-AB and ORD-123456-ABC", redactor) == "Order ORD-123456-AB and"
    assert shown("Order ORD-123456-ABCD done.", redactor) == "Order [REDACTED:user_pattern]"


@pytest.mark.parametrize(
    ("key", "pattern"),
    [(b"k" * 32, r"[^\D]{4}-x"), (b"k" * 40, r"ORD-[0-9]{6}")],
    ids=["a class regex cannot write", "a redactor whose patterns cannot be handed over"],
)
def test_a_project_pattern_that_cannot_be_read_holds_everything(key: bytes, pattern: str) -> None:
    redactor = build_redactor(key, [{"name": "odd", "pattern": pattern}])
    assert type(redactor) is Redactor and shown("Nothing of this is passed on. ", redactor) == ""


def test_cuts_fall_between_words() -> None:
    text = "one two  three\nfour"
    assert [word_start(text, at) for at in (0, 2, 3, 4, 5, 8, 9, 10, 15, 17)] == [0, 0, 3, 4, 4, 8, 9, 9, 15, 15]
    assert last_word_gap(text) == 14 and last_word_gap("one two  ") == 7 and last_word_gap("one") == 0

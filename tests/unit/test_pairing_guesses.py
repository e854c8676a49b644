"""Wrong pairing codes count against their source: a source that sent too many waits (its codes not
even looked at) while every other source, and every open code, is untouched; all sources together
are capped so that guessing a code within its lifetime stays hopeless."""

from __future__ import annotations

import pytest

from gasoline.panel.pairing import ALPHABET, Pairing, PairingRefused, PairingThrottled
from gasoline_generated.policy import LIMITS

CODE_SECONDS, ATTEMPTS, GUESS_SECONDS, WRONG_CODES = 300, 5, 10, 300


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def pairing(clock: Clock) -> Pairing:
    return Pairing(None, CODE_SECONDS, ATTEMPTS, clock, GUESS_SECONDS, WRONG_CODES)


def guess(pairing: Pairing, source: object, times: int = 1) -> list[type[Exception]]:
    """What each wrong code from `source` was refused with."""
    refusals: list[type[Exception]] = []
    for _ in range(times):
        with pytest.raises(PairingRefused) as refused:
            pairing.pair("ZZZZ-ZZZZ", source)
        refusals.append(type(refused.value))
    return refusals


def test_a_source_past_its_attempts_waits_and_no_code_is_withdrawn() -> None:
    clock = Clock()
    codes = pairing(clock)
    code = codes.new_code().code
    assert guess(codes, "guesser", ATTEMPTS + 3) == [PairingRefused] * ATTEMPTS + [PairingThrottled] * 3
    with pytest.raises(PairingThrottled) as throttled:
        codes.pair(code, "guesser")
    assert 0 < throttled.value.retry_after <= GUESS_SECONDS
    assert codes.accepts(codes.pair(code, "person").token), "another source pairs with the open code"


def test_a_waiting_source_may_try_once_more_each_guess_seconds() -> None:
    clock = Clock()
    codes = pairing(clock)
    guess(codes, "guesser", ATTEMPTS)
    assert guess(codes, "guesser") == [PairingThrottled]
    clock.now += GUESS_SECONDS
    assert guess(codes, "guesser", 2) == [PairingRefused, PairingThrottled]
    code = codes.new_code().code
    clock.now += GUESS_SECONDS
    assert codes.pair(code, "guesser").token, "the person's own source pairs once it has waited"


def test_all_sources_together_are_capped_without_withdrawing_a_code() -> None:
    clock = Clock()
    codes = pairing(clock)
    code = codes.new_code().code
    sources = [f"source-{n}" for n in range(WRONG_CODES // ATTEMPTS)]
    for source in sources:
        assert guess(codes, source, ATTEMPTS) == [PairingRefused] * ATTEMPTS
    assert guess(codes, "one more") == [PairingThrottled], "the cap holds for a source never heard before"
    clock.now += CODE_SECONDS / WRONG_CODES
    assert codes.accepts(codes.pair(code, "person").token)


def test_guessing_an_open_code_within_its_lifetime_stays_hopeless() -> None:
    limits = LIMITS.panel
    most_wrong = 2 * limits.pairing_wrong_codes  # a full allowance, and as many again over a code's lifetime
    assert most_wrong / len(ALPHABET) ** 8 < 1e-9
    assert limits.pairing_attempts + limits.pairing_code_seconds / limits.pairing_guess_seconds < most_wrong

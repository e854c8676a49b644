"""Checks a candidate secret must pass beyond its rule's pattern (`validator` in
spec/policy/redaction.yaml), so that numbers, words and paths that merely look the part pass."""

from __future__ import annotations

from collections.abc import Callable

# Published issuer prefixes (IIN ranges, lowest and highest, of equal length) and the lengths each
# issues: a run of digits that passes the Luhn check but no issuer would print is not a card (a
# millisecond timestamp starts 1, and so does a 19-digit id).
ISSUERS: tuple[tuple[str, str, range], ...] = (
    ("4", "4", range(13, 20, 3)),  # Visa: 13, 16, 19
    ("51", "55", range(16, 17)),  # Mastercard
    ("2221", "2720", range(16, 17)),  # Mastercard's 2-series
    ("34", "34", range(15, 16)),  # American Express
    ("37", "37", range(15, 16)),
    ("6011", "6011", range(16, 20)),  # Discover
    ("644", "649", range(16, 20)),
    ("65", "65", range(16, 20)),
    ("3528", "3589", range(16, 20)),  # JCB
    ("300", "305", range(14, 20)),  # Diners Club
    ("36", "36", range(14, 20)),
    ("38", "39", range(16, 20)),
    ("62", "62", range(16, 20)),  # UnionPay
    ("50", "50", range(13, 20)),  # Maestro
    ("56", "58", range(13, 20)),
    ("63", "63", range(13, 20)),
    ("67", "67", range(13, 20)),
)


def luhn(digits: str) -> bool:
    total = 0
    for index, character in enumerate(reversed(digits)):
        digit = int(character)
        if index % 2:
            digit = digit * 2 - 9 if digit > 4 else digit * 2
        total += digit
    return total % 10 == 0


def card_number(candidate: str) -> bool:
    """A number an issuer prints: a prefix and length it uses, and the Luhn check."""
    digits = "".join(c for c in candidate if c.isdigit())
    issued = any(low <= digits[: len(low)] <= high and len(digits) in lengths for low, high, lengths in ISSUERS)
    return issued and luhn(digits)


def iban(candidate: str) -> bool:
    compact = candidate.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


def token_like(candidate: str) -> bool:
    """Not a plain word ("Basic authentication"): a digit, a symbol, or a capital after the first letter."""
    return any(c.isdigit() or c in "+/=_-.~" for c in candidate) or any(c.isupper() for c in candidate[1:])


def not_path(candidate: str) -> bool:
    """Not a file path ("pwd: /home/dana/shop" is a working directory, not a password)."""
    return not candidate.startswith(("/", "~/", "./", "../"))


VALIDATORS: dict[str, Callable[[str], bool]] = {
    "card_number": card_number,
    "iban": iban,
    "token_like": token_like,
    "not_path": not_path,
}

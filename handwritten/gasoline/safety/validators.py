"""Checks a candidate secret must pass beyond its rule's pattern (`validator` in
spec/policy/redaction.yaml), so that numbers, words and paths that merely look the part pass."""

from __future__ import annotations

import base64
import math
import re
from collections import Counter
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


# The length of an IBAN in each country that issues them (the ISO 13616 registry): a run that
# passes the mod-97 check by chance (one in 97: an etag, a hex id) rarely also starts with a
# country code and has its length.
IBAN_LENGTHS = {
    **dict.fromkeys(["NO"], 15),
    **dict.fromkeys(["BE"], 16),
    **dict.fromkeys(["DK", "FI", "FK", "FO", "GL", "NL", "SD"], 18),
    **dict.fromkeys(["MK", "SI"], 19),
    **dict.fromkeys(["AT", "BA", "EE", "KZ", "LT", "LU", "MN", "XK"], 20),
    **dict.fromkeys(["CH", "HR", "LI", "LV"], 21),
    **dict.fromkeys(["BG", "BH", "CR", "DE", "GB", "GE", "IE", "ME", "RS", "VA"], 22),
    **dict.fromkeys(["AE", "GI", "IL", "IQ", "OM", "SO", "TL"], 23),
    **dict.fromkeys(["AD", "CZ", "ES", "MD", "PK", "RO", "SA", "SE", "SK", "TN", "VG"], 24),
    **dict.fromkeys(["LY", "PT", "ST"], 25),
    **dict.fromkeys(["IS", "TR"], 26),
    **dict.fromkeys(["BI", "DJ", "FR", "GR", "IT", "MC", "MR", "SM"], 27),
    **dict.fromkeys(["AL", "AZ", "BY", "CY", "DO", "GT", "HN", "HU", "LB", "NI", "PL", "SV"], 28),
    **dict.fromkeys(["BR", "EG", "PS", "QA", "UA"], 29),
    **dict.fromkeys(["JO", "KW", "MU", "YE"], 30),
    **dict.fromkeys(["MT", "SC"], 31),
    **dict.fromkeys(["LC"], 32),
    **dict.fromkeys(["RU"], 33),
}


def iban(candidate: str) -> bool:
    """A country's IBAN length, and the mod-97 check; written in groups, with or without the
    last group (a pattern cannot tell a word after an IBAN in groups from its last group)."""
    return iban_number(candidate) or (" " in candidate and iban_number(candidate.rsplit(" ", 1)[0]))


def iban_number(candidate: str) -> bool:
    compact = candidate.replace(" ", "").upper()
    if IBAN_LENGTHS.get(compact[:2]) != len(compact):
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


def token_like(candidate: str) -> bool:
    """Not a plain word ("Basic authentication"): a digit, a symbol, or a capital after the first letter."""
    return any(c.isdigit() or c in "+/=_-.~" for c in candidate) or any(c.isupper() for c in candidate[1:])


def not_path(candidate: str) -> bool:
    """Not a file path ("pwd: /home/dana/shop" is a working directory, not a password)."""
    return not candidate.startswith(("/", "~/", "./", "../"))


BASE64 = re.compile(r"[A-Za-z0-9+/]*")


def base64_user_password(candidate: str) -> bool:
    """Base64 of user:password (a registry's auth, an .npmrc's _auth): it decodes to printable
    UTF-8 text with a colon and something after it."""
    data = candidate.rstrip("=")
    if not BASE64.fullmatch(data) or len(data) % 4 == 1:  # one character past a multiple of four holds no byte
        return False
    try:
        decoded = base64.b64decode(data + "=" * (-len(data) % 4)).decode("utf-8")
    except UnicodeDecodeError:
        return False
    return decoded.partition(":")[2] != "" and decoded.isprintable()


LABEL = re.compile(r"[A-Za-z][A-Za-z0-9]{0,11}[_.-]")
SEPARATORS = re.compile(r"[_.-]")
UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.IGNORECASE)
HEX = re.compile(r"[0-9a-fA-F]+")
# A digest's algorithm before its base64 (integrity="sha384-...", a lockfile's "sha512-..."):
# a hash of a file, not a credential.
DIGEST_LABEL = re.compile(r"(?:sha|md|blake)[0-9]*[bs]?", re.IGNORECASE)
# Object ids of payment APIs (Stripe's pi_, cus_, ch_...): the shape of a key, but an id names an
# object and grants nothing. A client secret goes on past its id (pi_..._secret_...), so it has
# more than one piece and is still masked. (Doppler's dp.pt... is more than one piece too.)
OBJECT_ID_LABELS = frozenset(
    [
        "acct",
        "ba",
        "card",
        "ch",
        "cn",
        "cus",
        "dp",
        "du",
        "evt",
        "fee",
        "file",
        "ii",
        "il",
        "in",
        "ipi",
        "po",
        "pi",
        "pm",
        "price",
        "prod",
        "py",
        "re",
        "req",
        "seti",
        "si",
        "sub",
        "tr",
        "txn",
    ]
)


def entropy(text: str) -> float:
    """Shannon entropy per character, in bits."""
    counts = Counter(text)
    return -sum(n / len(text) * math.log2(n / len(text)) for n in counts.values())


def labeled_token(candidate: str) -> bool:
    """A label and then something random (glpat-..., sk_live_..., dp.pt....), the shape most
    issued credentials share. What follows the label must look random: hex, or mixed case with
    digits; or, in one piece, letters and digits of high entropy. Words joined by separators
    (cache-control-max-age-31536000) and UUIDs do not."""
    label = LABEL.match(candidate)
    word, body = (label.group()[:-1], candidate[label.end() :]) if label else ("", "")
    plain = SEPARATORS.sub("", body)
    if len(plain) < 16 or not any(c.isdigit() for c in plain) or UUID.fullmatch(body):
        return False
    if (plain == body and word in OBJECT_ID_LABELS) or DIGEST_LABEL.fullmatch(word):
        return False
    if any(c.islower() for c in plain) and any(c.isupper() for c in plain):
        return True
    if plain != body:  # pieces joined by separators: words, or the groups of a UUID or a hash
        return False
    if HEX.fullmatch(plain):  # hex keys are 32 digits and more; ids such as apr_<24 hex> are not keys
        return len(plain) >= 32
    return entropy(plain) >= 3.5


VALIDATORS: dict[str, Callable[[str], bool]] = {
    "labeled_token": labeled_token,
    "card_number": card_number,
    "iban": iban,
    "token_like": token_like,
    "not_path": not_path,
    "base64_user_password": base64_user_password,
}

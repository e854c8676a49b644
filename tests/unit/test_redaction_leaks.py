"""Secrets in the forms that came through verbatim although the policy covers their format, and
ordinary text that was masked although it holds none. Each is checked as free text and as a
value inside captured JSON."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable

import pytest

from gasoline.safety.redaction import Redactor, build_redactor

from .secret_corpus import grouped, make_iban

GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
GOOGLE = "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
SQUARE = "EAAA" + "lA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9d"
AWS = "AKIA" + "IOSFODNN7EXAMPLE"

LEAKS = {
    "a URL with an empty user name": ("redis://:Sup3rS3cretPw@cache.internal:6379/0", "Sup3rS3cretPw"),
    "an x-api-key header in a log line": (
        "headers: x-api-key: 9f8e7d6c5b4a39281706f5e4d3c2b1a0",
        "9f8e7d6c5b4a39281706f5e4d3c2b1a0",
    ),
    "an X-Session-Id header line": ("X-Session-Id: 5f2b9c1e8a7d4f3b", "5f2b9c1e8a7d4f3b"),
    "DB_PASS in an environment line": ("DB_PASS=hunter2hunter2", "hunter2hunter2"),
    "dbPass in a JSON body": ('{"dbPass": "Tr0ub4dor&3"}', "Tr0ub4dor&3"),
    "authKey in a JSON body": ('{"authKey": "a8f5f167f44f4964e6c998dee827110c"}', "a8f5f167f44f4964e6c998dee827110c"),
    "a token after an escaped newline": ('"line\\n' + GITHUB + '"', GITHUB),
    "a token after an escaped tab": ('"a\\t' + GITHUB + '"', GITHUB),
    "a token after an escaped quote": ('"a\\u0022' + GITHUB + '"', GITHUB),
    "a token after creds_": ("creds_" + GITHUB, GITHUB),
    "a URL-encoded quote before a token": ("q=%22" + GITHUB + "%22", GITHUB),
    "a URL-encoded equals before a key": ("key%3D" + GOOGLE, GOOGLE),
    "a URL-encoded password field": ("data=password%3DHunter2Hunter2%26x%3D1", "Hunter2Hunter2"),
    "a URL-encoded bearer header": ("auth=Bearer%20" + JWT, JWT),
    "a fully percent-encoded AWS key": ("id=" + "".join(f"%{ord(c):02X}" for c in AWS), AWS),
    "a JSON body with duplicate keys": ('{"note": "' + GITHUB + '", "note": "fine"}', GITHUB),
    "a Square token under an ordinary key": ('{"value": "' + SQUARE + '"}', SQUARE),
    "a lowercase IBAN": ("refund to iban de89370400440532013000", "de89370400440532013000"),
    "a CSRF token in a meta tag": (
        '<meta name="csrf-token" content="Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe">',
        "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe",
    ),
    "a token wrapped in base64": (
        "state=" + base64.b64encode(json.dumps({"token": GITHUB}).encode()).decode(),
        base64.b64encode(json.dumps({"token": GITHUB}).encode()).decode()[8:40],
    ),
    "a token written with HTML entities": (f'<div data-x="{{&quot;k&quot;:&quot;{GITHUB}&quot;}}">', GITHUB),
    "a token percent-encoded twice": ("next=%2Fcb%3Fq%3D%2522" + GITHUB + "%2522", GITHUB),
    "a CSRF meta tag with its content first": (
        '<meta content="Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe" name="csrf-token">',
        "Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe",
    ),
    "a CSRF hidden input named _token": (
        '<input type="hidden" name="_token" value="Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz">',
        "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz",
    ),
    "a payment intent's client secret": (
        "confirm with pi_3MtwBwLkdIwHu7ix28a3tqPa_secret_YrKJUKribcBjcG8HVhfZluoGH",
        "YrKJUKribcBjcG8HVhfZluoGH",
    ),
    "a CSRF token in a hidden input": (
        '<input type="hidden" name="csrfmiddlewaretoken" value="Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz">',
        "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz",
    ),
}


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return build_redactor(b"k" * 32)


@pytest.mark.parametrize("case", LEAKS)
def test_a_secret_in_this_form_is_masked(redactor: Redactor, case: str) -> None:
    text, secret = LEAKS[case]
    assert secret not in redactor.fields(text) and "[REDACTED:" in redactor.fields(text)
    assert secret not in json.dumps(redactor.value({"message": text}))


def long_numbers() -> list[str]:
    """What the card rule took for cards: millisecond timestamps and 19-digit ids, 600 of them."""
    rng = random.Random(13)
    stamps = [str(rng.randrange(1_400_000_000_000, 1_900_000_000_000)) for _ in range(300)]
    ids = [str(rng.randrange(10**18, 2 * 10**18)) for _ in range(300)]
    return stamps + ids


def chance_ibans() -> list[str]:
    """Runs that pass the IBAN check by chance, one in 97 (an etag, a hex id), but whose first two
    letters are no country's, or whose length is not that country's."""
    rng = random.Random(17)
    runs = []
    for index in range(60):
        country = "AC" if index % 2 else rng.choice(["DE", "FR", "NL"])
        size = 12 if country != "DE" else 16  # DE's is 18, FR's 23, NL's 14
        runs.append(make_iban(country, "".join(rng.choice("0123456789ABCDEF") for _ in range(size))).lower())
    return runs


ORDINARY = [
    "pwd: /home/dana/projects/shop",
    "cd ~/src && pwd: ./build/output",
    *(f"event {number} at {number}" for number in long_numbers()),
    *(f'etag W/"{run}" cache hit' for run in chance_ibans()),
]

# A country of each IBAN length, and the length of its part after the check digits.
BBANS = {"NO": 11, "BE": 12, "NL": 14, "AT": 16, "CH": 17, "DE": 18, "PT": 21, "FR": 23, "PL": 24, "MT": 27, "RU": 29}


@pytest.mark.parametrize("country", BBANS)
@pytest.mark.parametrize("written", [str.upper, str.lower, grouped], ids=["upper", "lower", "grouped"])
def test_an_iban_of_every_length_is_masked(redactor: Redactor, country: str, written: Callable[[str], str]) -> None:
    """Whole or in groups of four, and followed by a word the pattern could take for a group."""
    number = written(
        make_iban(country, "".join(random.Random(country).choice("0123456789") for _ in range(BBANS[country])))
    )
    for text in (f"refund to {number} requested", f"pay {number} EUR 12", f"iban {number}"):
        assert number not in redactor.fields(text), text
        assert number not in json.dumps(redactor.value({"note": text})), text


@pytest.mark.parametrize("text", ORDINARY, ids=lambda text: text[:30])
def test_ordinary_text_is_left_alone(redactor: Redactor, text: str) -> None:
    assert redactor.fields(text) == text
    assert redactor.value({"message": text}) == {"message": text}


GITLAB_PREFIXES = ["glpat", "gldt", "glft", "glimt", "glptt", "glrt", "glsoat", "glcbt", "gloas", "glagent", "glffct"]


@pytest.mark.parametrize("prefix", GITLAB_PREFIXES)
def test_every_gitlab_token_is_masked(redactor: Redactor, prefix: str) -> None:
    """Their random part may hold - and _, so the generic rule sees only short pieces."""
    body = "xX9ACuc_J_g7SDHydPw1"
    for text in (f"export SETTING_VALUE={prefix}-{body}", f"<div data-config='{prefix}-{body}'>"):
        assert body[8:] not in redactor.fields(text), text
        assert body[8:] not in json.dumps(redactor.value({"message": text})), text

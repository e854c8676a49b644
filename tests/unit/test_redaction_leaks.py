"""Secrets in the forms that came through verbatim although the policy covers their format, and
ordinary text that was masked although it holds none. Each is checked as free text and as a
value inside captured JSON."""

from __future__ import annotations

import base64
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from gasoline.safety.redaction import Redactor, build_redactor

from .secret_corpus import grouped, make_iban

GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"
GOOGLE = "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"
JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
SQUARE = "EAAA" + "lA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0U1v2W3x4Y5z6A7b8C9d"
AWS = "AKIA" + "IOSFODNN7EXAMPLE"
DOCKER_AUTH = base64.b64encode(b"dana:Hunter2Pass!").decode()
DOCKER_CONFIG = json.dumps({"auths": {"registry.example.com": {"auth": DOCKER_AUTH}}})
PGP_KEY = (
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
    "lQOYBF0abcdEFGHijklMNOPqrstUVWXyz0123456789abcdEFGHijklMNOPqrstUVW\n"
    "xyz0123456789abcdEFGHijklMNOPqrstUVWXyz0123456789abcdEFGHijklMNOPq\n"
    "=Qw8E\n-----END PGP PRIVATE KEY BLOCK-----"
)

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
    "a Django REST framework token header": (
        "Authorization: Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
        "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
    ),
    "a token header in a JavaScript object": (
        "fetch(url, {headers: {Authorization: 'Token 9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b'}})",
        "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b",
    ),
    "a Rails token header": ('Authorization: Token token="Qw8Er7Ty6Ui5Op4As3Df2"', "Qw8Er7Ty6Ui5Op4As3Df2"),
    "an ApiKey header": ("Authorization: ApiKey Qw8Er7Ty6Ui5Op4As3Df2Gh1", "Qw8Er7Ty6Ui5Op4As3Df2Gh1"),
    "a docker registry's auth": (DOCKER_CONFIG, DOCKER_AUTH),
    "a docker registry's auth in a JSON string": (json.dumps({"config": DOCKER_CONFIG[:-2]}), DOCKER_AUTH),
    "a PGP private key block": (PGP_KEY, PGP_KEY.splitlines()[2]),
    "a private key block cut short": (PGP_KEY[:150], PGP_KEY.splitlines()[2][:40]),
    "an SSH2 private key": (
        "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nP2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGEx\n"
        "---- END SSH2 ENCRYPTED PRIVATE KEY ----",
        "P2/56wAAAi4AAAA3aWYtbW9kbntzaWdue3JzYS1wa2NzMS1zaGEx",
    ),
    "a password input whose value ends in entities": (
        '<input type="password" value="hunter2&amp;&lt;">',
        "hunter2",
    ),
    "a password input with its value first": ('<input value="Tr0ub4dor&amp;3" id="pw" type="password">', "Tr0ub4dor"),
    "a bare password ending in entities": ("password=hunter2&amp;&lt; sent", "&amp;&lt;"),
    "a password attribute ending in an entity": ('<x-login password="s3cr3t&quot;">', "s3cr3t"),
    "an x-api-key in a console line": (
        'console.log("x-api-key: 0123456789abcdef0123456789abcdef")',
        "0123456789abcdef0123456789abcdef",
    ),
    "an X-Auth-Token in a console line": (
        "console.warn('X-Auth-Token: Qw8Er7Ty6Ui5Op4As3Df2Gh1')",
        "Qw8Er7Ty6Ui5Op4As3Df2Gh1",
    ),
    "an .npmrc auth token": (
        "//npm.example.com/:_authToken=5f2b9c1e-8a7d-4f3b-9c1e-8a7d4f3b9c1e",
        "5f2b9c1e-8a7d-4f3b-9c1e-8a7d4f3b9c1e",
    ),
    "an .npmrc _auth": ("//npm.example.com/:_auth=ZGFuYTpIdW50ZXIyUGFzcyE=", "ZGFuYTpIdW50ZXIyUGFzcyE="),
    "a CSRF input with attributes between name and value": (
        '<input name="csrf_token" type="hidden" value="Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz">',
        "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz",
    ),
    "an ASP.NET request verification token": (
        '<input name="__RequestVerificationToken" type="hidden" value="CfDJ8Qw8Er7Ty6Ui5Op4As3Df2Gh1">',
        "CfDJ8Qw8Er7Ty6Ui5Op4As3Df2Gh1",
    ),
    "a Django CSRF header": ("X-CSRFToken: Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz", "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz"),
}

# What analyze dom reads of an element, and other name/value pairs in structured data: the secret
# is in a member whose own key says nothing.
STRUCTURED_LEAKS: dict[str, tuple[Any, str]] = {
    "a CSRF input's attributes": (
        {"tag": "input", "attributes": {"name": "csrf_token", "type": "hidden", "value": "Qw8Er7Ty6Ui5Op4As3Df2"}},
        "Qw8Er7Ty6Ui5Op4As3Df2",
    ),
    "a CSRF meta tag's attributes": (
        {"tag": "meta", "attributes": {"name": "csrf-token", "content": "Zx9Yw8Vu7Ts6Rq5Po4Nm3"}},
        "Zx9Yw8Vu7Ts6Rq5Po4Nm3",
    ),
    "a password input's attributes": (
        {"tag": "input", "attributes": {"type": "password", "name": "pw", "value": "hunter2&amp;&lt;"}},
        "hunter2",
    ),
    "an x-api-key in HAR headers": (
        {"headers": [{"name": "Accept", "value": "*/*"}, {"name": "x-api-key", "value": "0123456789abcdef0123"}]},
        "0123456789abcdef0123",
    ),
    "a session cookie as a name/value pair": (
        {"cookies": [{"name": "sessionid", "value": "k3y5Zx9Yw8"}]},
        "k3y5Zx9Yw8",
    ),
    "a key/value list": ({"env": [{"key": "DB_PASSWORD", "value": "Tr0ub4dor3"}]}, "Tr0ub4dor3"),
    "docker's auths": ({"auths": {"registry.example.com": {"auth": DOCKER_AUTH}}}, DOCKER_AUTH),
}


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return build_redactor(b"k" * 32)


@pytest.mark.parametrize("case", LEAKS)
def test_a_secret_in_this_form_is_masked(redactor: Redactor, case: str) -> None:
    text, secret = LEAKS[case]
    assert secret not in redactor.fields(text) and "[REDACTED:" in redactor.fields(text)
    assert secret not in json.dumps(redactor.value({"message": text}))


@pytest.mark.parametrize("case", STRUCTURED_LEAKS)
def test_a_secret_in_a_name_value_pair_is_masked(redactor: Redactor, case: str) -> None:
    data, secret = STRUCTURED_LEAKS[case]
    masked = json.dumps(redactor.value(data))
    assert secret not in masked and "[REDACTED:" in masked
    assert secret not in json.dumps(redactor.value({"body": json.dumps(data)})), "a JSON body of the same"


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
    "/login?user=dana&amp;theme=dark&amp;remember=1&amp;next=%2Fcart",
    '<input type="text" name="search" value="blue shoes" placeholder="Search">',
    '<label for="password">Password</label><input id="email" value="dana@example.com">',
    "Authorization: Token required for this endpoint",
]

# Structured data that looks like a sensitive pair and is not one.
ORDINARY_STRUCTURED: list[Any] = [
    {"tag": "input", "attributes": {"type": "text", "name": "q", "value": "blue shoes"}},
    {"tag": "meta", "attributes": {"name": "viewport", "content": "width=device-width, initial-scale=1"}},
    {"headers": [{"name": "Accept", "value": "*/*"}, {"name": "Content-Type", "value": "application/json"}]},
    {"type": "console", "name": "monkey", "value": "banana", "content": "keyboard"},
    {"auth": True, "authority": "registry.example.com", "author": "dana"},
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


@pytest.mark.parametrize("data", ORDINARY_STRUCTURED, ids=lambda data: json.dumps(data)[:30])
def test_ordinary_structured_data_is_left_alone(redactor: Redactor, data: Any) -> None:
    assert redactor.value(data) == data


GITLAB_PREFIXES = ["glpat", "gldt", "glft", "glimt", "glptt", "glrt", "glsoat", "glcbt", "gloas", "glagent", "glffct"]


@pytest.mark.parametrize("prefix", GITLAB_PREFIXES)
def test_every_gitlab_token_is_masked(redactor: Redactor, prefix: str) -> None:
    """Their random part may hold - and _, so the generic rule sees only short pieces."""
    body = "xX9ACuc_J_g7SDHydPw1"
    for text in (f"export SETTING_VALUE={prefix}-{body}", f"<div data-config='{prefix}-{body}'>"):
        assert body[8:] not in redactor.fields(text), text
        assert body[8:] not in json.dumps(redactor.value({"message": text})), text

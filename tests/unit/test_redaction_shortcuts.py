"""The redactor's shortcuts give what the long way gives: the field passes run only on the lines that
may hold a sensitive key, and a JSON document seen to hold nothing to mask is passed as it is."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from gasoline.panel.egress import strings_in
from gasoline.safety import redaction
from gasoline.safety.redaction import Redactor, build_redactor
from gasoline_generated import redaction_rules as policy

from .secret_corpus import corpus

KEY = b"k" * 32


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return build_redactor(KEY)


def fields_the_long_way(redactor: Redactor, text: str) -> str:
    """Redactor.fields as each pass over the whole text gives it."""
    text = redactor.text(text)
    if "=" in text:
        text = redaction.QUERY_PARAMETER.sub(redactor._masked_field, text)
    if '"' in text and ":" in text:
        text = redaction.JSON_FIELD.sub(redactor._masked_field, text)
    if ":" in text:
        text = redaction.HEADER_FIELD.sub(redactor._masked_header, text)
    return text


def test_every_field_pass_knows_which_line_breaks_no_field_runs_across() -> None:
    """They were read off the field patterns as the policy writes them: a changed pattern runs over
    the whole text (slowly) until they are read again."""
    assert all(field.line_breaks is not None for field in redaction.FIELD_PASSES)


def spellings(name: str) -> list[str]:
    """A key name as pages write it: as it is, in capitals, camel case and with hyphens."""
    words = name.split("_")
    camel = words[0] + "".join(word.capitalize() for word in words[1:])
    return [name, name.upper(), camel, "-".join(words), "-".join(word.capitalize() for word in words)]


def random_names(count: int) -> list[str]:
    """Names made of the policy's words and others, joined and cased every which way."""
    rng = random.Random(3)
    words = [*policy.KEYS, "token", "secret", "pass", "key", "api", "my", "user", "id", "x", "data", "shipping", "sig"]
    names = []
    for _ in range(count):
        joined = rng.choice(["_", "-", ""]).join(rng.choices(words, k=rng.randint(1, 3)))
        names.append(rng.choice([joined, joined.upper(), joined.title(), spellings(joined.replace("-", "_"))[2]]))
    return names


def test_every_sensitive_key_is_found_where_a_key_stands(redactor: Redactor) -> None:
    names = [spelling for name in policy.KEYS for spelling in spellings(name)] + random_names(3000)
    sensitive = [name for name in names if redactor.key_class(name) is not None]
    assert len(sensitive) > 1000
    words = redaction.KEY_WORDS
    assert words is not None
    for key in sensitive:
        for written in (f'{{"{key}": 1}}', f"?{key}=1", f"\n{key}: 1", f"({key}:1"):
            lowered = redaction.lowered_ascii(written)
            assert lowered is not None and next(redaction.key_words_at(lowered, words), None) is not None, written


@pytest.mark.parametrize(
    "text", ['{"shippingAddress": 1}', "spinner=1", "pinCode: 1", '{"opinion": "x"}', "sidebar: 1"]
)
def test_a_sensitive_key_s_word_inside_another_word_is_not_a_key(redactor: Redactor, text: str) -> None:
    words = redaction.KEY_WORDS
    assert words is not None
    lowered = redaction.lowered_ascii(text)
    assert lowered is not None and next(redaction.key_words_at(lowered, words), None) is None


PIECES = [
    'password="abc\ndef"',
    "token='x\ny'",
    '"password"\n:\n"hunter22"',
    '"api_key" :\n "abcdefgh1234"',
    "x-api-key: abcdefghijk123",
    "Authorization: Bearer abcdefghijklmnop1234",
    "page=5",
    '{"id": 7, "note": "x"}',
    "session_id=abcdef123456",
    "pin: 1234",
    "shipping: free",
    '"csrf_token": "q1w2e3r4t5"',
    'a="b',
    "c='",
    '"',
    ":",
    "Set-Cookie: sid=abc123456789; HttpOnly",
    "url?password=p%40ss&x=1",
    "pwd: /home/dana",
    "\u00e9t\u00e9",
]


def test_the_field_passes_mask_what_they_mask_over_the_whole_text(redactor: Redactor) -> None:
    rng = random.Random(5)
    for _ in range(300):
        lines = [" ".join(rng.choices(PIECES, k=rng.randint(1, 4))) for _ in range(rng.randint(2, 40))]
        text = "\n".join(lines) + "x" * rng.randint(0, 120)
        assert redactor.fields(text) == fields_the_long_way(redactor, text), text


def cart(rng: random.Random, extra: dict[str, Any]) -> str:
    """A shop's cart as its API returns it (about 4 KB), with one member more."""
    lines = [
        {
            "lineId": f"ln_{rng.randrange(10**6):06d}_{i:02d}",
            "sku": f"SKU-{rng.randrange(9973):05d}",
            "name": "Organic cotton T-shirt, black, size S",
            "unitPrice": {"amount": 1999 + i, "currency": "EUR"},
            "imageUrl": f"https://cdn.example-shop.com/img/products/{rng.randrange(9973):05d}/front-640w.webp",
        }
        for i in range(12)
    ]
    return json.dumps({"cart": {"id": f"c_{rng.randrange(10**8):08d}", "lines": lines, **extra}})


MEMBERS = [
    {},
    {"note": "leave at the door"},
    {"password": "hunter22"},
    {"customer": {"name": "csrf_token", "value": "q1w2e3r4t5y6"}},
    {"field": {"type": "password", "value": "pw1234"}},
    {"card": 4111111111111111},
    {"ids": [-4111111111111111, 10**25]},
    {"frame": "[1, 4111111111111111]"},
    {"auth": "_auth=dXNlcjpwYXNzd29yZA=="},
    {"header": "Bearer abcdefghijklmnop1234"},
    {"wrapped": "dG9rZW49Z2hwX0ExYjJDM2Q0RTVBMWIyQzNkNEU1QTFiMkMzZDRFNUExYjJDM2Q0RTU="},
    {"escaped": "caf\u00e9 %22ghp_A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5A1b2C3d4E5%22"},
    {"accessToken": "short"},
    {"shippingPin": "1234"},
]


def test_a_document_with_nothing_to_mask_is_passed_as_it_is(redactor: Redactor) -> None:
    rng = random.Random(1)
    secrets = [{"secret": secret.value} for secret in corpus()[::7]] + [{"value": secret.value} for secret in corpus()]
    for extra in MEMBERS + secrets:
        for ascii_only in (True, False):
            body = cart(rng, extra)
            body = body if ascii_only else json.dumps(json.loads(body), ensure_ascii=False)
            walked = Redactor(KEY, redactor.version)
            walked._unchanged = lambda text: False  # type: ignore[method-assign]
            assert redactor.value({"responseBody": body}) == walked.value({"responseBody": body}), extra
    clean = cart(rng, {})
    assert redactor._unchanged(clean) and redactor.value(clean) is clean


def test_masks_are_counted_in_the_strings_as_in_the_json_text(redactor: Redactor) -> None:
    safe = redactor.value({"system": "s", "messages": [{"content": secret.line} for secret in corpus()]})
    masks = re.compile(r"\[REDACTED:[a-z_]+(?::[0-9a-f]{8})?\]")
    assert len(masks.findall("\n".join(strings_in(safe)))) == len(masks.findall(json.dumps(safe, ensure_ascii=False)))

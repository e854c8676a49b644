"""The extension's worker masks exactly as the daemon does: every corpus of the redaction tests,
structured events, project patterns and random mixtures, run through the TypeScript gateway in
Node and through the Python one, must come out byte for byte the same."""

from __future__ import annotations

import base64
import html
import json
import random
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.redaction import Redactor, build_redactor
from gasoline_generated.models import ProjectRedactionPattern

from ..conftest import ROOT
from ..in_node import RunningEntry, bundle_for_node, running
from .secret_corpus import ORDINARY, corpus
from .secret_recall import ordinary_corpus, recall_corpus
from .test_redaction_leaks import LEAKS, ORDINARY_STRUCTURED, STRUCTURED_LEAKS

KEY = bytes(range(32))
PATTERNS = [
    {"name": "internal_ticket_key", "pattern": "TKT-[0-9]{6}-[A-Z]{4}"},
    {"name": "staging_password", "pattern": "staging_pw=([^&\\s]+)", "secret": 1, "ignore_case": True},
]
UNAVAILABLE = "unavailable"


@pytest.fixture(scope="module")
def worker_gateway(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningEntry]:
    with running(bundle_for_node(ROOT / "tests/ts/redaction-parity.ts", tmp_path_factory.mktemp("parity"))) as entry:
        yield entry


def daemon_masks(redactor: Redactor, data: Any) -> str:
    try:
        return json.dumps(redactor.value(data), ensure_ascii=False)
    except RedactionUnavailable:
        return UNAVAILABLE


def unhashed(text: str) -> str:
    return re.sub(r"\[REDACTED:([a-z_]+):[0-9a-f]{8}\]", r"[REDACTED:\1]", text)


def compare(
    worker: RunningEntry,
    data: list[Any],
    key: bytes | None = KEY,
    patterns: list[dict[str, Any]] | None = None,
    native: bool = False,
) -> list[str]:
    """Where the worker's masks differ from the daemon's, one line each (empty: none). `native`:
    the worker reads the data with JSON.parse, as it gets events from the page, and the answers
    are compared as data rather than as text."""
    patterns = patterns or []
    redactor = build_redactor(key or KEY, patterns)
    expected = [daemon_masks(redactor, item) for item in data]
    if key is None:  # before the handover the worker knows no key: every mask reads unhashed
        expected = [unhashed(text) for text in expected]
    requests = [
        {"key": key.hex() if key else None, "patterns": patterns, "json": json.dumps(item), "native": native}
        for item in data
    ]
    got = [answer.get("out", UNAVAILABLE) for answer in worker.answers(requests)]
    if native:
        expected, got = [json.loads(text) for text in expected], [json.loads(text) for text in got]
    return [
        f"{item!r}\n  daemon: {want}\n  worker: {have}"
        for item, want, have in zip(data, expected, got, strict=True)
        if want != have
    ]


def assert_same(mismatches: list[str], total: int) -> None:
    assert not mismatches, f"{len(mismatches)} of {total} differ:\n" + "\n".join(mismatches[:5])


def test_the_recall_corpus_is_masked_alike(worker_gateway: RunningEntry) -> None:
    lines = [sample.line for sample in recall_corpus()]
    assert len(lines) > 1800
    assert_same(compare(worker_gateway, lines), len(lines))


def test_ordinary_text_is_left_alike(worker_gateway: RunningEntry) -> None:
    lines = ordinary_corpus() + ORDINARY
    assert_same(compare(worker_gateway, lines), len(lines))


def test_the_known_leaks_are_masked_alike(worker_gateway: RunningEntry) -> None:
    lines = [text for text, _ in LEAKS.values()]
    assert_same(compare(worker_gateway, lines), len(lines))


def test_name_value_pairs_are_masked_alike(worker_gateway: RunningEntry) -> None:
    data = [item for item, _ in STRUCTURED_LEAKS.values()] + ORDINARY_STRUCTURED
    assert_same(compare(worker_gateway, data), len(data))
    assert_same(compare(worker_gateway, data, native=True), len(data))


def secret_contexts() -> Iterator[Any]:
    """Each secret of the corpus as a string, under a sensitive key, an ordinary key and as a header."""
    for secret in corpus():
        yield secret.value
        yield {"password": secret.value, "note": secret.value}
        yield {"requestHeaders": {"X-Trace": secret.value, "Authorization": f"Bearer {secret.value}"}}
        yield f"curl -H 'x-api-key: {secret.value}' https://api.example.com/?token={quote(secret.value)}"


def test_structured_data_is_masked_alike(worker_gateway: RunningEntry) -> None:
    data = [
        *secret_contexts(),
        {"type": "network_body", "status": 200, "responseBody": json.dumps({"user": {"apiKey": "k" * 40, "id": 7}})},
        {"responseBody": '{"a": 1, "b": [1.5, 2e21, -0.0, 12345678901234567890], "token": "abc"}'},
        {"responseBody": '{"note": "x", "note": "ghp_' + "A1b2C3d4E5" * 4 + '"}'},
        {"cards": [4111111111111111, 5500000000000004, 1700000000000, 378282246310005]},
        {"numbers": [1, 2.5, True, None, "", 0]},
        {"session": {"id": "abcdefgh12345678", "ids": ["x" * 20, 12345]}, "cvv": 123},
        {"AccessToken": "short", "x-csrf-token": "tok-" + "9" * 20, "monkey": "banana", "keyboard": "qwerty"},
        {"ghp_" + "A1b2C3d4E5" * 4: "a key that is itself a token"},
        {"frames": ['[1, 2, {"secret": "hunter2hunter2"}]', '  {"password": "pw1234"}', "{broken json"]},
        {"message": "pwd: /home/dana/shop and Authorization: Bearer abcdefghijklmnop1234"},
    ]
    assert_same(compare(worker_gateway, data), len(data))


def test_events_as_the_page_hands_them_over_are_masked_alike(worker_gateway: RunningEntry) -> None:
    events = [item for item in secret_contexts() if not isinstance(item, str)] + [
        {"type": "console", "level": "log", "args": ["token", {"apiKey": "k" * 40}], "tabId": 7, "status": 200},
        {"type": "network_body", "responseBody": '{"user": {"id": 1, "password": "pw123456"}}', "duration": 12.5},
        {"cards": [4111111111111111, 378282246310005], "ids": [1, 22, 333]},
    ]
    assert_same(compare(worker_gateway, events, native=True), len(events))


PIECES = [
    "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "AKIAIOSFODNN7EXAMPLE",
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    "4111 1111 1111 1111",
    "DE89 3704 0044 0532 0130 00",
    "password=",
    "token: ",
    '"secret": "',
    "%22",
    "%3D",
    "&quot;",
    "&#x41;",
    "\\n",
    "\\u0022",
    "_",
    " ",
    "\n",
    "é",
    "😀",
    "日本",
    "=",
    "&",
    "?",
    ":",
    "https://user:pa55word@host/",
    "TKT-123456-ABCD",
    "staging_pw=s3cr3t&",
    "[REDACTED:api_key:0123abcd]",
    "sk_live_" + "4eC39HqLyjWDarjtT1zdp7dc",
    "-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----",
]


def mixtures(count: int, seed: int) -> list[str]:
    """Random texts made of pieces that secrets, separators, encodings and other scripts are made of,
    some percent-encoded, written with entities or wrapped in base64 as a whole."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        text = "".join(
            rng.choice(PIECES) + "".join(rng.choices("aZ09 _-./:=&%", k=rng.randint(0, 3)))
            for _ in range(rng.randint(1, 8))
        )
        wrap = rng.randrange(5)
        if wrap == 1:
            text = "q=" + quote(text, safe="")
        elif wrap == 2:
            text = html.escape(text)
        elif wrap == 3:
            text = "state=" + base64.b64encode(text.encode()).decode()
        texts.append(text)
    return texts


def test_random_mixtures_are_masked_alike(worker_gateway: RunningEntry) -> None:
    texts = mixtures(1500, seed=11)
    assert_same(compare(worker_gateway, texts), len(texts))


def test_project_patterns_are_masked_alike(worker_gateway: RunningEntry) -> None:
    texts = [*mixtures(300, seed=12), "ticket TKT-004211-QXPZ", "STAGING_PW=abc123&next=1", "tkt-004211-qxpz"]
    ProjectRedactionPattern.model_validate(PATTERNS[1])  # the shape the handover carries
    assert_same(compare(worker_gateway, texts, patterns=PATTERNS), len(texts))


def test_before_the_handover_every_mask_is_unhashed(worker_gateway: RunningEntry) -> None:
    texts = [sample.line for sample in recall_corpus()[:400]]
    assert_same(compare(worker_gateway, texts, key=None), len(texts))


def nested(depth: int) -> Any:
    value: Any = "ghp_" + "A1b2C3d4E5" * 4
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("depth", [1, 127, 128, 129, 400])
def test_data_nested_past_the_limit_is_withheld_alike(worker_gateway: RunningEntry, depth: int) -> None:
    data = [nested(depth), {"body": json.dumps(nested(depth))}, {"password": nested(depth)}]
    assert_same(compare(worker_gateway, data), len(data))

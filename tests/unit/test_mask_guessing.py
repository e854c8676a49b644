"""No mask confirms a guess: a client that gets its guesses masked, on any path a tool call offers
(an argument echoed in an error, a filter, a cursor), learns nothing it can compare with the mask
of a secret the page gave away; and a secret that could be guessed offline carries no hash at all."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gasoline.capture.ingest import ingest_batch
from gasoline.composition import Daemon, create_daemon
from gasoline.core.jsonrpc import Request
from gasoline.core.protocol import Exchange
from gasoline.safety.redaction import build_redactor, strength_bits
from gasoline_generated import redaction_rules as policy

from .secret_corpus import Secret, corpus

PIN = "4821"
GUESSES = ["4821", "1234", "9999"]


def call(daemon: Daemon, tool: str, arguments: dict[str, Any]) -> str:
    request = Request(1, "tools/call", {"name": tool, "arguments": arguments})
    return json.dumps(daemon.tools.call(tool, arguments, Exchange(request, lambda message: None)))


@pytest.fixture(scope="module")
def daemon() -> Daemon:
    """A daemon whose capture holds a PIN the page gave away, in a log line and in a page URL."""
    built = create_daemon()
    event = {
        "type": "console",
        "ts": "2026-11-22T10:30:00Z",
        "level": "log",
        "message": f"unlock with password={PIN}",
        "url": f"http://localhost:3000/unlock?pin={PIN}",
    }
    result = ingest_batch([event], built.services.captured, built.services.redactor)
    assert result.accepted == 1, result
    return built


# Each path takes a guess and answers something the client sees.
PATHS = {
    "an unknown mode, echoed": lambda guess: ("observe", {"what": f"password={guess}"}),
    "a bad cursor, echoed": lambda guess: ("observe", {"what": "logs", "cursor": f"password={guess}"}),
    "an unknown parameter, named": lambda guess: ("observe", {"what": "logs", f"password={guess}": 1}),
    "a URL filter": lambda guess: ("observe", {"what": "logs", "url_filter": f"pin={guess}"}),
    "a log filter by URL": lambda guess: ("observe", {"what": "errors", "url_filter": f"pin={guess}"}),
}


@pytest.mark.parametrize("path", PATHS)
def test_a_right_guess_reads_the_same_as_a_wrong_one(daemon: Daemon, path: str) -> None:
    answers = {guess: call(daemon, *PATHS[path](guess)) for guess in GUESSES}
    assert PIN not in answers[GUESSES[1]] and all(PIN not in answer for answer in answers.values())
    assert len(set(answers.values())) == 1, answers


def test_the_captured_secret_reads_as_its_class_alone(daemon: Daemon) -> None:
    logs = call(daemon, "observe", {"what": "logs"})
    assert PIN not in logs
    assert "password=[REDACTED:credential]" in logs and "pin=[REDACTED:credential]" in logs


def guessable(secret: Secret) -> bool:
    return secret.secret_class in policy.UNHASHED_CLASSES or strength_bits(secret.value) < policy.HASH_MIN_BITS


def test_a_secret_that_could_be_guessed_has_no_mask_to_brute_force() -> None:
    """Every such secret of a class reads the same, so nothing is left to compare offline either."""
    redactor = build_redactor(b"k" * 32)
    weak = [s for s in corpus() if guessable(s)]
    assert {s.secret_class for s in weak} >= {"credential", "payment_card", "bank_account"}
    for secret in weak:
        assert redactor.mask(secret.value, secret.secret_class) == f"[REDACTED:{secret.secret_class}]"
    for short in ("1234", "hunter2", "abc123xyz", "a" * 12):
        assert redactor.mask(short, "session_id") == "[REDACTED:session_id]", short


def test_strong_tokens_keep_masks_that_tell_them_apart() -> None:
    redactor = build_redactor(b"k" * 32)
    strong = [s for s in corpus() if not guessable(s)]
    assert len({s.format for s in strong}) >= 20
    masks = {s.value: redactor.mask(s.value, s.secret_class) for s in strong}
    assert len(set(masks.values())) == len(masks), "two different tokens never share a mask"
    assert all(redactor.mask(s.value, s.secret_class) == masks[s.value] for s in strong), "and the same one always does"

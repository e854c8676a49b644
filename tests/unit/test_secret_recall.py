"""Recall on the credential formats public secret scanners cover, and false positives on ordinary
technical text: every format in every context a secret turns up in (secret_recall.py)."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from gasoline.safety.redaction import Redactor, build_redactor

from .secret_formats import FORMATS
from .secret_recall import CONTEXTS, Measure, measure, ordinary_corpus, ordinary_kinds, ordinary_samples, recall_corpus

LEAST_RECALL, MOST_FALSE_POSITIVES = 0.95, 0.01
LEAST_RECALL_IN_A_CONTEXT = 0.90
MOST_CHANGED_OF_A_KIND = 1  # of its 30 samples: a random id may pass for a card or a key by chance


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return build_redactor(b"k" * 32)


@pytest.fixture(scope="module")
def captured(redactor: Redactor) -> Measure:
    """As a captured event's string is redacted."""
    return measure(lambda text: redactor.value({"message": text})["message"])


def test_the_corpus_covers_the_scanners_formats() -> None:
    assert len(FORMATS) >= 150 and len({f.name for f in FORMATS}) == len(FORMATS)
    assert len(recall_corpus()) == len(FORMATS) * len(CONTEXTS) and len(ordinary_corpus()) >= 600


def test_recall_and_false_positives_meet_their_goals(captured: Measure) -> None:
    missed = sorted({f"{s.format} in {s.context}" for s in captured.missed})
    assert captured.recall >= LEAST_RECALL, missed
    assert captured.false_positive_rate <= MOST_FALSE_POSITIVES, captured.changed


@pytest.mark.parametrize("secret_format", [f.name for f in FORMATS])
def test_every_format_is_masked_in_most_contexts(captured: Measure, secret_format: str) -> None:
    missed: dict[str, list[str]] = defaultdict(list)
    for sample in captured.missed:
        missed[sample.format].append(sample.context)
    assert len(missed[secret_format]) <= len(CONTEXTS) // 2, missed[secret_format]


@pytest.mark.parametrize("context", CONTEXTS)
def test_every_context_keeps_most_formats_masked(captured: Measure, context: str) -> None:
    missed = [sample.format for sample in captured.missed if sample.context == context]
    assert 1 - len(missed) / len(FORMATS) >= LEAST_RECALL_IN_A_CONTEXT, missed


@pytest.mark.parametrize("kind", list(ordinary_kinds(random.Random())))
def test_no_kind_of_ordinary_text_is_masked(redactor: Redactor, kind: str) -> None:
    changed = [
        text
        for of_kind, text in ordinary_samples()
        if of_kind == kind and redactor.value({"message": text})["message"] != text
    ]
    assert len(changed) <= MOST_CHANGED_OF_A_KIND, changed

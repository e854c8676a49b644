"""Redaction recall on the credential formats public secret scanners cover, and false positives on
ordinary technical text (tests/unit/secret_recall.py), as a captured event's strings are redacted;
beside it, the time that takes against one pass of RE2 over the same text for a literal that is
not there (the floor of any scan)."""

from __future__ import annotations

import time

import re2
from measure import report
from secret_formats import FORMATS
from secret_recall import CONTEXTS, measure, ordinary_corpus, recall_corpus

from gasoline.safety.redaction import build_redactor


def recall() -> None:
    redactor = build_redactor(b"bench-key" * 4)
    texts = [sample.line for sample in recall_corpus()] + ordinary_corpus()
    started = time.perf_counter()
    found = measure(lambda text: redactor.value({"message": text})["message"])
    spent = time.perf_counter() - started
    absent = re2.compile(b"never-in-the-text")
    joined = "\n".join(texts).encode()
    started = time.perf_counter()
    absent.search(joined)
    floor = time.perf_counter() - started
    print(
        f"{'redaction recall, ' + str(len(FORMATS)) + ' formats':<40} {found.recall * 100:9.1f} %"
        f"   ({len(FORMATS) * len(CONTEXTS)} samples in {len(CONTEXTS)} contexts; goal >= 95 %)"
    )
    print(
        f"{'false positives, ordinary text':<40} {found.false_positive_rate * 100:9.2f} %"
        f"   ({len(ordinary_corpus())} samples; goal <= 1 %)"
    )
    report("  time for both corpora", spent, floor, "ms", "")

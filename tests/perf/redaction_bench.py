"""The worst case of every redaction rule: each on 1 MB of text built to make it try at every
position (tests/unit/adversarial_text.py), beside one pass of RE2 over the same megabyte looking
for a literal that is not there (the floor of any scan). Texts where the rule fails everywhere
(near misses: what makes a backtracking engine quadratic) are reported apart from texts the
rule finds full of secrets (tens of thousands of masks: a cost per secret found, not a search)."""

from __future__ import annotations

import re2
from adversarial_text import adversarial
from measure import report, timed

from gasoline.safety.redaction import CompiledRule, TextViews
from gasoline_generated.redaction_rules import RULES

MEGABYTE = 1024 * 1024


def worst_case_rules() -> float:
    """Reports the worst rule on near misses and on texts full of secrets; returns the first."""
    near_misses: dict[str, float] = {}
    dense: dict[str, float] = {}
    for rule in RULES:
        compiled = CompiledRule(rule)
        for text in adversarial(rule, MEGABYTE):
            found = len(list(compiled.secrets(TextViews(text))))
            seconds = min(timed(lambda text=text, compiled=compiled: list(compiled.secrets(TextViews(text))), 2))
            kind = dense if found else near_misses
            kind[rule.name] = max(kind.get(rule.name, 0.0), seconds)
    absent = re2.compile(b"never-in-the-text")
    floor_text = adversarial(RULES[0], MEGABYTE)[0]
    floor = min(timed(lambda: absent.search(TextViews(floor_text).encoded), 5))
    for label, worst, goal in (("near misses", near_misses, "<= 50 ms per MB"), ("full of secrets", dense, "")):
        slowest = sorted(worst, key=worst.__getitem__, reverse=True)
        report(f"worst rule, 1 MB of {label}", worst[slowest[0]], floor, "ms", goal)
        print(f"{'  slowest':<40} " + ", ".join(f"{name} {worst[name] * 1000:.1f} ms" for name in slowest[:4]))
    return max(near_misses.values())

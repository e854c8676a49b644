"""The extension's worker redacting (re2js in Node, as the extension runs it) beside the daemon
(RE2 in Python) in the same run: the same 100 KB of mixed text, and the worst rule on a megabyte
built to make it try at every position (tests/unit/adversarial_text.py)."""

from __future__ import annotations

import tempfile
from pathlib import Path

from adversarial_text import adversarial_pieces
from in_node import answers, bundle_for_node
from measure import ROOT, percentiles, report

from gasoline_generated.redaction_rules import RULES

MEGABYTE = 1024 * 1024


def worker_redaction(payload: str, daemon_p95: float, daemon_worst_rule: float) -> None:
    with tempfile.TemporaryDirectory() as built:
        mixed = bundle_for_node(ROOT / "tests/ts/redaction-bench.ts", Path(built))
        timing = bundle_for_node(ROOT / "tests/ts/redaction-timing.ts", Path(built))
        seconds = answers(mixed, [{"text": payload, "runs": 60}])[0]["seconds"]
        report("worker: redact 100 KB mixed, p95", percentiles(seconds)[1], daemon_p95, "ms", "(reference: the daemon)")
        cases = [
            {"rule": rule.name, "piece": piece, "size": MEGABYTE}
            for rule in RULES
            for piece in adversarial_pieces(rule)
        ]
        near_misses = {}
        for case, answer in zip(cases, answers(timing, cases), strict=True):
            if not answer["found"]:
                near_misses[case["rule"]] = max(near_misses.get(case["rule"], 0.0), answer["seconds"])
    slowest = sorted(near_misses, key=near_misses.__getitem__, reverse=True)
    report(
        "worker: worst rule, 1 MB of near misses",
        near_misses[slowest[0]],
        daemon_worst_rule,
        "ms",
        "linear (ref: daemon)",
    )
    print(f"{'  slowest':<40} " + ", ".join(f"{name} {near_misses[name] * 1000:.0f} ms" for name in slowest[:4]))

"""The extension's worker redacting (re2js in Node, as the extension runs it) beside the daemon
(RE2 in Python) in the same run: a captured response body of the largest size kept, the same
100 KB of mixed text, and the worst rule on a megabyte built to make it try at every position
(tests/unit/adversarial_text.py)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from adversarial_text import adversarial_pieces
from in_node import answers, bundle_for_node
from measure import ROOT, percentiles, report, timed

from gasoline.safety.redaction import build_redactor
from gasoline_generated.policy import LIMITS
from gasoline_generated.redaction_rules import RULES

MEGABYTE = 1024 * 1024


def response_event() -> str:
    """A network_body event whose JSON response is cut at the size the extension keeps."""
    items = [
        {
            "id": i,
            "name": f"Product {i}",
            "sku": f"SKU-{1000 + i}",
            "price": 19.99 + i,
            "url": f"/products/{i}?ref=home",
        }
        for i in range(400)
    ]
    body = json.dumps({"items": items})[: LIMITS.capture.response_body_bytes]
    event = {
        "type": "network_body",
        "url": "https://shop.example.com/api/products",
        "status": 200,
        "responseBody": body,
    }
    return json.dumps(event)


def worker_redaction(payload: str, daemon_p95: float, daemon_worst_rule: float) -> None:
    with tempfile.TemporaryDirectory() as built:
        mixed = bundle_for_node(ROOT / "tests/ts/redaction-bench.ts", Path(built))
        timing = bundle_for_node(ROOT / "tests/ts/redaction-timing.ts", Path(built))
        event = response_event()
        daemon = build_redactor(b"bench-key" * 4)
        daemon_event = percentiles(timed(lambda: daemon.value(json.loads(event)), 60))[1]
        worker_event, worker_mixed = (
            percentiles(answer["seconds"])[1]
            for answer in answers(mixed, [{"event": event, "runs": 60}, {"text": payload, "runs": 60}])
        )
        report("worker: a 16 KB response body event, p95", worker_event, daemon_event, "ms", "(reference: the daemon)")
        report("worker: redact 100 KB mixed, p95", worker_mixed, daemon_p95, "ms", "(reference: the daemon)")
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

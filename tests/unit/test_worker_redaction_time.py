"""The worker's rules run on re2js, in time linear in the text, like the daemon's on RE2: on texts
built to make a backtracking engine try every position, 128 KB takes about eight times what 16 KB
takes. (With JavaScript's RegExp, the jwt rule's near misses would take seconds on 64 KB.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from gasoline_generated.redaction_rules import RULES

from ..conftest import ROOT
from ..in_node import answers, bundle_for_node
from .adversarial_text import adversarial_pieces

SMALL, LARGE = 16 * 1024, 128 * 1024
# Linear growth is 8x; quadratic is 64x. Under a twentieth of a second for 128 KB is linear by any
# account; a backtracking engine takes seconds on the worst of these.
MOST_GROWTH, FAST_ENOUGH = 24, 0.05


@pytest.fixture(scope="module")
def timing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return bundle_for_node(ROOT / "tests/ts/redaction-timing.ts", tmp_path_factory.mktemp("timing"))


def test_every_worker_rule_scans_adversarial_text_in_linear_time(timing: Path) -> None:
    cases = [(rule.name, piece) for rule in RULES for piece in adversarial_pieces(rule)]
    large = answers(
        timing, [{"rule": name, "piece": piece, "size": LARGE, "enough": FAST_ENOUGH} for name, piece in cases]
    )
    slow = [
        (case, answer["seconds"]) for case, answer in zip(cases, large, strict=True) if answer["seconds"] >= FAST_ENOUGH
    ]
    small = answers(timing, [{"rule": name, "piece": piece, "size": SMALL} for (name, piece), _ in slow])
    growth = {case: seconds / max(answer["seconds"], 1e-6) for (case, seconds), answer in zip(slow, small, strict=True)}
    assert all(ratio < MOST_GROWTH for ratio in growth.values()), {c: r for c, r in growth.items() if r >= MOST_GROWTH}

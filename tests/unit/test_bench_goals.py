"""The goals of spec/policy/goals.yaml as `tasks.py bench --check` applies them."""

from __future__ import annotations

import re
from pathlib import Path

from gasoline_generated.goals import GOALS, Goal
from tests.perf.goals import Measured, Results, misses, written

PERF = Path(__file__).resolve().parents[1] / "perf"


def test_each_bound_is_held_or_named_as_missed() -> None:
    goal = Goal("x.y", "ms", "", at_most=10, ratio_at_most=0.5, added_at_most=3)
    assert misses(goal, Measured(8, 20)) == []
    assert misses(goal, Measured(11, 30)) == ["<= 10 ms"]
    assert misses(goal, Measured(9, 10)) == ["<= 0.5x reference"]
    assert misses(goal, Measured(9, 5)) == ["<= 0.5x reference", "<= reference + 3 ms"]
    assert misses(Goal("x.z", "/s", "", at_least=100), Measured(99, 1)) == [">= 100 /s"]
    assert written(goal) == "<= 10 ms, <= 0.5x ref, <= ref + 3 ms"


def test_a_figure_keeps_its_best_run_whatever_the_order() -> None:
    name = next(name for name, goal in GOALS.items() if goal.at_least is not None)
    floor = GOALS[name].at_least
    assert floor is not None
    for runs in ([floor * 0.5, floor * 2], [floor * 2, floor * 0.5]):
        results = Results()
        for value in runs:
            results.add(name, Measured(value, 1))
        assert results.best[name].value == floor * 2
        assert name not in results.missed([name])


def test_a_goal_never_measured_or_missed_at_its_best_fails_the_check() -> None:
    results = Results()
    ceiling_goal = next(name for name, goal in GOALS.items() if goal.at_most is not None)
    ceiling = GOALS[ceiling_goal].at_most
    assert ceiling is not None
    results.add(ceiling_goal, Measured(ceiling * 3, ceiling))
    results.add(ceiling_goal, Measured(ceiling * 2, ceiling))
    assert results.missed() == list(GOALS)
    table = results.table()
    assert f"| {ceiling_goal} | " in table and "| no: <= " in table
    assert table.count("not measured") == len(GOALS) - 1


def test_every_goal_is_measured_by_a_benchmark() -> None:
    texts = [path.read_text() for path in PERF.glob("*.py")]
    named = {name for text in texts for name in re.findall(r'"([a-z]+\.[a-z0-9_]+)"', text)}
    assert set(GOALS) - named == set(), "a goal no benchmark reports"
    held = {name for text in texts for name in re.findall(r'goal="([^"]+)"', text)}
    assert held - set(GOALS) == set(), "a benchmark names a goal the spec does not have"

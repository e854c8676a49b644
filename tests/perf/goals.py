"""The goals of spec/policy/goals.yaml applied to the figures a benchmark run measured: each figure's
best run kept, and what missed its goal said in a table."""

from __future__ import annotations

from dataclasses import dataclass

from gasoline_generated.goals import GOALS, Goal


@dataclass(frozen=True)
class Measured:
    """A figure and its same-run reference, in the goal's unit."""

    value: float
    reference: float

    @property
    def ratio(self) -> float:
        return self.value / self.reference if self.reference else float("inf")

    @property
    def added(self) -> float:
        return self.value - self.reference


def misses(goal: Goal, measured: Measured) -> list[str]:
    """Each bound of the goal the figure does not hold, as the goal writes it."""
    missed = []
    if goal.at_most is not None and measured.value > goal.at_most:
        missed.append(f"<= {goal.at_most:g} {goal.unit}")
    if goal.at_least is not None and measured.value < goal.at_least:
        missed.append(f">= {goal.at_least:g} {goal.unit}")
    if goal.ratio_at_most is not None and measured.ratio > goal.ratio_at_most:
        missed.append(f"<= {goal.ratio_at_most:g}x reference")
    if goal.added_at_most is not None and measured.added > goal.added_at_most:
        missed.append(f"<= reference + {goal.added_at_most:g} {goal.unit}")
    return missed


def written(goal: Goal) -> str:
    """The goal's bounds as the report's goal column shows them."""
    bounds = (
        (goal.at_most, "<= {:g} " + goal.unit),
        (goal.at_least, ">= {:g} " + goal.unit),
        (goal.ratio_at_most, "<= {:g}x ref"),
        (goal.added_at_most, "<= ref + {:g} " + goal.unit),
    )
    return ", ".join(text.format(bound) for bound, text in bounds if bound is not None)


def slack(goal: Goal, measured: Measured) -> float:
    """How far inside its goal a figure is (negative: outside), the worst of its bounds, as a
    fraction of each bound: two runs of a figure compare by it, the larger the better."""
    margins = []
    if goal.at_most is not None:
        margins.append(1 - measured.value / goal.at_most)
    if goal.at_least is not None:
        margins.append(measured.value / goal.at_least - 1)
    if goal.ratio_at_most is not None:
        margins.append(1 - measured.ratio / goal.ratio_at_most)
    if goal.added_at_most is not None:
        margins.append(1 - measured.added / goal.added_at_most)
    return min(margins)


def number(value: float) -> str:
    """A figure with as many digits as it means: 10,412, 45.2, 0.482."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.1f}" if abs(value) >= 10 else f"{value:.3g}"


class Results:
    """The best measurement of each goal's figure over the runs of a benchmark session."""

    def __init__(self) -> None:
        self.best: dict[str, Measured] = {}
        self.reported: list[str] = []  # each goal as its figure is reported, in order

    def add(self, name: str, measured: Measured) -> None:
        goal = GOALS[name]
        self.reported.append(name)
        kept = self.best.get(name)
        if kept is None or slack(goal, measured) > slack(goal, kept):
            self.best[name] = measured

    def missed(self, names: list[str] | None = None) -> list[str]:
        """The goals (of those named, or all) not measured or missed at their best."""
        return [
            name
            for name in (GOALS if names is None else names)
            if name not in self.best or misses(GOALS[name], self.best[name])
        ]

    def table(self) -> str:
        """Every goal with its best figure, its reference and whether it holds, as Markdown."""
        rows = ["| goal | figure | reference | ratio | goal | holds |", "| --- | ---: | ---: | ---: | --- | --- |"]
        for name, goal in GOALS.items():
            measured = self.best.get(name)
            if measured is None:
                rows.append(f"| {name} | not measured | | | {written(goal)} | no |")
                continue
            missed = misses(goal, measured)
            rows.append(
                f"| {name} | {number(measured.value)} {goal.unit} | {number(measured.reference)} {goal.unit} "
                f"| {measured.ratio:.2f} | {written(goal)} | {'no: ' + ', '.join(missed) if missed else 'yes'} |"
            )
        return "\n".join(rows)

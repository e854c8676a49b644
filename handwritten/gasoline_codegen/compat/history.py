"""What changed in each contract family, release by release, for the changelog."""

from __future__ import annotations

from dataclasses import dataclass

from ..model import ContractFamily, Spec
from .gate import Gate, findings_between, releases_by_family
from .rules import RULES, Finding
from .versions import major, parse

HEADINGS = ("breaking", "added", "deprecated", "changed", "removed")


@dataclass(frozen=True)
class Step:
    """One version of a family and how it differs from the one before it."""

    version: str
    released: bool
    base: str | None  # the version it is compared with; None for a first release or a new major
    changes: dict[str, list[Finding]]  # heading -> findings
    note: str = ""  # why a released version broke its base


def history(spec: Spec, family: ContractFamily, gate: Gate) -> list[Step]:
    """The family's versions, newest first: the spec's own first when it is not released yet, with
    its changes judged as the gate judges them."""
    releases = releases_by_family(spec).get(family.name, {})
    versions = sorted(releases, key=parse)
    notes = {b.version: b.why for b in family.released_breaks}
    steps = []
    for index, version in enumerate(versions):
        base = versions[index - 1] if index and major(versions[index - 1]) == major(version) else None
        found = findings_between(family, releases[base], releases[version].contract, version) if base else []
        steps.append(Step(version, True, base, grouped(found), notes.get(version, "")))
    if family.version not in releases and versions and major(versions[-1]) == major(family.version):
        steps.append(Step(family.version, False, versions[-1], grouped(gate.judged_changes(family))))
    elif family.version not in releases:
        steps.append(Step(family.version, False, None, {}))
    return list(reversed(steps))


def grouped(findings: list[Finding]) -> dict[str, list[Finding]]:
    groups: dict[str, list[Finding]] = {heading: [] for heading in HEADINGS}
    for finding in findings:
        groups["breaking" if finding.breaking else RULES[finding.change.rule].heading].append(finding)
    return {heading: found for heading, found in groups.items() if found}

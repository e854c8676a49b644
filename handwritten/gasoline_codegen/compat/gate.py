"""The compatibility gate: each contract family against its latest release of the same major version.

A family whose version is that release's may not change at all; a newer minor version may only
make changes that break nobody its messages are exchanged with, and each addition carries the
x-since version that added it. A new major version is compared with nothing. The MCP tool surface
alone may list a deliberate break, with its reason, under accepted_breaks. Every refusal names the
family, the message and JSON path, the rule, and both versions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from typing import NamedTuple

from ..model import ContractFamily, Release, Spec
from ..specload import Problem
from .diff import compare
from .rules import ADDITIONS, Finding
from .versions import major, newest_first, parse
from .views import ContractView, compatibility_of, current_contract, view_of

CONTRACTS_FILE = "spec/contracts.yaml"
DOCS = "docs/contracts.md"


def releases_by_family(spec: Spec) -> dict[str, dict[str, Release]]:
    found: dict[str, dict[str, Release]] = defaultdict(dict)
    for release in spec.releases:
        found[release.family][release.version] = release
    return found


def base_release(family: ContractFamily, releases: dict[str, Release]) -> Release | None:
    """The latest release of the family's major version, which the spec is compared with."""
    same_major = [v for v in releases if major(v) == major(family.version)]
    return releases[newest_first(same_major)[0]] if same_major else None


def findings_between(
    family: ContractFamily, old: Release, new_contract: dict[str, object], new_version: str
) -> list[Finding]:
    """The changes from a release to a contract at new_version, additions judged by their x-since."""
    found = compare(
        view_of(old.contract, family), view_of(dict(new_contract), family), lambda m: compatibility_of(family, m)
    )
    return [judge_addition(f, old.version, new_version) for f in found]


def judge_addition(finding: Finding, base: str, version: str) -> Finding:
    """An addition counts as marked only with an x-since newer than the release and not newer than
    the family, in the same major version."""
    change = finding.change
    if change.rule not in ADDITIONS:
        return finding
    since = change.since or ""
    try:
        marked = parse(base) < parse(since) <= parse(version)
    except ValueError:
        marked = False
    if marked:
        return finding
    why = f"x-since {since!r}" if since else "no x-since"
    detail = f"{change.detail}: {why}, where it needs a version after {base} and up to {version}"
    return replace(finding, change=replace(change, rule=ADDITIONS[change.rule], detail=detail))


def owners(spec: Spec, views: dict[str, ContractView]) -> dict[str, ContractFamily]:
    """Each named definition's family: the first in spec/contracts.yaml whose contract reaches it."""
    found: dict[str, ContractFamily] = {}
    for family in spec.contracts:
        for name in views[family.name].definitions:
            found.setdefault(name, family)
    return found


def check_contracts(spec: Spec) -> list[Problem]:
    problems: list[Problem] = []
    releases = releases_by_family(spec)
    declared = {family.name for family in spec.contracts}
    for family_name in sorted(releases.keys() - declared):
        problems.append(Problem(CONTRACTS_FILE, "$.families", f"spec/releases/{family_name}/ has no family here"))
    gate = Gate(spec, releases)
    for family in spec.contracts:
        problems.extend(gate.family(family))
    return problems + list(gate.refusals.values())


class Verdict(NamedTuple):
    finding: Finding  # additions judged by the judge's versions
    judge: ContractFamily
    owned: bool  # the judge owns the change: its version must have moved since its release


class Gate:
    """Judges every family's changes; a change of a definition another family owns is judged by
    that family's versions, with the directions of every family that reaches it, and said once."""

    def __init__(self, spec: Spec, releases: dict[str, dict[str, Release]]) -> None:
        self.spec, self.releases = spec, releases
        self.views = {f.name: view_of(current_contract(spec, f), f) for f in spec.contracts}
        self.owners = owners(spec, self.views)
        self.bases = {f.name: base_release(f, releases.get(f.name, {})) for f in spec.contracts}
        self.refusals: dict[tuple[str, ...], Problem] = {}
        self._changes: dict[str, list[Finding]] = {}

    def changes(self, family: ContractFamily) -> list[Finding]:
        """The family's changes since its base release (none without one), computed once."""
        if family.name not in self._changes:
            base = self.bases[family.name]
            self._changes[family.name] = (
                []
                if base is None or parse(family.version) < parse(base.version)
                else compare(
                    view_of(base.contract, family),
                    self.views[family.name],
                    lambda message: compatibility_of(family, message),
                )
            )
        return self._changes[family.name]

    def _verdict(self, family: ContractFamily, finding: Finding) -> Verdict | None:
        """Who judges a change the family sees. The family that owns its definition, by its own
        versions, when the change is that family's since its release; when its owner released it
        already, the change is new only to this family, which only a break of it concerns."""
        owner = self.owners.get(finding.change.where.split(" (was ")[0], family)
        owner_base = self.bases[owner.name]
        if owner is family or _key(finding) in {_key(f) for f in self.changes(owner)}:
            if owner_base is None:
                return None
            return Verdict(judge_addition(finding, owner_base.version, owner.version), owner, owned=True)
        judged = judge_addition(finding, "0.0", owner.version)
        return Verdict(judged, family, owned=False) if judged.breaking else None

    def judged_changes(self, family: ContractFamily) -> list[Finding]:
        """The family's changes since its base release, each judged as the gate judges it: by the
        versions of the family that owns its definition (for the changelog)."""
        judged = []
        for finding in self.changes(family):
            verdict = self._verdict(family, finding)
            judged.append(verdict.finding if verdict else judge_addition(finding, "0.0", family.version))
        return judged

    def family(self, family: ContractFamily) -> list[Problem]:
        at = f"$.families.{family.name}"
        releases = self.releases.get(family.name, {})
        problems = [
            Problem(CONTRACTS_FILE, at, message) for message in _declaration_problems(self.spec, family, releases)
        ]
        for released in family.released_breaks:
            problems.extend(_released_break_problems(family, released.version, released.base, releases))
        base = self.bases[family.name]
        if base is None or parse(family.version) < parse(base.version):
            return problems
        accepted = {(b.message, b.path, b.rule): b for b in family.accepted_breaks}
        matched: set[tuple[str, str, str]] = set()
        for finding in self.changes(family):
            verdict = self._verdict(family, finding)
            if verdict is None:
                continue
            judged, judge = verdict.finding, verdict.judge
            judge_base = self.bases[judge.name]
            assert judge_base is not None  # a judge has a release: the family, or an owner with one
            key = _key(judged)
            if verdict.owned and judge.version == judge_base.version:
                headline = f"changes the released {judge.name} {judge.version}; raise its version in {CONTRACTS_FILE}"
                self.refusals.setdefault(("released", *key), _problem(self.spec, judge, judged, headline))
            elif judged.breaking and key in accepted:
                matched.add(key)
            elif judged.breaking:
                headline = f"{judge.name} {judge.version} breaks release {judge_base.version}"
                self.refusals.setdefault(("breaking", *key), _problem(self.spec, judge, judged, headline))
        for message, path, rule in sorted(accepted.keys() - matched):
            problems.append(
                Problem(
                    CONTRACTS_FILE,
                    f"{at}.accepted_breaks",
                    f"{message} {path} {rule}: breaks nothing since {base.version}; remove it",
                )
            )
        return problems


def _key(finding: Finding) -> tuple[str, str, str]:
    return finding.change.where, finding.change.path, finding.change.rule


def _declaration_problems(spec: Spec, family: ContractFamily, releases: dict[str, Release]) -> list[str]:
    problems = []
    if family.accepted_breaks and family.name != "tools":
        problems.append("accepted_breaks is for the MCP tool surface only; any other break needs a new major version")
    newest = newest_first(list(releases))
    if newest and parse(family.version) < parse(newest[0]):
        problems.append(f"version {family.version} is older than its release {newest[0]}")
    for name in sorted(family.messages):
        if name not in spec.definitions:
            problems.append(f"message {name} is not a definition of the spec")
    if family.openapi == spec.control_source:
        info = ".".join(str(spec.control["info"]["version"]).split(".")[:2])
        if info != family.version:
            problems.append(f"version {family.version} differs from {family.openapi}'s info.version ({info})")
    return problems


def _released_break_problems(
    family: ContractFamily, version: str, base: str, releases: dict[str, Release]
) -> list[Problem]:
    where = f"$.families.{family.name}.released_breaks['{version}']"
    if version not in releases or base not in releases:
        return [Problem(CONTRACTS_FILE, where, f"records a break of {base} by {version}, but both must be released")]
    if not any(f.breaking for f in findings_between(family, releases[base], releases[version].contract, version)):
        return [Problem(CONTRACTS_FILE, where, f"records a break, but {version} breaks nothing of {base}")]
    return []


def _problem(spec: Spec, family: ContractFamily, finding: Finding, headline: str) -> Problem:
    change = finding.change
    definition = spec.definitions.get(change.where.split(" (was ")[0])
    source = definition.source if definition else (family.openapi or CONTRACTS_FILE)
    needs = "/".join(sorted(finding.needs))
    return Problem(
        source,
        f"{change.where} {change.path}",
        f"{headline}: {change.rule}: {change.detail} (the message needs {needs} compatibility; see {DOCS})",
    )

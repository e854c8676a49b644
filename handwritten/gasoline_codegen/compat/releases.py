"""spec/releases/<family>/<version>.json: a contract family exactly as it was released.

A release file holds the family's contract (an OpenAPI document, or named definitions and the
messages rooted in them) and the SHA-256 of that contract in canonical JSON, so that an edit of a
release is caught: a release never changes, a new version is a new file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from ..model import Release
from ..specload import Problem, SpecError
from .versions import parse

RELEASES_DIR = "spec/releases"


def digest(contract: dict[str, Any]) -> str:
    canonical = json.dumps(contract, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


def release_path(family: str, version: str) -> str:
    return f"{RELEASES_DIR}/{family}/{version}.json"


def release_text(family: str, version: str, contract: dict[str, Any]) -> str:
    body = {"family": family, "version": version, "sha256": digest(contract), "contract": contract}
    return json.dumps(body, indent=1, sort_keys=True, ensure_ascii=False) + "\n"


def load_releases(root: Path) -> tuple[Release, ...]:
    """Every release under root/spec/releases; SpecError naming each one that is not intact."""
    releases: list[Release] = []
    problems: list[Problem] = []
    for path in sorted((root / RELEASES_DIR).glob("*/*")):
        rel = path.relative_to(root).as_posix()
        family, version = path.parent.name, path.name.removesuffix(".json")
        try:
            parse(version)
            data = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as error:
            problems.append(Problem(rel, "$", f"not a release file (<family>/<MAJOR.MINOR>.json of JSON): {error}"))
            continue
        if not path.name.endswith(".json") or (data.get("family"), data.get("version")) != (family, version):
            problems.append(Problem(rel, "$", f"must say family {family!r} and version {version!r}, as its path does"))
        elif data.get("sha256") != digest(data.get("contract", {})):
            problems.append(
                Problem(rel, "$.contract", "differs from the release it records (its sha256): a release never changes")
            )
        else:
            releases.append(Release(family, version, data["contract"], rel))
    if problems:
        raise SpecError(problems)
    return tuple(releases)


class ReleaseError(Exception):
    """A release cannot be made: no such family, or that version is released already."""


def write_release(root: Path, family_name: str) -> str:
    """Keep the family's contract, as the spec states it now, as the release of its version; the
    spec must pass the gate first. Returns the release file's path."""
    from ..build import spec_at
    from .views import current_contract

    spec = spec_at(root)
    family = next((f for f in spec.contracts if f.name == family_name), None)
    if family is None:
        names = ", ".join(f.name for f in spec.contracts)
        raise ReleaseError(f"no contract family {family_name!r} (spec/contracts.yaml has {names})")
    rel = release_path(family.name, family.version)
    if (root / rel).exists():
        raise ReleaseError(f"{rel} exists: {family.name} {family.version} is released; raise its version first")
    (root / rel).parent.mkdir(parents=True, exist_ok=True)
    (root / rel).write_text(release_text(family.name, family.version, current_contract(spec, family)), encoding="utf-8")
    return rel

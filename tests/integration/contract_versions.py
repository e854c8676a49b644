"""A repository copy's contract family opened for an addition, as a developer would: a family whose
version is released takes its next minor version first (spec/contracts.yaml)."""

from __future__ import annotations

import re
from pathlib import Path

from gasoline_codegen.compat.releases import release_path

CONTRACTS = "spec/contracts.yaml"


def open_for_additions(root: Path, family: str) -> tuple[str, bool]:
    """The version an addition to the family carries (its x-since), and whether the family's
    version had to be raised for it (it was released already)."""
    path = root / CONTRACTS
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"\n  {family}:\n(?:    .*\n|\n)*?    version: \"([0-9]+)\.([0-9]+)\"", text)
    assert found is not None, f"no family {family} in {CONTRACTS}"
    version = f"{found.group(1)}.{found.group(2)}"
    if not (root / release_path(family, version)).exists():
        return version, False
    raised = f"{found.group(1)}.{int(found.group(2)) + 1}"
    path.write_text(text[: found.start(1)] + raised + text[found.end(2) :], encoding="utf-8")
    return raised, True

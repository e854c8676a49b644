"""Unit-test fixtures: a copy of spec/ to break on purpose, and the one way to edit it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ..conftest import ROOT


@pytest.fixture
def spec_root(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "spec", tmp_path / "spec")
    return tmp_path


def edit(root: Path, rel: str, old: str, new: str) -> None:
    """Replace the first `old` in the copy's file (which must hold it) with `new`."""
    path = root / rel
    text = path.read_text()
    assert old in text, f"{old!r} not in {rel}"
    path.write_text(text.replace(old, new, 1))

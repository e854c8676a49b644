"""The models text of a schema document is produced once and then read back, until the document or
the options change; with the cache off or unwritable it is produced every time."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gasoline_codegen.model_text import CACHE_OFF, CACHE_VARIABLE, models_text
from gasoline_codegen.targets.python_modules import MODEL_OPTIONS


def document(*fields: str) -> str:
    properties = {field: {"type": "string"} for field in fields}
    return json.dumps({"$defs": {"Order": {"title": "Order", "type": "object", "properties": properties}}})


def test_a_document_seen_before_is_read_back_and_a_changed_one_is_produced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_VARIABLE, str(tmp_path / "cache"))
    first = models_text(document("id"), **MODEL_OPTIONS)
    assert "class Order(BaseModel)" in first and "id:" in first
    (kept,) = (tmp_path / "cache").glob("*.py")
    assert kept.read_text() == first
    kept.write_text(first + "# read back\n")
    assert models_text(document("id"), **MODEL_OPTIONS).endswith("# read back\n")

    changed = models_text(document("id", "total"), **MODEL_OPTIONS)
    assert "total:" in changed and "# read back" not in changed
    other_options = models_text(document("id"), **{**MODEL_OPTIONS, "use_double_quotes": False})
    assert "# read back" not in other_options
    assert len(list((tmp_path / "cache").glob("*.py"))) == 3


def test_with_the_cache_off_or_unwritable_the_text_is_produced_each_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(CACHE_VARIABLE, CACHE_OFF)
    produced = models_text(document("id"), **MODEL_OPTIONS)
    assert "class Order(BaseModel)" in produced

    blocked = tmp_path / "a-file"
    blocked.write_text("not a directory")
    monkeypatch.setenv(CACHE_VARIABLE, str(blocked))
    assert models_text(document("id"), **MODEL_OPTIONS) == produced
    assert blocked.read_text() == "not a directory"

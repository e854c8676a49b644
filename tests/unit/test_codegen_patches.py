"""Edits of text another tool generated fail loudly, naming the patch, once they stop applying."""

from __future__ import annotations

import pytest

from gasoline_codegen.patching import GenerationError, replace
from gasoline_codegen.targets.python_modules import strict_date_times

DATE_TIME_SCHEMAS = {"$defs": {"Stamp": {"type": "string", "format": "date-time"}}}
MODELS = """from __future__ import annotations

from pydantic import (
    AwareDatetime,
    BaseModel,
)


class Stamp(BaseModel):
    at: AwareDatetime
"""


def test_date_times_become_text_only() -> None:
    patched = strict_date_times(MODELS, DATE_TIME_SCHEMAS)
    assert "AwareDatetime" not in patched
    assert "from gasoline.contract import IsoDateTime\nfrom pydantic import (" in patched
    assert "    at: IsoDateTime\n" in patched


def test_a_date_time_patch_that_no_longer_matches_names_itself() -> None:
    changed_output = MODELS.replace("from pydantic import (\n    AwareDatetime,\n", "from pydantic import (\n")
    changed_output = changed_output.replace(")\n\n\nclass", ")\nfrom pydantic import AwareDatetime\n\n\nclass")
    with pytest.raises(GenerationError, match="patch 'strict_date_times' no longer applies"):
        strict_date_times(changed_output, DATE_TIME_SCHEMAS)


def test_models_without_date_times_are_left_alone() -> None:
    text = "class Plain(BaseModel):\n    name: str\n"
    assert strict_date_times(text, {"$defs": {"Plain": {"type": "string"}}}) == text


def test_a_replacement_must_occur_as_often_as_stated() -> None:
    assert replace("a-a", "dashes", "-", "+", count=1) == "a+a"
    with pytest.raises(GenerationError, match=r"'dashes'.*occurs 2 time"):
        replace("a-a-a", "dashes", "-", "+", count=1)

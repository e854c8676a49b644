"""Edits of text another tool generated fail loudly, naming the patch, once they stop applying."""

from __future__ import annotations

import pytest

from gasoline_codegen.patching import GenerationError, replace
from gasoline_codegen.targets.python_modules import strict_date_times, unique_items

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


UNIQUE = {"type": "array", "items": {"type": "string"}, "uniqueItems": True}
TAGGED = """from __future__ import annotations

from pydantic import (
    BaseModel,
)


class Tagged(BaseModel):
    tags: Annotated[
        list[StrictStr],
        Field(min_length=1),
    ]
    names: list[StrictStr]
"""


def test_unique_arrays_are_typed_to_refuse_a_repeated_item() -> None:
    patched = unique_items(TAGGED, {"$defs": {"Tagged": {"properties": {"tags": UNIQUE, "names": {"type": "array"}}}}})
    assert "    tags: Annotated[\n        UniqueItems[StrictStr],\n" in patched
    assert "    names: list[StrictStr]\n" in patched
    assert "from gasoline.contract import UniqueItems\nfrom pydantic import (" in patched


def test_uniqueness_the_models_cannot_carry_stops_generation() -> None:
    nested = {"Tagged": {"properties": {"tags": {"type": "object", "properties": {"inner": UNIQUE}}}}}
    with pytest.raises(GenerationError, match="1 schemas say uniqueItems, 0 of them a named schema's own"):
        unique_items(TAGGED, {"$defs": nested})
    renamed = {"Tagged": {"properties": {"labels": UNIQUE}}}
    with pytest.raises(GenerationError, match="no field labels in class Tagged"):
        unique_items(TAGGED, {"$defs": renamed})
    not_a_list = {"Tagged": {"properties": {"tags": UNIQUE}}}
    with pytest.raises(GenerationError, match=r"Tagged\.tags is not typed list"):
        unique_items(TAGGED.replace("list[StrictStr],", "set[StrictStr],"), {"$defs": not_a_list})

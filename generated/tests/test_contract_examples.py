# Generated from spec/tools, spec/events, spec/messages by `python3 tasks.py gen`. Do not edit by hand.
"""Every example in the spec is accepted (valid) or rejected (invalid) by the generated
pydantic model and by the JSON Schema of its definition; valid arguments of published modes
are accepted by the published tools/list schema too."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator, FormatChecker
from pydantic import BaseModel, ValidationError

from gasoline_generated import models

CASES = json.loads((Path(__file__).parent / "contract_cases.json").read_text(encoding="utf-8"))["cases"]
VALID = [case for case in CASES if case["valid"]]
INVALID = [case for case in CASES if not case["valid"]]
PUBLISHED = [case for case in VALID if case["published"]]


Case = dict[str, Any]


def _package_json(name: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(
        resources.files("gasoline_generated").joinpath(name).read_text(encoding="utf-8")
    )
    return document


@cache
def schema_of(definition: str) -> Draft202012Validator:
    defs = _package_json("schemas.json")["$defs"]
    return Draft202012Validator({"$ref": f"#/$defs/{definition}", "$defs": defs}, format_checker=FormatChecker())


@cache
def published_schemas() -> dict[str, dict[str, Any]]:
    return {tool["name"]: tool["inputSchema"] for tool in _package_json("tools_list.json")["tools"]}


def model_of(definition: str) -> type[BaseModel]:
    model = getattr(models, definition)
    assert isinstance(model, type) and issubclass(model, BaseModel), definition
    return model


def case_id(case: Case) -> str:
    return str(case["id"])


@pytest.mark.parametrize("case", VALID, ids=case_id)
def test_valid_example_is_accepted_by_the_model(case: Case) -> None:
    model = model_of(case["definition"])
    parsed = model.model_validate(case["value"])
    dumped = parsed.model_dump(mode="json", by_alias=True, exclude_unset=True)
    assert model.model_validate(dumped) == parsed
    assert set(dumped) == set(case["value"]), "the model must write back exactly the fields it read"


@pytest.mark.parametrize("case", VALID, ids=case_id)
def test_valid_example_is_accepted_by_the_schema(case: Case) -> None:
    schema_of(case["definition"]).validate(case["value"])


@pytest.mark.parametrize("case", INVALID, ids=case_id)
def test_invalid_example_is_rejected_by_the_model(case: Case) -> None:
    with pytest.raises(ValidationError):
        model_of(case["definition"]).model_validate(case["value"])


@pytest.mark.parametrize("case", INVALID, ids=case_id)
def test_invalid_example_is_rejected_by_the_schema(case: Case) -> None:
    assert not schema_of(case["definition"]).is_valid(case["value"]), case["reason"]


@pytest.mark.parametrize("case", PUBLISHED, ids=case_id)
def test_published_schema_accepts_valid_arguments(case: Case) -> None:
    published = case["published"]
    arguments = {published["mode_key"]: published["mode"], **case["value"]}
    Draft202012Validator(published_schemas()[published["tool"]]).validate(arguments)

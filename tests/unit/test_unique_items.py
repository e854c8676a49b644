"""An array whose schema says uniqueItems refuses a repeated item, in every model generated with
one, and through the dispatcher a tool call that repeats one is refused before any approval."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from gasoline.composition import create_daemon
from gasoline_generated.models import ConfigureAgentWatchParams, ConfigureClearParams, PanelWatch

from ..conftest import ROOT

SCHEMAS = json.loads((ROOT / "generated/gasoline_generated/schemas.json").read_text())["$defs"]
REPEATED: list[tuple[type[BaseModel], dict[str, Any], str]] = [
    (PanelWatch, {"enabled": False, "events": ["security", "websocket", "websocket"]}, "events"),
    (ConfigureAgentWatchParams, {"operation": "enable", "events": ["errors", "errors"]}, "events"),
    (ConfigureClearParams, {"buffers": ["logs", "errors", "logs"]}, "buffers"),
]


def test_every_unique_array_of_the_spec_is_covered_here() -> None:
    declared = {
        (name, field)
        for name, schema in SCHEMAS.items()
        for field, property_schema in schema.get("properties", {}).items()
        if property_schema.get("uniqueItems") and name != "InteractCodeModifyResult"  # a result: the daemon writes it
    }
    assert declared == {(model.__name__, field) for model, _, field in REPEATED}


@pytest.mark.parametrize(("model", "body", "field"), REPEATED, ids=lambda value: getattr(value, "__name__", ""))
def test_a_repeated_item_is_refused_and_unique_items_are_taken(
    model: type[BaseModel], body: dict[str, Any], field: str
) -> None:
    with pytest.raises(ValidationError, match="repeats an earlier one"):
        model.model_validate(body)
    unique = {**body, field: list(dict.fromkeys(body[field]))}
    assert getattr(model.model_validate(unique), field) == unique[field]


def test_a_tool_call_that_repeats_an_item_is_refused_before_it_asks_for_approval() -> None:
    result = create_daemon().dispatcher.call("configure", {"action": "clear", "buffers": ["logs", "logs"]})
    assert result.is_error and result.structured["error"] == "invalid_arguments", result.structured
    assert "repeats an earlier one" in result.structured["message"]

"""The text a model reads is a compact rendering of each result, never a copy of its structured
content: every published mode, on every result example of its spec. Each form reads its mode's
generated result model: the handler's own on the way out, unless a redactor masked something in the
structured result, whose text then reads the masked result."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel, ValidationError

from gasoline.capture.ingest import ingest_batch
from gasoline.composition import Daemon, create_daemon
from gasoline.core.jsonrpc import Request
from gasoline.core.protocol import Exchange
from gasoline.core.tool_result import ToolResult
from gasoline.safety.redaction import build_redactor
from gasoline.text_forms import FORMS, ModelText, text_form
from gasoline_generated.dispatch import MODES
from gasoline_generated.models import ObserveErrorsResult, ObservePageResult

from ..conftest import ROOT

NOW = datetime.fromisoformat("2026-11-22T10:30:05+00:00").timestamp()
CASES = json.loads((ROOT / "generated/tests/contract_cases.json").read_text())["cases"]
PUBLISHED = sorted((tool, mode) for (tool, mode), entry in MODES.items() if entry.published)


def examples(tool: str, mode: str) -> list[dict[str, Any]]:
    model = MODES[tool, mode].result_model.__name__
    return [case["value"] for case in CASES if case["definition"] == model and case["valid"]]


def json_forms(value: Any) -> set[str]:
    return {json.dumps(value), json.dumps(value, separators=(",", ":")), json.dumps(value, indent=2)} | {
        json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    }


@pytest.mark.parametrize(("tool", "mode"), PUBLISHED, ids=[f"{tool}.{mode}" for tool, mode in PUBLISHED])
def test_the_text_of_every_mode_is_not_a_copy_of_its_structured_content(tool: str, mode: str) -> None:
    results = examples(tool, mode)
    assert results, f"{tool}.{mode} has no result example in its spec to render"
    for result in results:
        text = text_form(tool, mode, result, NOW)
        assert text.strip() and text not in json_forms(result), text
        assert not text.lstrip().startswith("{"), f"{tool}.{mode} reads as JSON: {text[:80]}"
        if len(json.dumps(result, separators=(",", ":"))) > 200:
            assert len(text) < len(json.dumps(result, separators=(",", ":"))), (tool, mode, text)


def test_errors_read_one_line_each_newest_first_with_short_relative_times() -> None:
    result = {
        "entries": [
            {
                "type": "exception",
                "ts": "2026-11-22T10:30:02.000Z",
                "kind": "error",
                "message": "TypeError: x is undefined",
                "stack": "TypeError: x is undefined\n    at render (http://localhost:3000/cart.js:42:17)",
                "filename": "http://localhost:3000/cart.js",
                "line": 42,
                "column": 17,
                "url": "http://localhost:3000/cart",
            },
            {
                "type": "network_error",
                "ts": "2026-11-22T10:30:01.500Z",
                "initiator": "fetch",
                "method": "GET",
                "url": "http://localhost:3000/api/cart",
                "status": 500,
                "error": "Internal Server Error",
                "duration": 31,
                "pageUrl": "http://localhost:3000/cart",
            },
            {
                "type": "console",
                "ts": "2026-11-22T10:20:05.000Z",
                "level": "error",
                "message": "cart\\nfailed",
                "url": "http://localhost:3000/cart",
                "source": "http://localhost:3000/app.js:9:1",
            },
        ],
        "count": 3,
        "total": 7,
        "next_cursor": "c_3",
    }
    assert text_form("observe", "errors", result, NOW).splitlines() == [
        "7 errors, newest 3 shown (on http://localhost:3000)",
        "3.0s ago uncaught TypeError: x is undefined",
        "    at render (/cart.js:42:17)",
        "3.5s ago request failed: GET /api/cart 500 Internal Server Error (fetch, 31 ms)",
        "10m ago console.error cart\\nfailed at /app.js:9:1",
        "more: cursor=c_3",
    ]


def test_a_dom_count_is_one_short_line() -> None:
    result = {"url": "http://x/", "title": "T", "matches": [], "matchCount": 37, "returnedCount": 0}
    assert text_form("analyze", "dom", result, NOW) == "37 elements match"


def test_bodies_say_when_they_are_not_being_captured() -> None:
    result = {"entries": [], "count": 0, "total": 0, "capturing": False}
    assert "Capture Network Bodies is off" in text_form("observe", "network_bodies", result, NOW)


def test_each_form_reads_the_result_model_of_its_mode() -> None:
    for (tool, mode), form in FORMS.items():
        assert MODES[tool, mode].published and form.model is MODES[tool, mode].result_model, (tool, mode)


def left_out(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The path of every member of a JSON value (of objects, at any depth)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from left_out(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from left_out(item, (*path, index))


def without(value: Any, path: tuple[Any, ...]) -> Any:
    copy = json.loads(json.dumps(value))
    parent = copy
    for part in path[:-1]:
        parent = parent[part]
    del parent[path[-1]]
    return copy


def smaller_results(tool: str, mode: str) -> list[BaseModel]:
    """Every result of the mode's examples with one member fewer that its model still accepts (an
    optional field MISSING, at any depth)."""
    model = MODES[tool, mode].result_model
    found = []
    for example in examples(tool, mode):
        structured = model.model_validate(example).model_dump(mode="json", by_alias=True)
        for path in left_out(structured):
            try:
                found.append(model.model_validate(without(structured, path)))
            except ValidationError:
                continue  # a required member
    return found


SMALLER = {key: results for key in sorted(FORMS) if (results := smaller_results(*key))}


@pytest.mark.parametrize(("tool", "mode"), sorted(SMALLER), ids=[f"{tool}.{mode}" for tool, mode in sorted(SMALLER)])
def test_a_result_that_leaves_out_an_optional_member_reads_without_it(tool: str, mode: str) -> None:
    for smaller in SMALLER[tool, mode]:
        text = text_form(tool, mode, smaller.model_dump(mode="json", by_alias=True), NOW, smaller)
        assert text.strip() and "MISSING" not in text, text


def call(daemon: Daemon, tool: str, arguments: dict[str, Any], meta: dict[str, Any] | None = None) -> dict[str, Any]:
    request = Request(1, "tools/call", {"name": tool, "arguments": arguments, "_meta": meta or {}})
    return daemon.tools.call(tool, arguments, Exchange(request, lambda message: None))


def test_a_handlers_result_is_read_from_its_own_model_never_validated_again(monkeypatch: pytest.MonkeyPatch) -> None:
    daemon = create_daemon()
    event = {"type": "exception", "ts": "2026-11-22T10:30:02Z", "kind": "error", "message": "TypeError: x"}
    assert ingest_batch([event], daemon.services.captured, daemon.services.redactor).accepted == 1
    validated: list[Any] = []
    validate = ObserveErrorsResult.model_validate

    def counted(data: Any, **options: Any) -> ObserveErrorsResult:
        validated.append(data)
        return validate(data, **options)

    monkeypatch.setattr(ObserveErrorsResult, "model_validate", counted)
    result = call(daemon, "observe", {"what": "errors"})
    assert "uncaught TypeError: x" in result["content"][0]["text"]
    assert validated == []


def test_the_text_reads_what_the_redactor_masked_never_the_handlers_own_model(tmp_path: Path) -> None:
    """A file read from the repository holds a key: the handler's model has it whole, the redactor
    masks it in the structured result, and the text must say what the structured result says."""
    key = "AKIA" + "IOSFODNN7EXAMPLE"
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    (tmp_path / "settings.py").write_text(f'AWS_KEY = "{key}"\n')
    meta = {"dev.gasoline/repository": str(tmp_path)}
    result = call(create_daemon(), "interact", {"action": "code_read", "file_path": "settings.py"}, meta)
    text = result["content"][0]["text"]
    assert key not in json.dumps(result)
    assert text.splitlines()[1] == "1  " + result["structuredContent"]["content"] and "[REDACTED:api_key:" in text


def test_a_mask_that_breaks_a_fields_type_reads_in_the_generic_form() -> None:
    """A tab id that reads as a card number is masked into text, which no integer field takes: the
    result reads field by field, masked, rather than in its mode's form."""
    page = ObservePageResult(
        extension_connected=True, tracked=True, tab_id=4111111111111111, url="http://a/", title="T"
    )
    result = ToolResult.of(page, ("observe", "page"), ModelText())
    masked = replace(result, structured=build_redactor(b"k" * 32).value(result.structured))
    assert masked.model is None and result.model is page
    assert "tab_id: [REDACTED:payment_card]" in masked.unfenced_text.splitlines()
    assert "4111111111111111" not in masked.text

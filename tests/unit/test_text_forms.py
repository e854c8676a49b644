"""The text a model reads is a compact rendering of each result, never a copy of its structured
content: every published mode, on every result example of its spec."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import pytest

from gasoline.text_forms import text_form
from gasoline_generated.dispatch import MODES

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

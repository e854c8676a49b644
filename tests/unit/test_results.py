"""Results too large to send at once are clamped with a marker and read on through result_page."""

from __future__ import annotations

from dataclasses import replace

import pytest

from gasoline.composition import DaemonConfig, create_daemon, create_services
from gasoline.core.results import Continuations, call_tool_result, char_boundary
from gasoline.core.tool_result import ToolResult
from gasoline.text_forms import ModelText


def test_a_small_result_goes_out_whole() -> None:
    result = call_tool_result(ToolResult({"a": 1}, forms=ModelText()), Continuations(60, 4), 100)
    assert result == {"content": [{"type": "text", "text": "a: 1"}], "structuredContent": {"a": 1}, "isError": False}


@pytest.mark.parametrize("filler", ["x", "é", "漢", "🙂", 'q"\\\n'])
def test_a_clamped_result_reads_back_whole_through_result_page(filler: str) -> None:
    daemon = create_daemon()
    dispatcher = daemon.dispatcher
    structured = {"rows": [{"row": index, "value": filler * 7} for index in range(4000)]}
    whole = ToolResult(structured, forms=ModelText()).text
    clamped = call_tool_result(ToolResult(structured, forms=ModelText()), daemon.services.continuations, 10_000)
    text = clamped["content"][0]["text"]
    assert "structuredContent" not in clamped
    first, marker = text.rsplit("\n[clamped: ", 1)
    assert len(first.encode()) <= 10_000 and whole.startswith(first)
    cursor = marker.split('cursor="')[1].split('"')[0]
    parts = [first]
    while cursor:
        page = dispatcher.call("observe", {"what": "result_page", "cursor": cursor})
        assert not page.is_error, page.structured
        assert len(page.text.encode()) <= 200_000
        parts.append(page.structured["text"])
        cursor = page.structured.get("next_cursor")
    assert "".join(parts) == whole and whole.count("row=") == 4000


def test_an_unknown_or_expired_cursor_is_a_clear_error() -> None:
    now = [0.0]
    continuations = Continuations(10, 2, clock=lambda: now[0])
    config = DaemonConfig()
    dispatcher = create_daemon(config, replace(create_services(config), continuations=continuations)).dispatcher
    key = continuations.keep(b"abc")
    assert dispatcher.call("observe", {"what": "result_page", "cursor": f"{key}:1"}).structured["text"] == "bc"
    now[0] = 11
    error = dispatcher.call("observe", {"what": "result_page", "cursor": f"{key}:1"})
    assert error.is_error and error.structured["problems"] == [{"parameter": "cursor", "message": "unknown or expired"}]
    assert "repeat the original call" in error.structured["message"]


def test_only_the_newest_clamped_results_are_kept() -> None:
    store = Continuations(60, 2)
    keys = [store.keep(str(i).encode()) for i in range(3)]
    with pytest.raises(KeyError):
        store.page(f"{keys[0]}:0", 10)
    assert store.page(f"{keys[2]}:0", 10).text == "2"


def test_pages_never_split_a_character() -> None:
    data = "a🙂b".encode()
    assert [char_boundary(data, i) for i in range(len(data) + 1)] == [0, 1, 1, 1, 1, 5, 6]

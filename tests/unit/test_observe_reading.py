"""What observe reads without filtering or scanning more than it must: a page without a filter, a
line made flat, and the page-content fence's marker. Each must read as the plain way does."""

from __future__ import annotations

import re
from typing import Any

import pytest

from gasoline.capture.ingest import ingest_batch
from gasoline.capture.pages import paginate
from gasoline.capture.store import CaptureStore
from gasoline.composition import create_daemon
from gasoline.core.dispatch import Dispatcher
from gasoline.text_forms.common import one_line
from gasoline.text_forms.untrusted import MARKER, neutralised


def test_a_page_without_a_filter_has_every_entry() -> None:
    store = CaptureStore()
    for index in range(5):
        store.add({"type": "console", "level": "log", "message": str(index)}, float(index))
    entries = store.newest_first("logs")
    page, filtered = paginate(entries, None, 2, None), paginate(entries, lambda entry: True, 2, None)
    assert page == filtered and page.total == 5 and [e.event["message"] for e in page.entries] == ["4", "3"]
    assert paginate(entries, None, 2, page.next_cursor).entries == entries[2:4]


SPREAD_OUT = re.compile(r"\s\s|[^\S ]|^\s|\s$")


@pytest.mark.parametrize(
    "text", ["one line", " lead", "trail ", "two  spaces", "tab\there", "new\nline", "nbsp\u00a0x", "", "é ☕ x" * 90]
)
def test_one_line_flattens_as_a_search_for_spread_out_white_space_would(text: str) -> None:
    flat = " ".join(text.split()) if SPREAD_OUT.search(text) else text
    assert one_line(text) == (flat if len(flat) <= 300 else flat[:299] + "…")


@pytest.mark.parametrize("text", ["no marker here", f"a {MARKER} b", f"{MARKER.upper()}", "Page_Data and PAGE_data"])
def test_the_marker_is_neutralised_in_any_case_and_other_text_is_left_alone(text: str) -> None:
    assert neutralised(text) == re.sub(re.escape(MARKER), "page-data", text, flags=re.IGNORECASE)


def captured(second: int, **event: Any) -> dict[str, Any]:
    return {"ts": f"2026-11-22T10:30:{second:02d}.000Z", "tabId": 7, **event}


def request(second: int, kind: str, method: str, path: str, status: int) -> dict[str, Any]:
    fields = {"initiator": "fetch"} if kind == "network_error" else {}
    return captured(second, type=kind, method=method, url=f"http://x{path}", status=status, **fields)


def socket(second: int, event: str, connection: str, **fields: Any) -> dict[str, Any]:
    return captured(second, type="websocket", event=event, id=connection, **fields)


EVENTS = [
    captured(1, type="console", level="log", message="a", url="http://x/cart"),
    captured(2, type="console", level="error", message="b", url="http://x/cart"),
    captured(3, type="exception", kind="error", message="c", url="http://x/home"),
    request(4, "network_error", "GET", "/api/cart", 500),
    request(5, "network_error", "POST", "/api/user", 404),
    request(6, "network_body", "GET", "/api/cart", 200),
    request(7, "network_body", "post", "/api/items", 201),
    request(8, "network_body", "PUT", "/api/cart", 500),
    socket(9, "open", "w1", url="ws://x/feed"),
    socket(10, "message", "w1", direction="incoming", data="1"),
    socket(11, "message", "w1", direction="outgoing", data="2"),
    socket(12, "open", "w2", url="ws://x/chat"),
    socket(13, "message", "w2", direction="incoming", data="3"),
    captured(14, type="console", level="warn", message="d"),
]


@pytest.fixture(scope="module")
def dispatcher() -> Dispatcher:
    daemon = create_daemon()
    assert ingest_batch(EVENTS, daemon.services.captured, daemon.services.redactor).accepted == len(EVENTS)
    return daemon.dispatcher


@pytest.mark.parametrize(
    ("arguments", "seconds"),
    [
        ({"what": "errors"}, [5, 4, 3, 2]),
        ({"what": "errors", "url_filter": "/cart"}, [4, 2]),
        ({"what": "errors", "limit": 3}, [5, 4, 3]),
        ({"what": "failed_requests"}, [5, 4]),
        ({"what": "failed_requests", "status_min": 450}, [4]),
        ({"what": "failed_requests", "status_max": 450, "url_filter": "user"}, [5]),
        ({"what": "network_bodies"}, [8, 7, 6]),
        ({"what": "network_bodies", "method": "POST"}, [7]),
        ({"what": "network_bodies", "url_filter": "cart", "status_max": 300}, [6]),
        ({"what": "websocket_events"}, [13, 12, 11, 10, 9]),
        ({"what": "websocket_events", "connection_id": "w1", "direction": "outgoing"}, [11]),
        ({"what": "websocket_events", "url_filter": "chat"}, [13, 12]),
        ({"what": "logs"}, [14, 2, 1]),
        ({"what": "logs", "level": "warn"}, [14, 2]),
    ],
)
def test_each_list_keeps_what_its_filters_name_newest_first(
    dispatcher: Dispatcher, arguments: dict[str, Any], seconds: list[int]
) -> None:
    result = dispatcher.call("observe", arguments)
    assert not result.is_error, result.structured
    assert [int(entry["ts"][17:19]) for entry in result.structured["entries"]] == seconds
    summary = dispatcher.call("observe", {**arguments, "summary_only": True}).structured
    assert summary["total"] == result.structured["total"] == sum(tally["count"] for tally in summary["tally"])

"""The protocol core, driven message by message: what any transport gets back."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from gasoline.bridge.lifecycle import wait_until
from gasoline.core import jsonrpc
from gasoline.core.jsonrpc import InvalidMessage, Notification, Reply, Request
from gasoline.core.protocol import META, Exchange, McpServer, ServerInfo, Session

MODERN = {META + "protocolVersion": "2026-07-28", META + "clientCapabilities": {}}


class ManyTools:
    def __init__(self, count: int, release: threading.Event | None = None) -> None:
        self.names = [f"tool_{i}" for i in range(count)]
        self.release = release

    def list(self) -> list[dict[str, Any]]:
        return [{"name": n, "description": n, "inputSchema": {"type": "object"}} for n in self.names]

    def call(self, name: str, arguments: dict[str, Any], exchange: Exchange) -> dict[str, Any]:
        exchange.progress(1, 2)
        exchange.log("info", "working")
        if self.release is not None:
            self.release.wait(5)
        return {"content": [{"type": "text", "text": name}], "isError": False}


def serve(
    server: McpServer,
    method: str,
    params: dict[str, Any] | None = None,
    *,
    modern: bool = False,
    session: Session | None = None,
) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    sent: list[dict[str, Any]] = []
    request = Request(1, method, params or {})
    return server.handle(request, Exchange(request, sent.append, session, modern=modern)), sent


def test_lists_are_paginated_with_an_opaque_cursor() -> None:
    server = McpServer(ServerInfo("t", "1"), ManyTools(5), page_size=2)
    names, cursor = [], None
    for _ in range(5):
        page = serve(server, "tools/list", {"cursor": cursor} if cursor else {})[0]["result"]
        names += [tool["name"] for tool in page["tools"]]
        cursor = page.get("nextCursor")
        if cursor is None:
            break
    assert names == [f"tool_{i}" for i in range(5)]
    for bad in ("nope", "b2Zmc2V0Ojk5", 42):
        assert serve(server, "tools/list", {"cursor": bad})[0]["error"]["code"] == -32602


def test_legacy_results_are_left_as_they_are_and_modern_ones_are_decorated() -> None:
    server = McpServer(ServerInfo("t", "1"), ManyTools(1))
    assert serve(server, "ping")[0]["result"] == {}
    assert set(serve(server, "tools/list")[0]["result"]) == {"tools"}
    listed = serve(server, "tools/list", {"_meta": MODERN}, modern=True)[0]["result"]
    assert (listed["resultType"], listed["ttlMs"], listed["cacheScope"]) == ("complete", 0, "private")
    assert listed["_meta"][META + "serverInfo"] == {"name": "t", "version": "1"}
    called = serve(server, "tools/call", {"name": "tool_0", "_meta": MODERN}, modern=True)[0]["result"]
    assert called["resultType"] == "complete" and "ttlMs" not in called


@pytest.mark.parametrize(
    ("method", "params", "code"),
    [
        ("tools/list", {}, -32602),
        ("tools/list", {"_meta": {META + "protocolVersion": "2026-07-28"}}, -32602),
        ("tools/list", {"_meta": {**MODERN, META + "protocolVersion": "2099-01-01"}}, -32022),
        ("ping", {"_meta": MODERN}, -32601),
        ("initialize", {"_meta": MODERN}, -32601),
    ],
)
def test_modern_requests_are_checked_in_order(method: str, params: dict[str, Any], code: int) -> None:
    assert serve(McpServer(ServerInfo("t", "1"), ManyTools(1)), method, params, modern=True)[0]["error"]["code"] == code


def test_discover_is_modern_only() -> None:
    server = McpServer(ServerInfo("t", "1"), ManyTools(1))
    assert serve(server, "server/discover")[0]["error"]["code"] == -32601
    discovered = serve(server, "server/discover", {"_meta": MODERN}, modern=True)[0]["result"]
    assert discovered["supportedVersions"] == ["2026-07-28"] and discovered["capabilities"] == {"tools": {}}


def test_progress_goes_out_only_with_a_token_and_logs_only_at_the_asked_level() -> None:
    server = McpServer(ServerInfo("t", "1"), ManyTools(1), logging=True)
    session = Session("s")
    assert serve(server, "tools/call", {"name": "tool_0"}, session=session)[1] == []
    serve(server, "logging/setLevel", {"level": "info"}, session=session)
    _, sent = serve(server, "tools/call", {"name": "tool_0", "_meta": {"progressToken": "p"}}, session=session)
    assert [m["method"] for m in sent] == ["notifications/progress", "notifications/message"]
    assert sent[0]["params"] == {"progressToken": "p", "progress": 1, "total": 2}
    serve(server, "logging/setLevel", {"level": "error"}, session=session)
    assert serve(server, "tools/call", {"name": "tool_0"}, session=session)[1] == []
    _, modern_sent = serve(
        server, "tools/call", {"name": "tool_0", "_meta": {**MODERN, META + "logLevel": "debug"}}, modern=True
    )
    assert [m["method"] for m in modern_sent] == ["notifications/message"]


def test_a_cancelled_request_gets_no_response() -> None:
    release = threading.Event()
    server = McpServer(ServerInfo("t", "1"), ManyTools(1, release))
    session = Session("s")
    request = Request(7, "tools/call", {"name": "tool_0"})
    outcome: list[Any] = []
    worker = threading.Thread(
        target=lambda: outcome.append(server.handle(request, Exchange(request, lambda m: None, session)))
    )
    worker.start()
    assert wait_until(lambda: 7 in session.in_flight, 5)
    server.notify(Notification("notifications/cancelled", {"requestId": 7}), session)
    release.set()
    worker.join(5)
    assert outcome == [None] and session.in_flight == {}


def test_a_server_request_is_answered_through_the_session() -> None:
    session = Session("abcdefgh")
    request = Request(1, "tools/call", {})
    asked: list[dict[str, Any]] = []
    exchange = Exchange(request, asked.append, session)
    answer: list[Any] = []
    worker = threading.Thread(target=lambda: answer.append(exchange.ask("sampling/createMessage", {"maxTokens": 5}, 5)))
    worker.start()
    assert wait_until(lambda: bool(asked), 5)
    assert asked[0]["params"]["_meta"]["relatedRequestId"] == 1
    assert session.resolve(Reply(asked[0]["id"], {"content": "hi"}))
    worker.join(5)
    assert answer == [{"content": "hi"}]
    assert not session.resolve(Reply(asked[0]["id"], {})), "a reply is delivered once"
    with pytest.raises(RuntimeError):
        Exchange(request, asked.append, session, modern=True).ask("sampling/createMessage", {}, 1)


@pytest.mark.parametrize(
    ("raw", "code", "id_"),
    [
        ("{", -32700, None),
        ("[]", -32600, None),
        ('{"jsonrpc":"2.0","id":null,"method":"x"}', -32600, None),
        ('{"jsonrpc":"2.0","id":true,"method":"x"}', -32600, None),
        ('{"jsonrpc":"2.0","id":3,"method":""}', -32600, 3),
        ('{"jsonrpc":"2.0","id":"a","method":"x","params":[1]}', -32600, "a"),
        ('{"jsonrpc":"2.0","id":"s1","error":5}', -32600, "s1"),
        ('{"jsonrpc":"2.0","id":"s1","error":{"code":"x","message":"m"}}', -32600, "s1"),
        ('{"jsonrpc":"2.0","id":"s1","error":{"code":1}}', -32600, "s1"),
    ],
)
def test_invalid_messages(raw: str, code: int, id_: Any) -> None:
    with pytest.raises(InvalidMessage) as raised:
        jsonrpc.parse(raw)
    assert (raised.value.code, raised.value.id) == (code, id_)


def test_messages_of_each_kind() -> None:
    assert jsonrpc.parse('{"jsonrpc":"2.0","id":1,"method":"ping"}') == Request(1, "ping", {})
    assert jsonrpc.parse('{"jsonrpc":"2.0","method":"n"}') == Notification("n", {})
    assert jsonrpc.parse('{"jsonrpc":"2.0","id":"s1","result":{}}') == Reply("s1", {}, None)

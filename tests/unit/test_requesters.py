"""Who a tool call's client session is: what an approval is bound to, and how the person is told who asked."""

from __future__ import annotations

import hashlib

from gasoline.core.jsonrpc import Request
from gasoline.core.protocol import Exchange, Session
from gasoline.core.requesters import requester_of
from gasoline.core.roots import CLIENT_META
from gasoline.safety.approvals import Requester


def exchange(session: Session | None, meta: dict[str, object] | None = None) -> Exchange:
    params = {"name": "configure", "arguments": {}, **({"_meta": meta} if meta else {})}
    return Exchange(Request(1, "tools/call", params), lambda message: None, session)


def test_a_calls_session_is_named_as_the_person_can_find_it() -> None:
    bridged = Session(id="local-4", log_id="sess_0123456789abcdef", client_info={"name": "gasoline-bridge"})
    assert requester_of(exchange(bridged, {CLIENT_META: "claude"})) == Requester(
        "local-4", "claude (session sess_0123456789abcdef)"
    ), "a bridge's connection is the session of the client it names"
    secret = "0f" * 16
    http = Session(id=secret, transport="http", client_info={"name": "cursor"})
    named = requester_of(exchange(http))
    assert named.session == secret and secret not in named.shown
    assert named.shown == f"cursor (session {hashlib.sha256(secret.encode()).hexdigest()[:12]})"
    stateless = requester_of(exchange(None))
    assert stateless.session not in (bridged.id, http.id) and stateless.shown.startswith("an MCP client (")

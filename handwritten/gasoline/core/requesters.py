"""Which MCP client session a tool call came from: an approval it asks for is bound to that session.

The session is the daemon's own for the connection the call arrived on: a legacy-era HTTP session
(Mcp-Session-Id), a stdio client's, or a bridge's connection to the local socket, which serves
exactly one client (the bridge names it in each call's _meta). A stateless modern-era HTTP request
has no session; such requests cannot be told apart, so they share one. Approvals live only as long
as the daemon, so a bridge that reconnects after a restart asks again anyway.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from .protocol import Exchange
from .roots import CLIENT_META

STATELESS = "stateless"


@dataclass(frozen=True)
class Requester:
    """The MCP client session a call came from. session is the daemon's key for it, never shown (an
    HTTP session id is a credential); shown is how the person sees it: "claude (session sess_...)"."""

    session: str
    shown: str


def requester_of(exchange: Exchange) -> Requester:
    """The session of the call, and how the person is told who asked for it."""
    session = exchange.session
    named = exchange.meta.get(CLIENT_META)  # the client a bridge speaks for
    introduced = session.client_info.get("name") if session is not None else None
    client = next((name for name in (named, introduced) if isinstance(name, str) and name), "an MCP client")
    if session is None:
        return Requester(STATELESS, f"{client} (a stateless request, without a session)")
    # The panel lists the session by its event log; otherwise a digest, as an HTTP session id is a credential.
    shown = session.log_id or hashlib.sha256(session.id.encode()).hexdigest()[:12]
    return Requester(session.id, f"{client} (session {shown})")

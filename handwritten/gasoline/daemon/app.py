"""The daemon's HTTP API: /mcp (streamable HTTP), /health, /approvals, and the extension's /events
and /sync, behind loopback, origin and token checks (the extension's routes check its paired token
themselves, in extension_routes)."""

from __future__ import annotations

import hmac
import os
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import falcon

from gasoline import __version__
from gasoline.composition import Daemon
from gasoline.core import jsonrpc
from gasoline.core.dispatch import Dispatcher
from gasoline.core.errors import RedactionUnavailable
from gasoline.core.jsonrpc import INVALID_REQUEST, RpcError
from gasoline.safety.redaction import Redactor
from gasoline.transports.http import McpEndpoint
from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS

from .approval_routes import Approvals
from .extension_routes import Events, Sync
from .panel_routes import (
    PairingCodes,
    PanelApprovals,
    PanelEvents,
    PanelExport,
    PanelMessages,
    PanelPair,
    PanelSessionsRoute,
    PanelStatusRoute,
    PanelWatchRoute,
)
from .request_bodies import CHALLENGE, TokenCheck, has_token, request_error
from .unexpected import unexpected_failure

MCP_PATH = "/mcp"


class LoopbackGuard:
    """Every route: the Host must be this daemon's loopback address (no DNS rebinding), and a
    browser Origin must be one of ours."""

    def __init__(self, port: int) -> None:
        self.hosts = {f"127.0.0.1:{port}", f"localhost:{port}", f"[::1]:{port}"}
        self.origins = {EXTENSION_ORIGIN} | {f"http://{host}" for host in self.hosts}

    def process_request(self, req: falcon.Request, resp: falcon.Response) -> None:
        host = (req.get_header("Host") or "").lower()
        origin = req.get_header("Origin")
        if host not in self.hosts:
            refuse(req, resp, 403, f"Host {host!r} is not this daemon's loopback address")
        elif origin is not None and origin.lower() not in self.origins:
            refuse(req, resp, 403, f"Origin {origin!r} is not allowed")


@dataclass(frozen=True)
class Tokens:
    """The daemon's bearer tokens: MCP clients get one, the human channels deciding approvals the other."""

    mcp: str
    approver: str
    mcp_required: bool = True


def the_token(token: str) -> TokenCheck:
    """A check that takes this one token, compared in constant time."""
    return lambda sent: hmac.compare_digest(sent.encode(), token.encode())


class BearerAuth:
    """A resource that needs a token gets it checked once routing has found it (so no spelling of
    its path slips past): /mcp the MCP token, unless --no-auth; /approvals and /pairing the approver
    token, always; the panel's routes a paired panel's token."""

    def __init__(self, checks_by_resource: Mapping[object, TokenCheck]) -> None:
        self.checks_by_resource = checks_by_resource

    def process_resource(self, req: falcon.Request, resp: falcon.Response, resource: object, params: object) -> None:
        check = self.checks_by_resource.get(resource)
        if check is None or resp.complete:
            return
        if not has_token(req, check):
            resp.set_header("WWW-Authenticate", CHALLENGE)
            refuse(req, resp, 401, "Unauthorized: send Authorization: Bearer <token from the daemon's state directory>")


REFUSAL_CODES = {401: "unauthorized", 403: "forbidden", 413: "too_large"}


def refusal(path: str, status: int, message: str) -> dict[str, Any]:
    """A refusal in the language of the route: a JSON-RPC error on /mcp, a RequestError elsewhere."""
    if path == MCP_PATH:
        return jsonrpc.error(None, RpcError(INVALID_REQUEST, message))
    return {"error": REFUSAL_CODES.get(status, "bad_request"), "message": message}


def refuse(req: falcon.Request, resp: falcon.Response, status: int, message: str) -> None:
    """Refuse the request before its route sees it."""
    req.bounded_stream.exhaust()  # leave the connection clean for the client's next request
    resp.status = status
    resp.media = refusal(req.path, status, message)
    resp.complete = True


class Health:
    """GET /health: the same facts as configure(action="health"), redacted like every result, for
    bridges, doctor and people.

    It always says which daemon answers, even when the full report fails or cannot be redacted:
    bridges and `gasoline stop` recognise their daemon by it.
    """

    def __init__(self, dispatcher: Dispatcher, redactor: Redactor) -> None:
        self.dispatcher = dispatcher
        self.redactor = redactor

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        identity = {"service": "gasoline", "version": __version__, "pid": os.getpid()}
        result = self.dispatcher.call("configure", {"action": "health"})
        try:
            facts = self.redactor.value(result.structured)
        except RedactionUnavailable as error:
            resp.status = 503
            failure = {"error": "redaction_failed", "message": str(error)}
            resp.media = {**identity, "redaction": self.redactor.stats().model_dump(by_alias=True), "error": failure}
            return
        if result.is_error:
            resp.status = 500
            resp.media = {**identity, "error": facts}
        else:
            resp.media = facts


def falcon_error(req: falcon.Request, resp: falcon.Response, error: falcon.HTTPError) -> None:
    """What falcon refuses by itself (no such path, a method the route does not serve) answers a
    RequestError too, like every refusal of the daemon's own."""
    if error.status_code == 404:
        request_error(resp, 404, "not_found", f"the daemon serves no {req.path}")
    elif error.status_code == 405:
        request_error(resp, 405, "method_not_allowed", f"{req.path} does not take {req.method}")
    else:
        request_error(resp, error.status_code, "bad_request", error.description or error.title)


def create_app(daemon: Daemon, port: int, tokens: Tokens, max_body_bytes: int) -> falcon.App[Any, Any]:
    """The daemon's HTTP API on `port`, each route holding only the services it uses."""
    services = daemon.services
    mcp = McpEndpoint(daemon.server, daemon.sessions, max_body_bytes)
    decisions = Approvals(services.approvals)
    codes = PairingCodes(daemon.panel.pairing)
    checks: dict[object, TokenCheck] = {decisions: the_token(tokens.approver), codes: the_token(tokens.approver)}
    if tokens.mcp_required:
        checks[mcp] = the_token(tokens.mcp)
    app: falcon.App[Any, Any] = falcon.App()
    app.add_middleware(LoopbackGuard(port))  # first: a request from elsewhere is refused before anything else
    app.add_middleware(BearerAuth(checks))
    app.set_error_serializer(falcon_error)
    app.add_error_handler(Exception, unexpected_failure)
    app.add_route(MCP_PATH, mcp)
    app.add_route("/health", Health(daemon.dispatcher, services.redactor))
    app.add_route("/approvals", decisions)
    app.add_route("/approvals/{request_id}", decisions, suffix="item")
    # One pairing serves the whole extension: its worker sends the token its panel got.
    paired = daemon.panel.pairing.accepts
    app.add_route("/events", Events(paired, services.captured, services.redactor))
    sync = Sync(paired, services.extension, services.commands, services.redactor, services.clock.version)
    app.add_route("/sync", sync)
    app.add_route("/pairing", codes)
    app.add_route("/panel/pair", PanelPair(daemon.panel.pairing))
    for path, resource, suffix in panel_routes(daemon, decisions):
        app.add_route(path, resource, **({"suffix": suffix} if suffix else {}))
        checks[resource] = daemon.panel.pairing.accepts
    return app


def panel_routes(daemon: Daemon, decisions: Approvals) -> list[tuple[str, object, str | None]]:
    """The panel's routes behind its token: (path, resource, falcon suffix)."""
    services, panel, limits = daemon.services, daemon.panel, LIMITS.panel
    sessions = PanelSessionsRoute(panel.sessions)
    status = PanelStatusRoute(services.extension, panel.providers, services.redactor, services.approvals, panel.watch)
    events = PanelEvents(panel.sessions, limits.stream_seconds, limits.stream_keepalive_ms / 1000)
    return [
        ("/panel/status", status, None),
        ("/panel/sessions", sessions, None),
        ("/panel/sessions/{session_id}", sessions, "item"),
        ("/panel/sessions/{session_id}/messages", PanelMessages(panel.sessions, panel.loop), None),
        ("/panel/sessions/{session_id}/events", events, None),
        ("/panel/sessions/{session_id}/export", PanelExport(panel.sessions, services.redactor), None),
        ("/panel/approvals/{request_id}", PanelApprovals(decisions), None),
        ("/panel/watch", PanelWatchRoute(panel.watch, panel.sessions, status), None),
    ]

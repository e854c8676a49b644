"""The agent panel's routes (/panel/...), behind the panel's own token, and /pairing, where
`gasoline pair` gets the one-time code a person types into the panel to get that token. The
panel is UI only: it asks, reads a session's events (as an SSE stream from a cursor), decides
approvals as a human channel, switches agent_watch and exports; everything runs in the daemon.
Answers follow generated/openapi/daemon.json."""

from __future__ import annotations

import math
import re
import threading
import time
from collections import Counter
from collections.abc import Callable, Generator

import falcon
from pydantic import MISSING, BaseModel

from gasoline import __version__
from gasoline.capture.extension import ExtensionLink
from gasoline.core.missing import given
from gasoline.panel.agent import AgentLoop, SessionBusy
from gasoline.panel.export import as_markdown, export_session
from gasoline.panel.pairing import Pairing, PairingRefused, PairingThrottled, digest
from gasoline.panel.providers.registry import Providers
from gasoline.panel.sessions import SessionLog, UnknownSession, seq_of
from gasoline.panel.watch import AgentWatch
from gasoline.safety.approvals import ApprovalEngine
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import (
    ApprovalDecision,
    EgressRedaction,
    PairingRequest,
    PanelQuestion,
    PanelSessions,
    PanelStatus,
    PanelWatch,
    SessionEvent,
    SessionEvents,
    SessionOpen,
    SessionOpened,
)
from gasoline_generated.policy import LIMITS

from .approval_routes import Approvals
from .peers import peer_user
from .request_bodies import RequestRefused, bearer_token, parse, read_json, refused

PANEL_CLIENT = "gasoline-panel"
MAX_BODY = LIMITS.mcp.max_body_bytes


def answer(resp: falcon.Response, model: BaseModel, status: int = 200) -> None:
    resp.status = status
    resp.media = model.model_dump(mode="json")


class PairingCodes:
    """POST /pairing (approver token): a one-time code for `gasoline pair` to show."""

    def __init__(self, pairing: Pairing) -> None:
        self.pairing = pairing

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        req.bounded_stream.exhaust()
        answer(resp, self.pairing.new_code())


class PanelPair:
    """POST /panel/pair (no token: the code is the secret): the panel's token for an open code. Wrong
    codes count against their source: the local user whose process connected, with the Origin it
    sent (why: gasoline.panel.pairing)."""

    def __init__(self, pairing: Pairing) -> None:
        self.pairing = pairing

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            sent = parse(PairingRequest, read_json(req, MAX_BODY))
            answer(
                resp, self.pairing.pair(sent.code, source=(peer_user(req), (req.get_header("Origin") or "").lower()))
            )
        except RequestRefused as refusal:
            refused(req, resp, refusal)
        except PairingThrottled as error:
            resp.set_header("Retry-After", str(math.ceil(error.retry_after)))
            refused(req, resp, RequestRefused(429, "pairing_refused", str(error)))
        except PairingRefused as error:
            refused(req, resp, RequestRefused(403, "pairing_refused", str(error)))


class PanelStatusRoute:
    """GET /panel/status: what the panel's header shows."""

    def __init__(
        self,
        extension: ExtensionLink,
        providers: Providers,
        redactor: Redactor,
        approvals: ApprovalEngine,
        watch: AgentWatch,
    ) -> None:
        self.extension = extension
        self.providers = providers
        self.redactor = redactor
        self.approvals = approvals
        self.watch = watch

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        answer(resp, self.current())

    def current(self) -> PanelStatus:
        synced = self.extension.current()
        stats = self.redactor.stats()
        return PanelStatus(
            daemon_version=__version__,
            extension_connected=synced is not None,
            ai_web_pilot=bool(synced and synced.settings.aiWebPilotEnabled),
            providers=self.providers.health(),
            default_provider=self.providers.default,
            redaction=EgressRedaction(
                policy_version=self.redactor.version,
                redacted_count=sum(count.count for count in stats.redacted_count),
                blocked=stats.blocked_count > 0,
            ),
            pending_approvals=self.approvals.pending_count(),
            watch_enabled=self.watch.settings.enabled,
        )


class PanelSessionsRoute:
    """GET /panel/sessions lists them; POST /panel/sessions opens one, or resumes one by id (a lost
    one falls back to a new session, with a notice saying so)."""

    def __init__(self, sessions: SessionLog) -> None:
        self.sessions = sessions

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        answer(resp, PanelSessions(sessions=self.sessions.sessions()))

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            asked = parse(SessionOpen, read_json(req, MAX_BODY))
        except RequestRefused as refusal:
            refused(req, resp, refusal)
            return
        tab_id, url, provider = (given(asked.tab_id), given(asked.url), given(asked.provider))
        if asked.resume is not MISSING:
            try:
                self.sessions.touch(asked.resume)
                context = {"tab_id": tab_id, "url": url, "provider": provider}
                changed = {key: value for key, value in context.items() if value is not None}
                answer(resp, SessionOpened(session=self.sessions.update(asked.resume, **changed), resumed=True))
                return
            except UnknownSession:
                pass
        session = self.sessions.open("panel", PANEL_CLIENT, tab_id=tab_id, url=url, provider=provider)
        if asked.resume is MISSING:
            answer(resp, SessionOpened(session=session, resumed=False), 201)
            return
        notice = "The session you had could not be resumed (it expired, or the daemon lost it); this is a new one."
        self.sessions.append(
            session.session_id, "notice", notice={"level": "warning", "code": "session_lost", "text": notice}
        )
        answer(resp, SessionOpened(session=self.sessions.get(session.session_id), resumed=False, notice=notice), 201)

    def on_get_item(self, req: falcon.Request, resp: falcon.Response, session_id: str) -> None:
        try:
            answer(resp, self.sessions.get(session_id))
        except UnknownSession:
            refused(req, resp, unknown(session_id))


class PanelMessages:
    """POST /panel/sessions/{session_id}/messages: a question, answered at once with the turn it
    started (202); the turn's events follow on the stream."""

    def __init__(self, sessions: SessionLog, loop: AgentLoop) -> None:
        self.sessions = sessions
        self.loop = loop

    def on_post(self, req: falcon.Request, resp: falcon.Response, session_id: str) -> None:
        try:
            question = parse(PanelQuestion, read_json(req, MAX_BODY))
            answer(resp, self.loop.ask(session_id, question), 202)
        except RequestRefused as refusal:
            refused(req, resp, refusal)
        except SessionBusy:
            refused(req, resp, RequestRefused(409, "session_busy", "a turn is under way in this session; wait for it"))
        except UnknownSession:
            refused(req, resp, unknown(session_id))


class StreamPlaces:
    """The event streams open at once: `most` in all, `per_panel` for one panel's token. A stream
    holds one of the panel lane's threads while it is open; kept fewer than the lane's threads,
    the rest always answer the panel's other routes."""

    def __init__(self, most: int, per_panel: int) -> None:
        self.most = most
        self.per_panel = per_panel
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, panel: str) -> Callable[[], None] | None:
        """A place for one more stream of `panel`, and the call that gives it back; None when full."""
        with self._lock:
            if self._open.total() >= self.most or self._open[panel] >= self.per_panel:
                return None
            self._open[panel] += 1
        return lambda: self._give_back(panel)

    def _give_back(self, panel: str) -> None:
        with self._lock:
            self._open[panel] -= 1
            if not self._open[panel]:
                del self._open[panel]


class HeldStream:
    """A stream's chunks, holding its place until the server closes it: at its end, or at the first
    write after its client went away (waitress then stops iterating and closes it)."""

    def __init__(self, chunks: Generator[bytes], give_back: Callable[[], None]) -> None:
        self.chunks = chunks
        self.give_back: Callable[[], None] | None = give_back

    def __iter__(self) -> HeldStream:
        return self

    def __next__(self) -> bytes:
        return next(self.chunks)

    def close(self) -> None:
        self.chunks.close()
        if self.give_back is not None:
            self.give_back()
            self.give_back = None


class PanelEvents:
    """GET /panel/sessions/{session_id}/events?after=N: the session's events after seq N as an SSE
    stream (id: the seq; a delta has none), open for a while, with keep-alive comments; the panel
    reconnects from its cursor (Last-Event-ID is honoured). With format=json: the kept events
    after the cursor at once. A stream past the places open is refused (503, Retry-After)."""

    def __init__(
        self, sessions: SessionLog, stream_seconds: float, keepalive_seconds: float, places: StreamPlaces | None = None
    ) -> None:
        self.sessions = sessions
        self.places = places or StreamPlaces(LIMITS.panel.streams, LIMITS.panel.panel_streams)
        self.stream_seconds = stream_seconds
        self.keepalive_seconds = keepalive_seconds

    def on_get(self, req: falcon.Request, resp: falcon.Response, session_id: str) -> None:
        try:
            after = cursor(req)
            form = choice(req, "format", ("sse", "json"))
            events = self.sessions.events(session_id, after)
        except RequestRefused as refusal:
            refused(req, resp, refusal)
            return
        except UnknownSession:
            refused(req, resp, unknown(session_id))
            return
        if form == "json":
            answer(resp, SessionEvents(session_id=session_id, events=events))
            return
        give_back = self.places.take(digest(bearer_token(req) or ""))
        if give_back is None:
            resp.set_header("Retry-After", str(LIMITS.panel.stream_retry_seconds))
            busy = "too many event streams are open; the panel's next try will find a place once one ends"
            refused(req, resp, RequestRefused(503, "too_many_streams", busy))
            return
        resp.content_type = "text/event-stream"
        resp.set_header("Cache-Control", "no-store")
        resp.stream = HeldStream(self._stream(session_id, after, self.sessions.tick), give_back)

    def _stream(self, session_id: str, after: int, tick: int) -> Generator[bytes]:
        """From the kept event after `after` and the delta after `tick` (the deltas of the moment the
        stream was asked for: those passed before are not sent again)."""
        yield b"retry: 1000\n\n"
        deadline = time.monotonic() + self.stream_seconds
        wait = 0.0  # the events already kept are sent at once
        while (left := deadline - time.monotonic()) > 0:
            try:
                update = self.sessions.wait(session_id, after, tick, min(left, wait))
            except UnknownSession:
                yield b"event: closed\ndata: {}\n\n"
                return
            wait = self.keepalive_seconds
            if not update.events and not update.deltas:
                yield b": keep-alive\n\n"
            for event in sorted([*update.events, *update.deltas], key=lambda e: (e.at, seq_of(e))):
                yield sse(event)
                after = max(after, seq_of(event))
            tick = update.tick


class PanelExport:
    """GET /panel/sessions/{session_id}/export?format=json|markdown."""

    def __init__(self, sessions: SessionLog, redactor: Redactor) -> None:
        self.sessions = sessions
        self.redactor = redactor

    def on_get(self, req: falcon.Request, resp: falcon.Response, session_id: str) -> None:
        try:
            form = choice(req, "format", ("json", "markdown"))
            export = export_session(self.sessions, self.redactor, session_id)
        except RequestRefused as refusal:
            refused(req, resp, refusal)
            return
        except UnknownSession:
            refused(req, resp, unknown(session_id))
            return
        name = f"gasoline-{session_id}"
        if form == "markdown":
            resp.content_type = "text/markdown; charset=utf-8"
            resp.set_header("Content-Disposition", f'attachment; filename="{name}.md"')
            resp.text = as_markdown(export)
            return
        resp.set_header("Content-Disposition", f'attachment; filename="{name}.json"')
        answer(resp, export)


class PanelApprovals:
    """POST /panel/approvals/{request_id}: the panel's Approve and Deny buttons, a human channel
    like the command line (the same decision, the same answers)."""

    def __init__(self, approvals: Approvals) -> None:
        self.approvals = approvals

    def on_post(self, req: falcon.Request, resp: falcon.Response, request_id: str) -> None:
        try:
            decision = parse(ApprovalDecision, read_json(req, MAX_BODY))
            answer(resp, self.approvals.decide(request_id, decision, by="panel"))
        except RequestRefused as refusal:
            refused(req, resp, refusal)


class PanelWatchRoute:
    """POST /panel/watch: the person switches agent_watch on for a session, or off; answered with
    the panel's status."""

    def __init__(self, watch: AgentWatch, sessions: SessionLog, status: PanelStatusRoute) -> None:
        self.watch = watch
        self.sessions = sessions
        self.status = status

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            asked = parse(PanelWatch, read_json(req, MAX_BODY))
            session_id = asked.session_id if asked.session_id is not MISSING else None
            if session_id is not None:
                self.sessions.get(session_id)
            events = tuple(asked.events) if asked.events is not MISSING else None
            self.watch.configure(asked.enabled, events, session_id=session_id)
            answer(resp, self.status.current())
        except RequestRefused as refusal:
            refused(req, resp, refusal)
        except UnknownSession as error:
            refused(req, resp, unknown(str(error.args[0])))


# An event's seq as the spec's `after` parameter takes it: ASCII digits only (str.isdigit takes "²",
# which int() refuses), and few enough that int() never meets its limit on digits.
SEQ = re.compile(r"[0-9]{1,12}")


def cursor(req: falcon.Request) -> int:
    """The seq to read after: ?after=N, else the Last-Event-ID a reconnecting stream sends, else 0."""
    raw = req.get_param("after")
    named = "after" if raw is not None else "Last-Event-ID"
    raw = raw if raw is not None else (req.get_header("Last-Event-ID") or "0")
    if not SEQ.fullmatch(raw):
        raise RequestRefused(
            400, "bad_request", f"{named} must be an event's seq (1 to 12 digits 0-9), not {raw[:40]!r}"
        )
    return int(raw)


def choice(req: falcon.Request, name: str, allowed: tuple[str, ...]) -> str:
    """A query parameter that takes one of a few values (the first when absent)."""
    value = req.get_param(name)
    value = allowed[0] if value is None else value
    if value not in allowed:
        raise RequestRefused(400, "bad_request", f"{name} is one of {', '.join(allowed)}, not {value[:40]!r}")
    return value


def unknown(session_id: str) -> RequestRefused:
    return RequestRefused(404, "unknown_session", f"no session {session_id[:80]!r}: it expired, or never existed")


def sse(event: SessionEvent) -> bytes:
    head = f"id: {event.seq}\n" if isinstance(event.seq, int) else ""
    return f"{head}event: {event.type}\ndata: {event.model_dump_json()}\n\n".encode()

"""The routes the browser extension posts to: /events (captured events) and /sync (its settings
and tab). The extension's origin is not proof, since any local process can send that header: each
request must also carry the token the extension got by pairing (`gasoline pair`, the code typed
into its popup or side panel), the same token its agent panel uses. Answers follow
generated/openapi/daemon.json."""

from __future__ import annotations

from typing import Generic

import falcon
from pydantic import MISSING, BaseModel

from gasoline.capture.contract import extension_contract, written_newer
from gasoline.capture.extension import ExtensionLink
from gasoline.capture.ingest import UnreadableBatch, ingest_batch, readable_events
from gasoline.capture.known_fields import known_fields
from gasoline.capture.store import CaptureStore
from gasoline.commands.channel import CommandChannel
from gasoline.core.missing import given
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import EventBatch, ExtensionContract, IngestResult, SyncRequest, SyncResponse
from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS

from .request_bodies import CHALLENGE, Body, RequestRefused, TokenCheck, has_token, parse, read_json, refused

NOT_PAIRED = (
    "this browser extension is not paired with the daemon: run `gasoline pair` and type the code it shows "
    "into the Gasoline popup (or the agent panel); the extension then sends its token as Authorization: Bearer"
)


def from_extension(req: falcon.Request) -> None:
    if req.get_header("Origin") != EXTENSION_ORIGIN:
        raise RequestRefused(403, "forbidden", f"only the Gasoline extension ({EXTENSION_ORIGIN}) may post here")


class Unpaired(RequestRefused):
    def __init__(self) -> None:
        super().__init__(401, "unauthorized", NOT_PAIRED)


class ExtensionRoute(Generic[Body]):
    """Takes only a paired extension's requests (`paired` checks the token; nothing of the body is
    read before), reads the body as its spec model (without the fields it does not know, from an
    extension of a newer minor contract version), answers a refused request as a RequestError, and
    leaves the rest to `handle`."""

    body_model: type[Body]
    max_body_bytes = LIMITS.ingest.max_body_bytes

    def __init__(self, paired: TokenCheck) -> None:
        self.paired = paired

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            from_extension(req)
            if not has_token(req, self.paired):
                self.unpaired()
                raise Unpaired
            data = read_json(req, self.max_body_bytes)
            body = parse(self.body_model, known_fields(data, self.body_model) if written_newer(data) else data)
            resp.media = self.handle(body).model_dump(mode="json")
        except RequestRefused as refusal:
            if isinstance(refusal, Unpaired):
                resp.set_header("WWW-Authenticate", CHALLENGE)
            refused(req, resp, refusal)

    def unpaired(self) -> None:
        """An extension that is not paired asked."""

    def handle(self, body: Body) -> BaseModel:
        raise NotImplementedError


class Events(ExtensionRoute[EventBatch]):
    """POST /events: {"events": [...], "contract_version"?} -> {"accepted": n, "rejected": [{"index",
    "reason"}]}; a batch of another major contract version is refused whole."""

    body_model = EventBatch

    def __init__(self, paired: TokenCheck, captured: CaptureStore, redactor: Redactor) -> None:
        super().__init__(paired)
        self.captured = captured
        self.redactor = redactor

    def handle(self, body: EventBatch) -> IngestResult:
        try:
            events = readable_events(body)
        except UnreadableBatch as unreadable:
            raise RequestRefused(400, "bad_request", str(unreadable)) from None
        return ingest_batch(events, self.captured, self.redactor)


class Sync(ExtensionRoute[SyncRequest]):
    """POST /sync: the extension's version, contract version, settings and tab, acknowledgements and
    results of commands -> who answers, how the extension's contract fits this daemon's, the commands
    to run (waiting up to wait_ms for one), and what the extension needs to mask secrets as the
    daemon does before they leave the browser (the masks' key: only ever to a paired extension)."""

    body_model = SyncRequest

    def __init__(
        self, paired: TokenCheck, extension: ExtensionLink, commands: CommandChannel, redactor: Redactor, version: str
    ) -> None:
        super().__init__(paired)
        self.extension = extension
        self.commands = commands
        self.redactor = redactor
        self.version = version

    def unpaired(self) -> None:
        self.extension.unpaired()

    def handle(self, body: SyncRequest) -> SyncResponse:
        self.extension.synced(body)
        acks = [ack.root for ack in given(body.acks, [])]
        commands = self.commands.poll(acks, given(body.results, []), body.wait_ms / 1000)
        return SyncResponse(
            service="gasoline",
            version=self.version,
            commands=commands or MISSING,
            redaction=self.redactor.handover() or MISSING,
            contract=contract_answer(body),
        )


def contract_answer(body: SyncRequest) -> ExtensionContract | MISSING:
    """How the extension's contract fits, for an extension that said which version it speaks. One
    that did not is built to 1.0, whose SyncResponse is closed: it gets the 1.0 answer."""
    return MISSING if body.contract_version is MISSING else extension_contract(body.contract_version)

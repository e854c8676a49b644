"""The routes the browser extension posts to: /events (captured events) and /sync (its settings
and tab). Only the extension's own origin is accepted; answers follow generated/openapi/daemon.json."""

from __future__ import annotations

import json
from typing import Any, Generic, TypeVar

import falcon
from pydantic import MISSING, BaseModel, ValidationError

from gasoline.capture.extension import ExtensionLink
from gasoline.capture.ingest import ingest_batch, reason
from gasoline.capture.store import CaptureStore
from gasoline.commands.channel import CommandChannel
from gasoline.core.missing import given
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import EventBatch, IngestResult, SyncRequest, SyncResponse
from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS


class RequestRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def request_error(resp: falcon.Response, status: int, code: str, message: str) -> None:
    """A RequestError answer: the request was refused as a whole."""
    resp.status = status
    resp.media = {"error": code, "message": message}


def read_json(req: falcon.Request, max_bytes: int) -> Any:
    """The request's JSON body, from the extension only, within the size limit."""
    if req.get_header("Origin") != EXTENSION_ORIGIN:
        raise RequestRefused(403, "forbidden", f"only the Gasoline extension ({EXTENSION_ORIGIN}) may post here")
    # A declared length says it before anything is read; a chunked body shows it by reading one byte more.
    declared = req.content_length or 0
    if declared > max_bytes or len(body := req.bounded_stream.read(max_bytes + 1)) > max_bytes:
        raise RequestRefused(413, "too_large", f"the body is larger than {max_bytes} bytes")
    try:
        return json.loads(body, parse_float=json_number, parse_constant=not_json)
    except (UnicodeDecodeError, ValueError) as error:
        raise RequestRefused(400, "bad_request", f"the body is not JSON: {error}") from None


def json_number(text: str) -> int | float:
    """JSON has one kind of number: 7.0 is the integer 7, as JSON Schema reads it."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**63 else value


def not_json(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")


Body = TypeVar("Body", bound=BaseModel)


class ExtensionRoute(Generic[Body]):
    """Reads the body as its spec model, answers a refused request as a RequestError, and leaves
    the rest to `handle`."""

    body_model: type[Body]
    max_body_bytes = LIMITS.ingest.max_body_bytes

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            resp.media = self.handle(self.parse(read_json(req, self.max_body_bytes))).model_dump(mode="json")
        except RequestRefused as refused:
            req.bounded_stream.exhaust()
            request_error(resp, refused.status, refused.code, str(refused))

    def parse(self, body: Any) -> Body:
        try:
            return self.body_model.model_validate(body)
        except ValidationError as error:
            name = self.body_model.__name__
            raise RequestRefused(400, "bad_request", f"not a {name}: {reason(error, skip=0)}") from None

    def handle(self, body: Body) -> BaseModel:
        raise NotImplementedError


class Events(ExtensionRoute[EventBatch]):
    """POST /events: {"events": [...]} -> {"accepted": n, "rejected": [{"index", "reason"}]}."""

    body_model = EventBatch

    def __init__(self, captured: CaptureStore, redactor: Redactor) -> None:
        self.captured = captured
        self.redactor = redactor

    def handle(self, body: EventBatch) -> IngestResult:
        return ingest_batch(body.events, self.captured, self.redactor)


class Sync(ExtensionRoute[SyncRequest]):
    """POST /sync: the extension's version, settings and tab, acknowledgements and results of
    commands -> who answers, and the commands to run (waiting up to wait_ms for one)."""

    body_model = SyncRequest

    def __init__(self, extension: ExtensionLink, commands: CommandChannel, version: str) -> None:
        self.extension = extension
        self.commands = commands
        self.version = version

    def handle(self, body: SyncRequest) -> SyncResponse:
        self.extension.synced(body)
        acks = [ack.root for ack in given(body.acks, [])]
        commands = self.commands.poll(acks, given(body.results, []), body.wait_ms / 1000)
        return SyncResponse(service="gasoline", version=self.version, commands=commands or MISSING)

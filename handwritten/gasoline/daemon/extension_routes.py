"""The routes the browser extension posts to: /events (captured events) and /sync (its settings
and tab). Only the extension's own origin is accepted; answers follow generated/openapi/daemon.json."""

from __future__ import annotations

from typing import Any, Generic

import falcon
from pydantic import MISSING

from gasoline.capture.ingest import ingest_batch
from gasoline.core.missing import given
from gasoline.runtime import Runtime
from gasoline_generated.models import EventBatch, SyncRequest, SyncResponse
from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS

from .request_bodies import Body, RequestRefused, parse, read_json, refused


def from_extension(req: falcon.Request) -> None:
    if req.get_header("Origin") != EXTENSION_ORIGIN:
        raise RequestRefused(403, "forbidden", f"only the Gasoline extension ({EXTENSION_ORIGIN}) may post here")


class ExtensionRoute(Generic[Body]):
    """Reads the body as its spec model, answers a refused request as a RequestError, and leaves
    the rest to `handle`."""

    body_model: type[Body]

    def __init__(self, runtime: Runtime, max_body_bytes: int = LIMITS.ingest.max_body_bytes) -> None:
        self.runtime = runtime
        self.max_body_bytes = max_body_bytes

    def on_post(self, req: falcon.Request, resp: falcon.Response) -> None:
        try:
            from_extension(req)
            resp.media = self.handle(parse(self.body_model, read_json(req, self.max_body_bytes)))
        except RequestRefused as refusal:
            refused(req, resp, refusal)

    def handle(self, body: Body) -> dict[str, Any]:
        raise NotImplementedError


class Events(ExtensionRoute[EventBatch]):
    """POST /events: {"events": [...]} -> {"accepted": n, "rejected": [{"index", "reason"}]}."""

    body_model = EventBatch

    def handle(self, body: EventBatch) -> dict[str, Any]:
        return ingest_batch(body.events, self.runtime.captured, self.runtime.redactor)


class Sync(ExtensionRoute[SyncRequest]):
    """POST /sync: the extension's version, settings and tab, acknowledgements and results of
    commands -> who answers, and the commands to run (waiting up to wait_ms for one)."""

    body_model = SyncRequest

    def handle(self, body: SyncRequest) -> dict[str, Any]:
        self.runtime.extension.synced(body)
        acks = [ack.root for ack in given(body.acks, [])]
        commands = self.runtime.commands.poll(acks, given(body.results, []), body.wait_ms / 1000)
        answer = SyncResponse(service="gasoline", version=self.runtime.version, commands=commands or MISSING)
        return answer.model_dump(mode="json")

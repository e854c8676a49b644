"""The daemon's waitress server, refusing in the daemon's own language.

waitress reads a whole request before the app sees it, and refuses some by itself: a body over
its cap (by the declared length, or as a chunked body grows), broken chunked framing, headers
too large. Its refusals here answer JSON like every other (a JSON-RPC error on /mcp, a
RequestError elsewhere: `Refusal` writes them), and a chunked body is refused as soon as a
chunk's declared size would carry it past the cap: waitress on its own waits for bytes a
client need never send.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.receiver import ChunkedReceiver
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask
from waitress.utilities import RequestEntityTooLarge

# (path, HTTP status, message) -> the JSON body of the refusal
Refusal = Callable[[str, int, str], dict[str, Any]]


class ChunkCappedParser(HTTPRequestParser):
    def received(self, data: bytes) -> int:
        consumed = super().received(data)
        body, cap = self.body_rcv, self.adj.max_request_body_size
        if (
            not self.completed
            and isinstance(body, ChunkedReceiver)
            and self.body_bytes_received + body.chunk_remainder >= cap
        ):
            self.error = RequestEntityTooLarge(f"a chunk would carry the body past {cap} bytes")
            self.completed = True
        return consumed


def channel_class(refusal: Refusal, max_body_bytes: int) -> type[HTTPChannel]:
    """A connection whose refusals `refusal` writes; a body over the cap says `max_body_bytes`, the
    daemon's own limit (waitress's sits a little above it)."""

    class RefusalTask(ErrorTask):
        def execute(self) -> None:
            request = cast(HTTPRequestParser, self.request)
            error = request.error
            assert error is not None  # waitress runs this task only for a request in error
            message = (
                f"the body is larger than {max_body_bytes} bytes"
                if isinstance(error, RequestEntityTooLarge)
                else f"{error.reason}: {error.body}"
            )
            body = json.dumps(refusal(getattr(request, "path", ""), error.code, message)).encode()
            self.status = f"{error.code} {error.reason}"
            self.response_headers = [*self.response_headers, ("Content-Type", "application/json")]
            self.set_close_on_finish()
            self.content_length = len(body)
            self.write(body)

    class RefusingChannel(HTTPChannel):
        error_task_class = RefusalTask
        parser_class = ChunkCappedParser

    return RefusingChannel


def http_server(app: Any, refusal: Refusal, max_body_bytes: int, slack_bytes: int, **options: Any) -> BaseWSGIServer:
    """A waitress server for `app` on one address. Bodies up to `max_body_bytes` + `slack_bytes`
    reach the app, which refuses any over `max_body_bytes` itself; waitress refuses the rest."""
    server = create_server(app, max_request_body_size=max_body_bytes + slack_bytes, **options)
    assert isinstance(server, BaseWSGIServer), "one address, one server"
    server.channel_class = channel_class(refusal, max_body_bytes)
    return server

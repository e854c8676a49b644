"""The daemon's waitress server, refusing in the daemon's own language.

waitress reads a whole request before the app sees it, and refuses some by itself: a body over
its cap (by the declared length, or as a chunked body grows), broken chunked framing, headers
too large. Its refusals here answer JSON like every other (a JSON-RPC error on /mcp, a
RequestError elsewhere: `Refusal` writes them), and a chunked body is refused as soon as a
chunk's declared size would carry it past the cap: waitress on its own waits for bytes a
client need never send.

Requests are served in two lanes of threads (`Lanes`): MCP calls, which may wait seconds for the
browser, and everything else, among it the extension's /sync that fetches the commands those
calls wait for. With one pool, enough waiting calls held every thread and no /sync could be
served: every call timed out, and /health with them.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, cast

from waitress.channel import HTTPChannel
from waitress.parser import HTTPRequestParser
from waitress.receiver import ChunkedReceiver
from waitress.server import BaseWSGIServer, create_server
from waitress.task import ErrorTask, Task, ThreadedTaskDispatcher
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


class Lanes(ThreadedTaskDispatcher):
    """waitress's task dispatcher, as two pools: one for connections whose next request is for
    `calls_path`, one for the rest. waitress hands a dispatcher a connection (a channel) to serve
    its next request; a request in error (refused before routing) goes to the quick lane."""

    def __init__(self, calls_path: str, call_threads: int, route_threads: int) -> None:
        super().__init__()  # its own pool stays empty: every connection goes to a lane
        self.calls_path = calls_path
        self.calls, self.routes = ThreadedTaskDispatcher(), ThreadedTaskDispatcher()
        self.calls.set_thread_count(call_threads)
        self.routes.set_thread_count(route_threads)

    def add_task(self, task: Task) -> None:
        # waitress hands over the connection (its stubs say a Task): its next request decides the lane.
        requests = cast(HTTPChannel, task).requests
        request = requests[0] if requests else None
        is_call = request is not None and request.error is None and getattr(request, "path", None) == self.calls_path
        (self.calls if is_call else self.routes).add_task(task)

    def shutdown(self, cancel_pending: bool = True, timeout: int = 5) -> bool:
        calls = self.calls.shutdown(cancel_pending, timeout)
        routes = self.routes.shutdown(cancel_pending, timeout)
        return calls and routes


def http_server(
    app: Any, refusal: Refusal, max_body_bytes: int, slack_bytes: int, lanes: Lanes, **options: Any
) -> BaseWSGIServer:
    """A waitress server for `app` on one address, serving requests in `lanes`. Bodies up to
    `max_body_bytes` + `slack_bytes` reach the app, which refuses any over `max_body_bytes`
    itself; waitress refuses the rest."""
    server = create_server(app, max_request_body_size=max_body_bytes + slack_bytes, _dispatcher=lanes, **options)
    assert isinstance(server, BaseWSGIServer), "one address, one server"
    server.channel_class = channel_class(refusal, max_body_bytes)
    return server

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

A connection stays readable while its request is served (`channel_request_lookahead`): a client
that goes away is noticed at once, so a request still waiting for a thread is dropped unserved, and
a stream ends at its next write (a keep-alive at the latest) and frees its thread. Otherwise
waitress notices only when a write fails, a write or two later, and serves every waiting request
of clients long gone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
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
    """waitress's task dispatcher, as pools of their own: one per lane (a path, or a prefix ending
    in "/"), chosen by a connection's next request, and one for every other route. waitress hands a
    dispatcher a connection (a channel) to serve its next request; a request in error (refused
    before routing) goes to the routes' pool."""

    def __init__(self, lanes: Mapping[str, int], route_threads: int) -> None:
        super().__init__()  # its own pool stays empty: every connection goes to a lane
        self.lanes = {path: ThreadedTaskDispatcher() for path in lanes}
        for path, threads in lanes.items():
            self.lanes[path].set_thread_count(threads)
        self.routes = ThreadedTaskDispatcher()
        self.routes.set_thread_count(route_threads)

    def lane(self, path: str | None) -> ThreadedTaskDispatcher:
        for lane, pool in self.lanes.items():
            if path == lane or (lane.endswith("/") and path is not None and path.startswith(lane)):
                return pool
        return self.routes

    def add_task(self, task: Task) -> None:
        # waitress hands over the connection (its stubs say a Task): its next request decides the lane.
        requests = cast(HTTPChannel, task).requests
        request = requests[0] if requests else None
        path = getattr(request, "path", None) if request is not None and request.error is None else None
        self.lane(path).add_task(task)

    def shutdown(self, cancel_pending: bool = True, timeout: int = 5) -> bool:
        done = [pool.shutdown(cancel_pending, timeout) for pool in [*self.lanes.values(), self.routes]]
        return all(done)


def http_server(
    app: Any, refusal: Refusal, max_body_bytes: int, slack_bytes: int, lanes: Lanes, **options: Any
) -> BaseWSGIServer:
    """A waitress server for `app` on one address, serving requests in `lanes`. Bodies up to
    `max_body_bytes` + `slack_bytes` reach the app, which refuses any over `max_body_bytes`
    itself; waitress refuses the rest."""
    server = create_server(
        app,
        max_request_body_size=max_body_bytes + slack_bytes,
        channel_request_lookahead=1,
        _dispatcher=lanes,
        **options,
    )
    assert isinstance(server, BaseWSGIServer), "one address, one server"
    server.channel_class = channel_class(refusal, max_body_bytes)
    return server

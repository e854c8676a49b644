"""MCP as newline-delimited JSON-RPC: over stdio for clients, and over the daemon's local socket for bridges.

The output carries protocol messages and nothing else (logs go to a file or stderr). Blank
lines are skipped, a line that is not a valid message gets its error response, and the end of
input ends the transport once the calls still running have answered (or a grace period is
over). Requests run on a worker pool, so a ping or a cancellation is answered while a long
call is still running.
"""

from __future__ import annotations

import queue
import threading
from functools import partial
from typing import IO, Any, BinaryIO

from gasoline.core import jsonrpc
from gasoline.core.jsonrpc import InvalidMessage, Notification, Reply, Request
from gasoline.core.protocol import Exchange, McpServer, Session, client_era
from gasoline.core.workers import Workers


class LineTransport:
    def __init__(
        self,
        server: McpServer,
        reader: BinaryIO,
        writer: BinaryIO,
        workers: Workers,
        eof_grace_seconds: float,
        session: Session | None = None,
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.workers = workers
        self.eof_grace_seconds = eof_grace_seconds
        self.session = session or Session(id="stdio")
        self._write_lock = threading.Lock()
        self._running = 0
        self._idle = threading.Condition()

    def send(self, message: dict[str, Any]) -> None:
        line = jsonrpc.encode(message).encode() + b"\n"
        with self._write_lock:
            try:
                self.writer.write(line)
                self.writer.flush()
            except (OSError, ValueError):
                pass  # the client has gone; the read loop ends at the end of its input

    def serve(self) -> None:
        """Serve until the end of input, let running calls finish for a while, then cancel the rest."""
        for raw in self.reader:
            line = raw.strip()
            if not line:
                continue
            try:
                message = jsonrpc.parse(line)
            except InvalidMessage as failure:
                self.send(jsonrpc.error(failure.id, failure))
                continue
            if isinstance(message, Request):
                with self._idle:
                    self._running += 1
                self.workers.submit(partial(self._answer, message))
            elif isinstance(message, Notification):
                self.server.notify(message, self.session)
            elif isinstance(message, Reply):
                self.session.resolve(message)
        with self._idle:
            self._idle.wait_for(lambda: self._running == 0, self.eof_grace_seconds)
        for exchange in list(self.session.in_flight.values()):
            exchange.cancel()

    def _answer(self, request: Request) -> None:
        try:
            exchange = Exchange(request, self.send, self.session, modern=client_era(request.params.get("_meta")))
            response = self.server.handle(request, exchange)
            if response is not None:
                self.send(response)
        finally:
            with self._idle:
                self._running -= 1
                self._idle.notify_all()


class TimedLines:
    """Lines from a stream, each waited for with a deadline (for a client of a line transport).

    A thread reads, so a line already buffered is never missed the way select() on the file
    descriptor would miss it.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self._lines: queue.SimpleQueue[bytes] = queue.SimpleQueue()
        threading.Thread(target=self._read, args=(stream,), name="gasoline-lines", daemon=True).start()

    def _read(self, stream: IO[bytes]) -> None:
        for line in stream:
            self._lines.put(line)
        self._lines.put(b"")

    def next(self, seconds: float) -> bytes:
        """The next line; b"" at the end of the stream. Raises TimeoutError when none comes in time."""
        try:
            return self._lines.get(timeout=max(seconds, 0))
        except queue.Empty:
            raise TimeoutError(f"no line within {seconds:.1f} s") from None

"""MCP as newline-delimited JSON-RPC: over stdio for clients, and over the daemon's local socket for bridges.

The output carries protocol messages and nothing else (logs go to a file or stderr). Blank
lines are skipped, a line that is not a valid message gets its error response, and the end of
input ends the transport once the calls still running have answered (or a grace period is
over).

The thread that reads a request answers it, then reads on: handing each request to another
thread cost a thread's wake-up and a hand-over of the GIL per call, about a third of a call's
time in all. So that a ping or a cancellation is still answered while a long call runs, the
workers' watch has a pool thread take over reading from a reader that has been answering for a
few milliseconds; the old reader stops reading once its answer is sent.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from typing import IO, Any, BinaryIO

from gasoline.core import jsonrpc
from gasoline.core.jsonrpc import InvalidMessage, Notification, Reply, Request
from gasoline.core.protocol import Exchange, McpServer, Session, client_era
from gasoline.core.workers import WATCH_SECONDS, Workers

# How a transport writes a message as JSON. The default is json's; the daemon passes pydantic_core's
# to_json, several times faster (the same JSON but for the spelling of a few floats: 1e-05 is written
# 0.00001), which a bridge does not import: it would cost 25 ms before the bridge answers initialize.
Encode = Callable[[dict[str, Any]], bytes]


def encode_with_json(message: dict[str, Any]) -> bytes:
    return jsonrpc.encode(message).encode()


class LineTransport:
    def __init__(
        self,
        server: McpServer,
        reader: BinaryIO,
        writer: BinaryIO,
        workers: Workers,
        eof_grace_seconds: float,
        session: Session | None = None,
        encode: Encode = encode_with_json,
    ) -> None:
        self.server = server
        self.reader = reader
        self.writer = writer
        self.workers = workers
        self.eof_grace_seconds = eof_grace_seconds
        self.session = session or Session(id="stdio")
        self.encode = encode
        self._write_lock = threading.Lock()
        self._running = 0
        self._idle = threading.Condition()
        self._ended = False
        self._answering_since: float | None = None  # when this transport's reader began its answer
        self._relieved = 0  # how many times a worker took over reading from a reader busy answering

    def send(self, message: dict[str, Any]) -> None:
        self.send_line(self.encode(message))

    def send_line(self, line: bytes) -> None:
        """Write one message already encoded as a line (without its newline)."""
        with self._write_lock:
            try:
                self.writer.write(line + b"\n")
                self.writer.flush()
            except (OSError, ValueError):
                pass  # the client has gone; reading ends at the end of its input

    def serve(self) -> None:
        """Serve until the end of input, let running calls finish for a while, then cancel the rest."""
        self._read()
        with self._idle:
            self._idle.wait_for(lambda: self._ended)
            self._idle.wait_for(lambda: self._running == 0, self.eof_grace_seconds)
        for exchange in list(self.session.in_flight.values()):
            exchange.cancel()

    def _read(self) -> None:
        """Read and handle messages in order, until the input ends or another thread has taken over reading."""
        reading = True
        try:
            while reading and (exchange := self._next_request()) is not None:
                reading = self._respond(exchange)
        except OSError:
            pass  # the peer went away mid-line: the end of its input
        finally:
            if reading:
                with self._idle:
                    self._ended = True
                    self._idle.notify_all()

    def _next_request(self) -> Exchange | None:
        """Handle messages up to the next request, and return it; None at the end of input."""
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
                return Exchange(message, self.send, self.session, modern=client_era(message.params.get("_meta")))
            if isinstance(message, Notification):
                self.server.notify(message, self.session)
            elif isinstance(message, Reply):
                self.session.resolve(message)
        return None

    def _respond(self, exchange: Exchange) -> bool:
        """Answer a request here, under the workers' watch; whether this thread still reads afterwards."""
        with self._idle:
            self._answering_since = time.monotonic()
            relieved = self._relieved
        self.workers.watch(self._relieve)
        try:
            self._answer(exchange)
        finally:
            with self._idle:
                still_reading = self._relieved == relieved
                if still_reading:
                    self._answering_since = None
        return still_reading

    def _relieve(self, now: float) -> bool:
        """The watch's check: a reader answering for a whole period hands reading to a worker (when one is
        free), so the messages behind a slow call are read. Whether to check again."""
        with self._idle:
            if self._answering_since is None:
                return False
            if now - self._answering_since < WATCH_SECONDS or not self.workers.try_run(self._read):
                return True
            self._answering_since = None
            self._relieved += 1
            return False

    def _answer(self, exchange: Exchange) -> None:
        try:
            response = self.server.handle(exchange.request, exchange)
            if response is not None:
                self.send(response)
        finally:
            self._finished()

    def _finished(self) -> None:
        """One request answered, or given up: the end of input waits until none is left."""
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

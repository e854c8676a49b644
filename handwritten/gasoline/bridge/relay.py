"""The bridge's stdio: tool calls relayed to the daemon with no thread hand-off and no second encoding.

A tools/call of one of our tools is written to the daemon by the thread that read it, and its
reply is written to the client by the thread that reads the daemon's link: the daemon's own
bytes, with only the id swapped. Answered through the McpServer like any other request, each call
would wait for a worker thread to wake and have its reply parsed and encoded again, which cost
more than the daemon's own work on the call. The McpServer still answers everything else, and the
calls the relay leaves to it: one that comes before the link is up (it waits while the daemon
starts, and the workers' watch has the messages behind it read), one sent while the link carries
as many calls as it may (it waits for a slot the same way), one of the modern era (whose
result the bridge decorates), and one naming no tool of ours (the bridge's own error).
"""

from __future__ import annotations

from typing import BinaryIO

from gasoline.core import jsonrpc
from gasoline.core.protocol import Exchange, McpServer
from gasoline.core.workers import Workers
from gasoline.transports.lines import LineTransport

from .client import LOST, Busy, NotSent, RemoteTools, forwarded, unavailable


class RelayingTransport(LineTransport):
    def __init__(
        self,
        server: McpServer,
        tools: RemoteTools,
        reader: BinaryIO,
        writer: BinaryIO,
        workers: Workers,
        eof_grace_seconds: float,
    ) -> None:
        super().__init__(server, reader, writer, workers, eof_grace_seconds)
        self.tools = tools

    def _respond(self, exchange: Exchange) -> bool:
        return self._relayed(exchange) or super()._respond(exchange)

    def _relayed(self, exchange: Exchange) -> bool:
        """Send a tools/call on to the daemon now, when it can be; whether it was."""
        request = exchange.request
        name, arguments = request.params.get("name"), request.params.get("arguments") or {}
        if request.method != "tools/call" or exchange.modern or not isinstance(arguments, dict):
            return False
        link = self.tools.client.live_link()
        repository = self.tools.repository.known(exchange)  # None: the client must be asked, off this thread
        if not isinstance(name, str) or name not in self.tools.names or link is None or repository is None:
            return False
        head = jsonrpc.response_head(request.id)

        def reply(body: bytes | None) -> None:
            try:
                if exchange.cancelled.is_set():
                    return
                if body is None:
                    self.send(jsonrpc.result(request.id, unavailable(name, LOST)))
                else:
                    self.send_line(head + body)
            finally:
                self.session.in_flight.pop(request.id, None)
                self._finished()

        self.session.in_flight[request.id] = exchange
        try:
            link.start("tools/call", forwarded(name, arguments, exchange, repository), reply, exchange, wait=False)
        except (NotSent, Busy):
            self.session.in_flight.pop(request.id, None)
            return False  # the McpServer's way reconnects and sends it again, or waits for a slot under the watch
        return True

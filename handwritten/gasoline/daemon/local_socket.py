"""The daemon's local socket: MCP lines for the stdio bridges on this machine.

A Unix socket in the state directory, readable only by this user (and every peer's uid is
checked), carries the same newline-delimited JSON-RPC as stdio. A bridge forwards over it in
tens of microseconds, where an HTTP request costs hundreds; HTTP clients, the extension and
the panel use /mcp.
"""

from __future__ import annotations

import contextlib
import itertools
import logging
import os
import socket
import struct
import threading
from collections.abc import Iterator
from pathlib import Path

from pydantic_core import to_json

from gasoline.core.protocol import McpServer, Session
from gasoline.core.workers import Workers
from gasoline.transports.lines import LineTransport

log = logging.getLogger(__name__)
UNIX_PATH_MAX = 107


class LocalSocket:
    def __init__(self, path: Path, server: McpServer, workers: Workers, eof_grace_seconds: float) -> None:
        if len(os.fsencode(path)) > UNIX_PATH_MAX:
            raise OSError(f"{path} is too long for a Unix socket; set GASOLINE_STATE_DIR to a shorter directory")
        self.path = path
        self.server = server
        self.workers = workers
        self.eof_grace_seconds = eof_grace_seconds
        self.sessions: dict[str, Session] = {}
        self._ids = itertools.count(1)
        path.unlink(missing_ok=True)
        self._listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        with _private_umask():
            self._listener.bind(str(path))
        self._listener.listen()

    def start(self) -> None:
        threading.Thread(target=self._accept, name="gasoline-local-accept", daemon=True).start()

    def clients(self) -> list[str]:
        """The clientInfo name of each connected session."""
        return [session.client_info.get("name", "") for session in list(self.sessions.values())]

    def close(self) -> None:
        self._listener.close()
        self.path.unlink(missing_ok=True)

    def _accept(self) -> None:
        while True:
            try:
                connection, _ = self._listener.accept()
            except OSError:
                return  # closed
            if not _same_user(connection):
                log.warning("refused a local connection from another user")
                connection.close()
                continue
            threading.Thread(target=self._serve, args=(connection,), name="gasoline-local", daemon=True).start()

    def _serve(self, connection: socket.socket) -> None:
        session = Session(id=f"local-{next(self._ids)}")
        self.sessions[session.id] = session
        try:
            with connection, connection.makefile("rb") as reader, connection.makefile("wb") as writer:
                grace = self.eof_grace_seconds
                LineTransport(self.server, reader, writer, self.workers, grace, session, to_json).serve()
        except OSError:
            pass  # the bridge went away mid-line
        finally:
            self.sessions.pop(session.id, None)


def _same_user(connection: socket.socket) -> bool:
    credentials = connection.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _, uid, _ = struct.unpack("3i", credentials)
    return bool(uid == os.getuid())


@contextlib.contextmanager
def _private_umask() -> Iterator[None]:
    previous = os.umask(0o177)
    try:
        yield
    finally:
        os.umask(previous)

"""HTTP to a service's control endpoint, over kept-alive connections (one per service and thread),
so a call costs one round trip. Every failure to get an answer is ServiceUnreachable, naming the URL
and what happened (a URL that cannot be connected to at all included); an answer that is not the
protocol is ServiceProtocolError."""

from __future__ import annotations

import http.client
import json
import select
import socket
import threading
from dataclasses import dataclass, field
from typing import Any

from gasoline_generated.control_models import CONTROL_PATH
from gasoline_generated.policy import LIMITS

from .targets import NotAServiceURL, ServiceTarget

MAX_RESPONSE_BYTES = LIMITS.backend.response_max_bytes
DROPPED = (http.client.RemoteDisconnected, BrokenPipeError, ConnectionResetError)


class ServiceUnreachable(Exception):
    def __init__(self, tried: list[str]) -> None:
        super().__init__("; ".join(tried))
        self.tried = tried


class ServiceProtocolError(Exception):
    """The service answered, but not in the control protocol."""


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self, target: ServiceTarget) -> Any:
        try:
            return json.loads(self.body)
        except (ValueError, RecursionError) as error:
            raise ServiceProtocolError(
                f"{target.endpoint} answered {self.status} with a body that is not JSON ({describe_body(self.body)})"
            ) from error


def describe_body(body: bytes) -> str:
    text = body[:80].decode("utf-8", "replace")
    return repr(text) + ("..." if len(body) > 80 else "") if body else "empty"


@dataclass
class ControlClient:
    _local: threading.local = field(default_factory=threading.local)

    def send(self, target: ServiceTarget, method: str, body: Any = None, timeout_s: float = 10) -> Answer:
        """One request to the target's endpoint, sent once; ServiceUnreachable when no answer came."""
        payload = None if body is None else json.dumps(body, separators=(",", ":")).encode()
        headers = {"Accept": "application/json"}
        if payload is not None:
            headers["Content-Type"] = "application/json"
        if target.token:
            headers["Authorization"] = f"Bearer {target.token}"
        where = f"{method} {target.endpoint}"
        try:
            connection = self._connection(target, timeout_s)
        except NotAServiceURL as error:
            raise ServiceUnreachable([f"{where}: {error}"]) from error
        try:
            connection.request(method, CONTROL_PATH, body=payload, headers=headers)
            response = connection.getresponse()
            data = response.read(MAX_RESPONSE_BYTES + 1)
        except DROPPED as error:
            self._drop(target)
            raise ServiceUnreachable([f"{where}: the connection was dropped ({type(error).__name__})"]) from error
        except TimeoutError as error:
            self._drop(target)
            raise ServiceUnreachable([f"{where}: no answer within {timeout_s * 1000:.0f} ms"]) from error
        except (OSError, http.client.HTTPException, UnicodeError) as error:
            self._drop(target)
            raise ServiceUnreachable([f"{where}: {error_text(error)}"]) from error
        if len(data) > MAX_RESPONSE_BYTES:
            self._drop(target)
            raise ServiceProtocolError(f"{where}: the answer is over {MAX_RESPONSE_BYTES} bytes")
        if response.will_close:
            self._drop(target)
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, data)

    def _connection(self, target: ServiceTarget, timeout_s: float) -> http.client.HTTPConnection:
        """The kept-alive connection to the service, unless the service closed it while it was idle
        (checked before sending, so a request is never sent twice)."""
        pool = self._pool()
        connection = pool.get(target.base_url)
        if connection is not None and connection.sock is not None and not closed_by_peer(connection.sock):
            connection.sock.settimeout(timeout_s)
            return connection
        self._drop(target)
        address = target.address()
        secure = address.scheme == "https"
        kind = http.client.HTTPSConnection if secure else http.client.HTTPConnection
        port = address.port or (443 if secure else 80)  # given, so an IPv6 host's last group is never read as one
        connection = kind(address.host, port, timeout=timeout_s)
        pool[target.base_url] = connection
        return connection

    def close_thread_connections(self) -> None:
        """Close the connections of the calling thread, which is about to end."""
        pool = self._pool()
        for connection in pool.values():
            connection.close()
        pool.clear()

    def _pool(self) -> dict[str, http.client.HTTPConnection]:
        pool: dict[str, http.client.HTTPConnection] = self._local.__dict__.setdefault("pool", {})
        return pool

    def _drop(self, target: ServiceTarget) -> None:
        connection = self._pool().pop(target.base_url, None)
        if connection is not None:
            connection.close()


def closed_by_peer(sock: socket.socket) -> bool:
    """An idle kept-alive socket that is readable has been closed (or spoken on) by the service."""
    readable, _, _ = select.select([sock], [], [], 0)
    return bool(readable)


def error_text(error: BaseException) -> str:
    if isinstance(error, ConnectionRefusedError):
        return "connection refused"
    if isinstance(error, socket.gaierror):
        return f"the host name does not resolve ({error.strerror})"
    return f"{type(error).__name__}: {error}"

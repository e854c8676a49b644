"""The demo shop: a small single-page web app on loopback that does everything the extension records.

The end-to-end tests open it in headless Chromium with the extension loaded and call the page's
`window.gasolineDemo` scenarios (console levels, uncaught errors, failing and large network
responses, a WebSocket chat, a password form); `python -m gasoline.demo_app` serves it by hand.
`DemoApp` runs an HTTP server for the page and its JSON API, and a WebSocket echo server for the
chat, each on its own port, and `close()` leaves no thread or socket behind.
"""

from __future__ import annotations

import contextlib
import itertools
import json
import secrets
import socket
import struct
import sys
import threading
import zlib
from collections.abc import Callable
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response
from websockets.sync.server import Server, ServerConnection, serve

STATIC_DIR = Path(__file__).parent / "static"
STATIC_FILES = {"/": "index.html", "/app.js": "app.js", "/style.css": "style.css", "/bench.html": "bench.html"}
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
USERS = [{"id": 1, "name": "Alice"}, {"id": 2, "name": "Bob"}, {"id": 3, "name": "Dave"}]
MAX_BODY_BYTES = 64 * 1024


def _png(size: int = 16) -> bytes:
    """A real PNG (an orange-to-yellow square), built here so the app ships no binary files."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    # Each scanline is a filter byte (0: none) followed by RGB pixels.
    rows = b"".join(b"\x00" + bytes((255, 96 + 9 * y, 16)) * size for y in range(size))
    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)  # 8-bit RGB, no interlace
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


LOGO_PNG = _png()
# About 40 KB of catalogue, so that a 16 KB response-body capture limit has to truncate it.
LARGE_JSON = json.dumps(
    {
        "products": [
            {
                "id": number,
                "name": f"Demo product {number}",
                "description": "A perfectly ordinary product, listed to make this response large.",
                "price_cents": 499 + 25 * number,
            }
            for number in range(1, 281)
        ]
    }
).encode()


class BadRequest(Exception):
    """A client error, answered as {"error": message} with the given status."""

    def __init__(self, message: str, status: HTTPStatus = HTTPStatus.BAD_REQUEST) -> None:
        super().__init__(message)
        self.status = status


def unused_port() -> int:
    """A loopback port nothing listens on (just freed): free to listen on, and refusing requests until
    then. A fixed well-known one will not do: Chromium refuses to try unsafe ports such as 9 at all."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class _HTTPServer(ThreadingHTTPServer):
    """ThreadingHTTPServer whose server_close() also ends idle keep-alive connections and joins their threads.

    The browser keeps connections open between requests, so a handler thread can sit in readline()
    indefinitely; the standard server neither tracks daemon threads nor wakes them up.
    """

    daemon_threads = True

    def __init__(self, address: tuple[str, int]) -> None:
        super().__init__(address, DemoRequestHandler)
        self.ws_url = ""  # set by DemoApp.start() once the WebSocket server has its port
        self.unreachable_url = f"http://127.0.0.1:{unused_port()}/unreachable"
        self.user_ids = itertools.count(len(USERS) + 1)
        self._connections: dict[socket.socket, threading.Thread] = {}
        self._lock = threading.Lock()

    def server_bind(self) -> None:
        # HTTPServer.server_bind looks the host up with socket.getfqdn(), a reverse DNS query that
        # can stall for seconds; the name is never used here.
        super(ThreadingHTTPServer, self).server_bind()  # TCPServer.server_bind: just bind
        host, port = self.server_address[:2]
        self.server_name, self.server_port = str(host), int(port)

    def process_request(self, request: Any, client_address: Any) -> None:
        thread = threading.Thread(
            target=self.process_request_thread, args=(request, client_address), name="demo-http", daemon=True
        )
        with self._lock:
            self._connections[request] = thread
        thread.start()

    def shutdown_request(self, request: Any) -> None:
        with self._lock:
            self._connections.pop(request, None)
        super().shutdown_request(request)

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A browser dropping a connection mid-request is routine, not worth a traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)

    def server_close(self) -> None:
        super().server_close()
        with self._lock:
            connections = list(self._connections.items())
        for connection, _ in connections:
            with contextlib.suppress(OSError):  # already closed by its own thread
                connection.shutdown(socket.SHUT_RDWR)
        for _, thread in connections:
            thread.join()


class DemoRequestHandler(BaseHTTPRequestHandler):
    server: _HTTPServer
    # HTTP/1.1 keeps connections alive, as real servers do (and the fetch benchmark needs).
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; with Nagle's algorithm the body would wait for the
    # client's delayed ACK (about 40 ms a response), which would swamp the fetch benchmark.
    disable_nagle_algorithm = True
    server_version = "GasolineDemo/1.0"

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: no line per request."""

    def end_headers(self) -> None:
        # Every response, errors from the standard library included: the browser must not answer
        # repeated requests from its cache, or the capture would miss them.
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def do_GET(self) -> None:
        self._dispatch("GET")

    def do_POST(self) -> None:
        self._dispatch("POST")

    def _dispatch(self, method: str) -> None:
        path = urlsplit(self.path).path
        try:
            if method == "GET" and path in STATIC_FILES:
                self._static(STATIC_FILES[path])
            elif (method, path) in API:
                API[method, path](self)
            elif path in STATIC_FILES or any(path == known for _, known in API):
                raise BadRequest("method not allowed", HTTPStatus.METHOD_NOT_ALLOWED)
            else:
                raise BadRequest("not found", HTTPStatus.NOT_FOUND)
        except BadRequest as error:
            self.send_json(error.status, {"error": str(error)})

    def send_body(
        self, status: HTTPStatus, body: bytes, content_type: str, headers: dict[str, str] | None = None
    ) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)

    def send_json(self, status: HTTPStatus, value: Any, headers: dict[str, str] | None = None) -> None:
        self.send_body(status, json.dumps(value).encode(), "application/json", headers)

    def read_body(self) -> bytes:
        try:
            length = int(self.headers.get("Content-Length", "0"))
        except ValueError:
            raise BadRequest("invalid Content-Length") from None
        if length < 0:
            raise BadRequest("invalid Content-Length")
        if length > MAX_BODY_BYTES:
            # The unread body would be taken for the next request; drop the connection instead.
            self.close_connection = True
            raise BadRequest("request body too large", HTTPStatus.REQUEST_ENTITY_TOO_LARGE)
        return self.rfile.read(length)

    def read_json_object(self) -> dict[str, Any]:
        try:
            value = json.loads(self.read_body())
        except ValueError:  # JSONDecodeError and UnicodeDecodeError alike
            raise BadRequest("invalid JSON body") from None
        if not isinstance(value, dict):
            raise BadRequest("expected a JSON object")
        return value

    def _static(self, name: str) -> None:
        file = STATIC_DIR / name
        self.send_body(HTTPStatus.OK, file.read_bytes(), CONTENT_TYPES[file.suffix])

    # The API, one method per route (see API below).

    def config(self) -> None:
        self.send_json(HTTPStatus.OK, {"wsUrl": self.server.ws_url, "unreachableUrl": self.server.unreachable_url})

    def list_users(self) -> None:
        self.send_json(HTTPStatus.OK, USERS, self._session_cookie())

    def create_user(self) -> None:
        user = {**self.read_json_object(), "id": next(self.server.user_ids)}
        self.send_json(HTTPStatus.CREATED, user, self._session_cookie())

    def cart(self) -> None:
        self.send_json(HTTPStatus.INTERNAL_SERVER_ERROR, {"error": "cart service unavailable"})

    def logo(self) -> None:
        self.send_body(HTTPStatus.OK, LOGO_PNG, "image/png")

    def large(self) -> None:
        self.send_body(HTTPStatus.OK, LARGE_JSON, "application/json")

    def login(self) -> None:
        if self.headers.get_content_type() == "application/x-www-form-urlencoded":
            try:
                fields = {name: values[0] for name, values in parse_qs(self.read_body().decode()).items()}
            except UnicodeDecodeError:
                raise BadRequest("invalid form body") from None
        else:
            fields = self.read_json_object()
        password = fields.get("password")
        if not isinstance(password, str) or not password:
            raise BadRequest("password is required")
        self.send_json(HTTPStatus.OK, {"ok": True})

    def ping(self) -> None:
        self.send_json(HTTPStatus.OK, {"pong": True})

    @staticmethod
    def _session_cookie() -> dict[str, str]:
        # A fresh secret each time: something for the capture's redaction to hide.
        return {"Set-Cookie": f"session={secrets.token_urlsafe(16)}; Path=/; HttpOnly; SameSite=Lax"}


API: dict[tuple[str, str], Callable[[DemoRequestHandler], None]] = {
    ("GET", "/config.json"): DemoRequestHandler.config,
    ("GET", "/api/users"): DemoRequestHandler.list_users,
    ("POST", "/api/users"): DemoRequestHandler.create_user,
    ("GET", "/api/cart"): DemoRequestHandler.cart,
    ("GET", "/api/logo.png"): DemoRequestHandler.logo,
    ("GET", "/api/large"): DemoRequestHandler.large,
    ("POST", "/api/login"): DemoRequestHandler.login,
    ("GET", "/api/ping"): DemoRequestHandler.ping,
}


def _only_chat_path(connection: ServerConnection, request: Request) -> Response | None:
    """websockets' process_request hook: refuse the handshake on any path but /chat."""
    if urlsplit(request.path).path != "/chat":
        return connection.respond(HTTPStatus.NOT_FOUND, "not found\n")
    return None


def _chat(connection: ServerConnection) -> None:
    """One chat session: echo text as the bot, reverse binary frames, close on request."""
    try:
        connection.send(json.dumps({"type": "welcome"}))
        for message in connection:  # ends when the client closes
            if isinstance(message, bytes):
                connection.send(message[::-1])
                continue
            try:
                data = json.loads(message)
            except ValueError:
                data = None
            kind = data.get("type") if isinstance(data, dict) else None
            if kind == "chat":
                connection.send(json.dumps({"type": "chat", "from": "bot", "msg": f"echo: {data.get('msg')}"}))
            elif kind == "close":
                connection.close(1000, "bye")
                return
            else:
                connection.send(json.dumps({"type": "error", "msg": 'expected {"type": "chat" or "close", ...}'}))
    except ConnectionClosed:
        pass  # the page went away without a closing handshake (tab closed, reload): routine, not an error


class DemoApp:
    """The demo shop's HTTP and WebSocket servers, each on a loopback port (0: any free port)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, ws_port: int = 0) -> None:
        self.host = host
        self._port = port
        self._ws_port = ws_port
        self._http: _HTTPServer | None = None
        self._ws: Server | None = None
        self._threads: list[threading.Thread] = []

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self._port}/"

    @property
    def ws_url(self) -> str:
        return f"ws://{self.host}:{self._ws_port}/chat"

    def start(self) -> DemoApp:
        if self._threads:
            raise RuntimeError("DemoApp already started")
        self._http = _HTTPServer((self.host, self._port))
        try:
            self._ws = serve(_chat, self.host, self._ws_port, process_request=_only_chat_path)
        except BaseException:
            # Not serving yet: closing its socket is all the HTTP server needs.
            self._http.server_close()
            self._http = None
            raise
        self._port = self._http.server_address[1]
        self._ws_port = self._ws.socket.getsockname()[1]
        self._http.ws_url = self.ws_url
        self._threads = [
            threading.Thread(target=self._ws.serve_forever, name="demo-ws", daemon=True),
            # serve_forever() notices shutdown() only between polls: a short interval keeps close() quick.
            threading.Thread(
                target=self._http.serve_forever, kwargs={"poll_interval": 0.05}, name="demo-http-server", daemon=True
            ),
        ]
        for thread in self._threads:
            thread.start()
        return self

    def close(self) -> None:
        """Stop both servers, close their connections and join every thread. Safe to call twice."""
        if self._http is not None:
            self._http.shutdown()
            self._http.server_close()
            self._http = None
        if self._ws is not None:
            self._ws.shutdown()
            self._ws = None
        for thread in self._threads:
            thread.join()
        self._threads = []

    def __enter__(self) -> DemoApp:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.close()

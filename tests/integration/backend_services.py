"""Backend services for the backend-control tests: the Python template rendered into a falcon
service (a real one, with its SQLite store), and a service on 127.0.0.1 that speaks the protocol's
discovery correctly and then misbehaves on purpose, one way per operation."""

from __future__ import annotations

import json
import shutil
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from ..templates.support import ROOT, TOKEN, Service, control_env, render, serve

FALCON_APP = ROOT / "tests" / "templates" / "apps" / "python" / "falcon_app.py"
SERVICE_NAME = "api-server"


def render_python_service(destination: Path) -> Path:
    """The falcon flavour of the Python template, rendered into a team's app (billing/)."""
    rendered = render(
        "python", destination, {"service_name": SERVICE_NAME, "package": "billing", "framework": "falcon"}
    )
    shutil.copy(FALCON_APP, rendered / FALCON_APP.name)
    return rendered


@contextmanager
def python_service(rendered: Path, port: int, database: Path, log: Path) -> Iterator[Service]:
    command = [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}", "--threads=4", "falcon_app:app"]
    with serve(command, rendered, port, control_env(GASOLINE_CONTROL_DB=str(database)), log) as service:
        yield service


def project_config(port: int, odd_port: int, extra: str = "") -> str:
    """A .gasoline/config.yaml naming the rendered service and the odd one, with their token."""
    return (
        "backend:\n  services:\n"
        f"    - {{name: {SERVICE_NAME}, url: 'http://127.0.0.1:{port}', token: {TOKEN}}}\n"
        f"    - {{name: odd, url: 'http://127.0.0.1:{odd_port}', token: {TOKEN}}}\n" + extra
    )


ODD_OPERATIONS = [
    {"name": "garbage", "category": "inspection", "read_only": True, "description": "Answers text."},
    {"name": "hang", "category": "inspection", "read_only": True, "description": "Never answers."},
    {"name": "drop", "category": "data_injection", "read_only": False, "destructive": False,
     "description": "Closes the connection."},
    {"name": "flaky", "category": "state_management", "read_only": False, "destructive": False,
     "idempotent": True, "description": "Drops the first two calls, then succeeds."},
    {"name": "wrong_shape", "category": "inspection", "read_only": True, "description": "Answers other JSON."},
    {"name": "ignores_shadow", "category": "data_injection", "read_only": False, "destructive": False,
     "description": "Says it applied a shadow call."},
]  # fmt: skip


class OddService:
    """A service on 127.0.0.1 whose discovery is right and whose operations misbehave as named."""

    def __init__(self) -> None:
        self.posts: list[dict[str, object]] = []
        self.release = threading.Event()
        odd = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: object) -> None:
                """Quiet."""

            def answer(self, status: int, body: bytes = b"", kind: str = "application/json", **headers: str) -> None:
                self.send_response(status)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                for name, value in headers.items():
                    self.send_header(name.replace("_", "-"), value)
                self.end_headers()
                self.wfile.write(body)

            def do_OPTIONS(self) -> None:
                self.answer(204, X_Gasoline_Control="1.1")

            def do_GET(self) -> None:
                listing = {"service": "odd", "protocol_version": "1.1", "operations": ODD_OPERATIONS}
                self.answer(200, json.dumps(listing).encode())

            def do_POST(self) -> None:
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                odd.posts.append(request)
                operation = request["operation"]
                drops = sum(post["operation"] == "flaky" for post in odd.posts)
                if operation == "garbage":
                    self.answer(200, b"<html>oops</html>", "text/html")
                elif operation == "hang":
                    odd.release.wait(30)
                elif operation == "drop" or (operation == "flaky" and drops <= 2):
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                elif operation == "wrong_shape":
                    self.answer(200, b'{"rows": 3}')
                else:
                    done = {"status": "success", "result": {"ok": True}, "applied": True, "duration_ms": 1}
                    self.answer(200, json.dumps(done).encode())

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def posted(self, operation: str) -> int:
        return sum(post["operation"] == operation for post in self.posts)

    @contextmanager
    def running(self) -> Iterator[OddService]:
        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.release.set()
            self.server.shutdown()
            self.server.server_close()

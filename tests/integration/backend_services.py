"""Backend services for the backend-control tests: the Python template rendered into a falcon
service (a real one, with its SQLite store), a service on 127.0.0.1 that speaks the protocol's
discovery correctly and then misbehaves on purpose, one way per operation, and a service written
by hand to the released protocol 1.0. And the MCP calls those tests make of them."""

from __future__ import annotations

import copy
import json
import shutil
import socket
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

from jsonschema import Draft202012Validator

from ..templates.support import ROOT, TOKEN, Service, control_env, render, serve
from .conftest import Isolated
from .processes import Bridge, gasoline_cli

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
    {"name": "dangling", "category": "inspection", "read_only": True, "description": "Its params schema dangles.",
     "params": {"$ref": "#/$defs/nowhere"}},
]  # fmt: skip


class QuietHandler(BaseHTTPRequestHandler):
    """A kept-alive HTTP/1.1 handler that logs nothing."""

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


class LocalService:
    """An HTTP server on 127.0.0.1, served from a thread while running."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]

    def stopping(self) -> None:
        """Let go of whatever a handler still waits for."""

    @contextmanager
    def running(self) -> Iterator[Self]:
        thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        thread.start()
        try:
            yield self
        finally:
            self.stopping()
            self.server.shutdown()
            self.server.server_close()


class OddService(LocalService):
    """A service on 127.0.0.1 whose discovery is right and whose operations misbehave as named."""

    def __init__(self) -> None:
        self.posts: list[dict[str, object]] = []
        self.release = threading.Event()
        odd = self

        class Handler(QuietHandler):
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

        super().__init__(Handler)

    def posted(self, operation: str) -> int:
        return sum(post["operation"] == operation for post in self.posts)

    def stopping(self) -> None:
        self.release.set()


RECORDING_OPERATIONS = [
    {"name": "state", "category": "inspection", "read_only": True, "description": "How many touches."},
    {"name": "touch", "category": "data_injection", "read_only": False, "destructive": False,
     "description": "Counts one touch."},
]  # fmt: skip


class RecordingService(LocalService):
    """A service on 127.0.0.1 that speaks the protocol and records the headers of every request it
    receives; with `wants` set, it answers 401 to a request without `Authorization: Bearer <wants>`."""

    def __init__(self, wants: str | None = None) -> None:
        self.seen: list[tuple[str, dict[str, str]]] = []  # (method, headers with lower-case names)
        self.touches = 0
        recording = self

        class Handler(QuietHandler):
            def admitted(self) -> bool:
                recording.seen.append((self.command, {k.lower(): v for k, v in self.headers.items()}))
                if wants is not None and self.headers.get("Authorization") != f"Bearer {wants}":
                    self.answer(401, b'{"error": "unauthorized"}')
                    return False
                return True

            def do_OPTIONS(self) -> None:
                if self.admitted():
                    self.answer(204, X_Gasoline_Control="1.1")

            def do_GET(self) -> None:
                if self.admitted():
                    listing = {"service": "recording", "protocol_version": "1.1", "operations": RECORDING_OPERATIONS}
                    self.answer(200, json.dumps(listing).encode())

            def do_POST(self) -> None:
                request = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if not self.admitted():
                    return
                applies = request["operation"] == "touch" and not (request.get("shadow_mode") or request.get("dry_run"))
                recording.touches += applies
                result = {"values": {"touches": recording.touches}} if request["operation"] == "state" else {}
                done = {"status": "success", "result": result, "applied": applies, "duration_ms": 0}
                self.answer(200, json.dumps(done).encode())

        super().__init__(Handler)

    def authorizations(self) -> list[str]:
        """Every Authorization header the service was sent."""
        return [headers["authorization"] for _, headers in self.seen if "authorization" in headers]


RELEASED_1_0 = ROOT / "spec" / "releases" / "control" / "1.0.json"
NO_PARAMS = {"type": "object", "additionalProperties": False}
ORDER = {
    "type": "object",
    "properties": {"item": {"type": "string", "minLength": 1}, "quantity": {"type": "integer", "minimum": 1}},
    "required": ["item"],
    "additionalProperties": False,
}
# What the orders service's snapshot returns and its restore takes back: a shape of its own.
ORDERS_STATE = {
    "type": "object",
    "properties": {"orders": {"type": "array", "items": {"type": "object"}}, "next_id": {"type": "integer"}},
    "required": ["orders", "next_id"],
    "additionalProperties": False,
}
ORDERS_OPERATIONS = [
    {"name": "list_orders", "category": "inspection", "safe": True, "description": "The orders, oldest first.",
     "params": NO_PARAMS},
    {"name": "place_order", "category": "data_injection", "safe": False, "description": "Place an order.",
     "params": ORDER, "returns": {"type": "object", "properties": {"order_id": {"type": "integer"}}},
     "examples": ['{"item": "tea", "quantity": 2}', '["tea"]', "{tea"]},
    {"name": "state", "category": "inspection", "safe": True, "description": "How many orders, of what.",
     "params": NO_PARAMS},
    {"name": "snapshot", "category": "state_management", "safe": True, "description": "Every order.",
     "params": NO_PARAMS, "returns": ORDERS_STATE},
    {"name": "restore", "category": "state_management", "safe": False, "description": "Put orders back.",
     "params": ORDERS_STATE},
]  # fmt: skip


def released_1_0(shape: str) -> Draft202012Validator:
    """A validator of one schema of protocol 1.0, read from the released document itself."""
    document = json.loads(RELEASED_1_0.read_text(encoding="utf-8"))["contract"]["openapi"]
    return Draft202012Validator({"components": document["components"], "$ref": f"#/components/schemas/{shape}"})


@dataclass
class Orders:
    """The orders service's store."""

    placed: list[dict[str, Any]] = field(default_factory=list)
    next_id: int = 1

    def run(self, operation: str, params: dict[str, Any]) -> dict[str, Any]:
        if operation == "place_order":
            self.placed.append({"id": self.next_id, "item": params["item"], "quantity": params.get("quantity", 1)})
            self.next_id += 1
            return {"order_id": self.next_id - 1}
        if operation == "list_orders":
            return {"orders": copy.deepcopy(self.placed)}
        if operation == "state":
            return {"order_count": len(self.placed), "items": sorted({order["item"] for order in self.placed})}
        if operation == "snapshot":
            return {"orders": copy.deepcopy(self.placed), "next_id": self.next_id}
        self.placed, self.next_id = copy.deepcopy(params["orders"]), params["next_id"]
        return {"restored": len(self.placed)}

    def checksum(self) -> str:
        """Its own kind of checksum: a string, not a SHA-256."""
        return f"orders-{len(self.placed)}-next-{self.next_id}"


class OrdersService(LocalService):
    """A shop's orders service on 127.0.0.1, written by hand to the released protocol 1.0
    (spec/releases/control/1.0.json): OPTIONS names its version (1.0 said "1"), its operations say
    `safe`, their examples are JSON text, its checksums are its own strings, and every request is
    checked against 1.0's closed ControlRequest: a field 1.0 does not know is a 400 invalid_request."""

    def __init__(self, version_header: str = "1") -> None:
        self.store = Orders()
        self.requests: list[dict[str, Any]] = []  # every request that fit 1.0's ControlRequest
        self.refused: list[str] = []  # why each that did not was refused
        self.lock = threading.Lock()
        self.request_schema = released_1_0("ControlRequest")
        service = self

        class Handler(QuietHandler):
            def do_OPTIONS(self) -> None:
                self.answer(204, X_Gasoline_Control=version_header)

            def do_GET(self) -> None:
                listing = {"service": "orders", "version": "0.9.0", "protocol_version": "1",
                           "operations": ORDERS_OPERATIONS}  # fmt: skip
                self.answer(200, json.dumps(listing).encode())

            def do_POST(self) -> None:
                status, response = service.post(self.rfile.read(int(self.headers["Content-Length"])))
                self.answer(status, json.dumps(response).encode())

        super().__init__(Handler)

    def post(self, body: bytes) -> tuple[int, dict[str, Any]]:
        try:
            request = json.loads(body)
        except ValueError:
            return failure(400, "invalid_request", "the body is not JSON")
        problems = [error.message for error in self.request_schema.iter_errors(request)]
        if problems:
            self.refused.append("; ".join(problems))
            return failure(400, "invalid_request", "; ".join(problems))
        with self.lock:
            self.requests.append(request)
            declared = next((op for op in ORDERS_OPERATIONS if op["name"] == request["operation"]), None)
            if declared is None:
                return failure(404, "unknown_operation", f"no operation named {request['operation']!r}")
            params = request.get("params", {})
            misfits = [error.message for error in Draft202012Validator(declared["params"]).iter_errors(params)]
            if misfits:
                return failure(400, "invalid_params", "; ".join(misfits))
            if request.get("dry_run"):
                return 200, {"status": "success", "result": {}, "duration_ms": 0}
            store = copy.deepcopy(self.store) if request.get("shadow_mode") else self.store
            result = store.run(request["operation"], params)
            return 200, {"status": "success", "result": result, "checksum": store.checksum(), "duration_ms": 0}

    def received(self, operation: str) -> list[dict[str, Any]]:
        return [request for request in self.requests if request["operation"] == operation]


def failure(status: int, code: str, message: str) -> tuple[int, dict[str, Any]]:
    return status, {"status": "error", "error": {"code": code, "message": message}, "duration_ms": 0}


def call(bridge: Bridge, tool: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    result = bridge.call(tool, arguments, seconds=60)["result"]
    return bool(result.get("isError")), result["structuredContent"]


def ok(bridge: Bridge, tool: str, **arguments: Any) -> dict[str, Any]:
    failed, structured = call(bridge, tool, **arguments)
    assert not failed, structured
    return structured


def approval(bridge: Bridge, isolated: Isolated, tool: str, **arguments: Any) -> str:
    """The id of the approval a person gave on the command line, once the call asked for it."""
    failed, asked = call(bridge, tool, **arguments)
    assert failed and asked["error"] == "approval_required", asked
    decided = gasoline_cli(isolated.state_dir, isolated.port, "approve", asked["details"]["request_id"])
    assert decided.returncode == 0, decided.stderr
    approval_id: str = asked["details"]["request_id"]
    return approval_id


def approved(bridge: Bridge, isolated: Isolated, tool: str, **arguments: Any) -> dict[str, Any]:
    """The call, once a person approved it on the command line."""
    return ok(bridge, tool, **arguments, approval_id=approval(bridge, isolated, tool, **arguments))


def audit_lines(isolated: Isolated) -> list[dict[str, Any]]:
    log = isolated.state_dir.parent / ".gasoline" / "audit.jsonl"
    text = log.read_text() if log.exists() else ""
    assert text == "" or text.endswith("\n"), "every entry is a whole line"
    return [json.loads(line) for line in text.splitlines()]

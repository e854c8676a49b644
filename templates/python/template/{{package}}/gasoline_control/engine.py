"""Runs one POSTed ControlRequest: checks it and its params, answers a repeated idempotency key
from memory, honours dry_run and shadow_mode, runs the operation in a transaction of the store,
and writes the outcome to the service's log.

A response is built with the current protocol's fields (applied, replayed, ...); wire_response
keeps those of the protocol version the bindings speak."""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from typing import Any

from pydantic import ValidationError

from . import store
from .failures import Failures
from .idempotency import Answer, IdempotencyKeys, fingerprint
from .log import log_operation, logger
from .protocol_generated import ControlRequest, ControlResponse, idempotency_key, wire_response
from .registry import Context, Operation, OperationFailed, Registry


class InvalidRequest(ValueError):
    """The body is not a ControlRequest."""


def reject_constant(name: str) -> Any:
    raise InvalidRequest(f"the body is not JSON: {name} is not a JSON number")


def parse_request(body: bytes) -> ControlRequest:
    try:
        data = json.loads(body, parse_constant=reject_constant)
    except (ValueError, RecursionError) as problem:
        raise InvalidRequest(f"the body is not JSON: {problem}") from problem
    if not isinstance(data, dict):
        raise InvalidRequest("the body is not a JSON object")
    # The models read an absent optional field as None; in the protocol no field may be null.
    nulls = sorted(name for name, value in data.items() if value is None)
    if nulls:
        raise InvalidRequest(f"null is not a value of {', '.join(nulls)}")
    try:
        return ControlRequest.model_validate(data)
    except ValidationError as invalid:
        problems = (f"{'.'.join(str(part) for part in e['loc']) or 'body'}: {e['msg']}" for e in invalid.errors())
        raise InvalidRequest("; ".join(problems)) from invalid


def error(code: str, message: str) -> dict[str, Any]:
    return {"status": "error", "applied": False, "error": {"code": code, "message": message}}


def finished(response: dict[str, Any], started: float) -> dict[str, Any]:
    return {**response, "duration_ms": int((time.monotonic() - started) * 1000)}


def sent(response: dict[str, Any]) -> dict[str, Any]:
    """The response as the bindings' protocol version has it, checked against that before it is sent."""
    wire = wire_response(response)
    ControlResponse.model_validate(wire)
    return wire


def run_operation(operation: Operation, params: dict[str, Any], failures: Failures, shadow: bool) -> dict[str, Any]:
    """Run the operation in one transaction of the store, committed only when it succeeded and may
    change state outside shadow mode; the checksum is of the state it leaves (or would leave)."""
    try:
        db = store.connect()
    except (OSError, sqlite3.Error) as problem:
        return error("failed", f"the store at {store.database_path()} cannot be opened: {problem}")
    try:
        db.execute("BEGIN IMMEDIATE")
        context = Context(db, failures.copy() if shadow else failures, shadow)
        result = json.loads(json.dumps(dict(operation.handler(context, params))))
        checksum = store.checksum(db)
        applied = not (shadow or operation.read_only)
        if applied:
            db.execute("COMMIT")
    except OperationFailed as failed:
        return error(failed.code, str(failed))
    except Exception as problem:  # the operation's own bug is reported to the caller, not a 500
        logger.exception("gasoline-control operation=%s raised", operation.name)
        return error("failed", f"{type(problem).__name__}: {problem}")
    finally:
        if db.in_transaction:
            db.execute("ROLLBACK")
        db.close()
    response = {"status": "success", "result": result, "checksum": checksum, "applied": applied}
    if operation.category == "failure_simulation" and "expires_at" in result:  # the fault's end
        response["expires_at"] = result["expires_at"]
    return response


class Engine:
    """The POST side of the endpoint, with the answers kept per idempotency key."""

    def __init__(self, registry: Registry, failures: Failures) -> None:
        self._registry = registry
        self._failures = failures
        self._keys = IdempotencyKeys()
        # One operation at a time: each starts from the state the previous one left.
        self._lock = threading.Lock()

    def execute(self, body: bytes) -> tuple[int, dict[str, Any]]:
        """(HTTP status, ControlResponse) of a POST body."""
        started = time.monotonic()
        try:
            request = parse_request(body)
        except InvalidRequest as problem:
            log_operation("-", None, "error", applied=False)
            return 400, sent(finished(error("invalid_request", str(problem)), started))
        with self._lock:
            status, response = self._answer(request, started)
        log_operation(request.operation, request.correlation_id, response["status"], response.get("applied", False))
        return status, sent(response)

    def _answer(self, request: ControlRequest, started: float) -> tuple[int, dict[str, Any]]:
        key = idempotency_key(request)
        if key is None:
            return self._run(request, started)
        kept = self._keys.get(key)
        if kept is None:
            status, response = self._run(request, started)
            self._keys.keep(key, Answer(fingerprint(request), status, response))
            return status, response
        if kept.fingerprint != fingerprint(request):
            message = f"the idempotency key {key!r} came before with another request"
            return 409, finished(error("idempotency_conflict", message), started)
        return kept.status, {**kept.response, "replayed": True}

    def _run(self, request: ControlRequest, started: float) -> tuple[int, dict[str, Any]]:
        operation = self._registry.get(request.operation)
        if operation is None:
            message = f"this service has no operation named {request.operation!r}"
            return 404, finished(error("unknown_operation", message), started)
        problem = operation.params_problem(request.params)
        if problem is not None:
            return 400, finished(error("invalid_params", problem), started)
        if request.dry_run:
            return 200, finished({"status": "success", "applied": False}, started)
        return 200, finished(run_operation(operation, request.params, self._failures, request.shadow_mode), started)

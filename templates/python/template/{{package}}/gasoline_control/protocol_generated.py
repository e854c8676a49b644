# Generated from spec/control/control.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Pydantic models of the Gasoline control protocol 1.1 (/.gasoline/control).

The endpoint validates requests and builds responses with them; `copier update` replaces this file
when the protocol changes, while the service's own operations stay in operations.py."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AwareDatetime, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr


class ControlOperation(BaseModel):
    """
    One operation a service offers, with the hints a caller needs to decide whether to ask a person first.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    name: Annotated[StrictStr, Field(pattern="^[a-z][a-z0-9_]*$")]
    """
    The operation's name.
    """
    category: Literal["state_management", "data_injection", "failure_simulation", "inspection"]
    """
    What the operation is for.
    """
    read_only: StrictBool
    """
    True when it changes nothing (it only reads); Gasoline runs it without asking.
    """
    destructive: StrictBool = True
    """
    For an operation that changes state: true when it can delete or overwrite data (a reset, a restore); Gasoline then always asks a person first.
    """
    idempotent: StrictBool = False
    """
    True when running it twice with the same params does what running it once does; only those are retried after a network failure.
    """
    description: StrictStr
    """
    What it does, for the AI and the person approving it.
    """
    params: dict[str, Any] | None = None
    """
    JSON Schema of its params; Gasoline checks params against it before sending anything.
    """
    returns: dict[str, Any] | None = None
    """
    JSON Schema of its result.
    """
    examples: list[dict[str, Any]] | None = None
    """
    Example params.
    """


class ControlRequest(BaseModel):
    """
    A request to run one operation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    operation: Annotated[StrictStr, Field(pattern="^[a-z][a-z0-9_]*$")]
    """
    Name of the operation.
    """
    params: dict[str, Any] = {}
    """
    The operation's params.
    """
    correlation_id: Annotated[StrictStr | None, Field(min_length=1)] = None
    """
    Ties this call to a test run across frontend, backend and code changes; the service writes it in its own log.
    """
    idempotency_key: Annotated[StrictStr | None, Field(max_length=200, min_length=1)] = None
    """
    Unique per state-changing call; a service that sees it again answers as it did the first time and runs nothing.
    """
    shadow_mode: StrictBool = False
    """
    Run the operation, report its predicted result and keep none of its changes.
    """
    dry_run: StrictBool = False
    """
    Check the params and log the operation; run nothing.
    """


class ControlError(BaseModel):
    """
    Why an operation failed.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    code: Annotated[StrictStr, Field(min_length=1)]
    """
    A stable code: invalid_request, invalid_params, unknown_operation, idempotency_conflict, failed, or one of the service's own.
    """
    message: StrictStr
    """
    What went wrong.
    """


class ControlSnapshot(BaseModel):
    """
    The result of the operation named snapshot: the service's whole state, which the restore operation takes back; the response's checksum is that state's.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    format: Annotated[StrictStr, Field(min_length=1)]
    """
    How data is encoded, in the service's own terms ("sqlite-json/1").
    """
    data: StrictStr
    """
    The state, base64-encoded.
    """
    rows: Annotated[StrictInt | None, Field(ge=0)] = None
    """
    How many records the state holds, when the service counts them.
    """


class ControlRestored(BaseModel):
    """
    The result of the operation named restore (its params are a ControlSnapshot); the response's checksum must equal the snapshot's.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    rows_restored: Annotated[StrictInt, Field(ge=0)]
    """
    How many records were put back.
    """


class ControlStateValues(BaseModel):
    """
    The result of the operation named state (params: an optional keys list): the values asked for, and the keys the service does not know.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    values: dict[str, Any]
    """
    Each key read and its value.
    """
    missing_keys: list[StrictStr] | None = None
    """
    The keys asked for that the service does not know.
    """


class ControlDiscovery(BaseModel):
    """
    A service and the operations it offers.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    service: Annotated[StrictStr, Field(min_length=1)]
    """
    The service's name, as Gasoline refers to it ("api-server").
    """
    version: StrictStr | None = None
    """
    The service's own version.
    """
    protocol_version: Annotated[StrictStr, Field(pattern="^1\\.[0-9]+$")]
    """
    The control protocol version the service speaks (MAJOR.MINOR).
    """
    operations: list[ControlOperation]


class ControlResponse(BaseModel):
    """
    The outcome of one operation.
    """

    model_config = ConfigDict(
        extra="forbid",
    )
    status: Literal["success", "error"]
    """
    Whether the operation succeeded.
    """
    result: dict[str, Any] | None = None
    """
    What the operation returned (or would return, in shadow mode).
    """
    checksum: Annotated[StrictStr | None, Field(pattern="^[0-9a-f]{64}$")] = None
    """
    SHA-256 of the service's state after the operation, when it can compute one.
    """
    applied: StrictBool | None = None
    """
    True when the operation changed the service's state and kept the change; false for reads, shadow mode, dry runs and failures.
    """
    expires_at: AwareDatetime | None = None
    """
    For an injected fault: when it ends by itself (UTC).
    """
    duration_ms: Annotated[StrictInt | None, Field(ge=0)] = None
    """
    How long the operation took.
    """
    replayed: StrictBool | None = None
    """
    True when the idempotency key was seen before and this is the first call's answer again; nothing ran.
    """
    error: ControlError | None = None


# What a service of this protocol version announces, as X-Gasoline-Control and protocol_version.
PROTOCOL_VERSION = "1.1"


# The endpoint's code speaks the current protocol's terms (an operation's read_only, destructive
# and idempotent, a request's idempotency_key, a response's applied and replayed); these functions
# say them as protocol 1.1 does, so that the same code serves every version.


def discovery_entry(operation: dict[str, Any]) -> dict[str, Any]:
    """A registered operation, its fields named as the current protocol names them, as discovery
    lists it (a ControlOperation); a field without a value is left out."""
    entry = {
        "name": operation.get("name"),
        "category": operation.get("category"),
        "read_only": operation.get("read_only"),
        "destructive": operation.get("destructive"),
        "idempotent": operation.get("idempotent"),
        "description": operation.get("description"),
        "params": operation.get("params"),
        "returns": operation.get("returns"),
        "examples": operation.get("examples"),
    }
    return {field: value for field, value in entry.items() if value is not None}


def idempotency_key(request: ControlRequest) -> str | None:
    """The key that a retried call repeats: the request's idempotency_key."""
    return request.idempotency_key


def wire_response(answer: dict[str, Any]) -> dict[str, Any]:
    """The endpoint's answer, its fields named as the current protocol names them, as a
    ControlResponse: the fields this version has, and no others."""
    response = {
        "status": answer.get("status"),
        "result": answer.get("result"),
        "checksum": answer.get("checksum"),
        "applied": answer.get("applied"),
        "expires_at": answer.get("expires_at"),
        "duration_ms": answer.get("duration_ms"),
        "replayed": answer.get("replayed"),
        "error": answer.get("error"),
    }
    return {field: value for field, value in response.items() if value is not None}

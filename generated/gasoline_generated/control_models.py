# Generated from spec/control/control.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Pydantic models of the /.gasoline/control protocol."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import MISSING, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr


class ControlOperation(BaseModel):
    """
    One operation a service offers.
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
    safe: StrictBool
    """
    True when it changes nothing (reads only); false operations need approval.
    """
    description: StrictStr
    """
    What it does, for the AI and the human approving it.
    """
    params: dict[str, Any] | MISSING = MISSING
    """
    JSON Schema of its params.
    """
    returns: dict[str, Any] | MISSING = MISSING
    """
    JSON Schema of its result.
    """
    examples: list[StrictStr] | MISSING = MISSING
    """
    Example params as JSON text.
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
    correlation_id: StrictStr | MISSING = MISSING
    """
    Ties this call to a test run across frontend, backend and code changes.
    """
    request_id: StrictStr | MISSING = MISSING
    """
    Unique per call; a service may use it to make retries idempotent.
    """
    shadow_mode: StrictBool = False
    """
    Predict the result and change nothing.
    """
    dry_run: StrictBool = False
    """
    Validate and log the operation without committing it.
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
    A stable code such as unknown_operation, invalid_params or failed.
    """
    message: StrictStr
    """
    What went wrong.
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
    version: StrictStr | MISSING = MISSING
    """
    The service's own version.
    """
    protocol_version: Literal["1"]
    """
    The control protocol version.
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
    result: dict[str, Any] | MISSING = MISSING
    """
    What the operation returned.
    """
    checksum: StrictStr | MISSING = MISSING
    """
    SHA-256 of the service's state after the operation, when it can compute one.
    """
    duration_ms: Annotated[StrictInt | MISSING, Field(ge=0)] = MISSING
    """
    How long the operation took.
    """
    error: ControlError | MISSING = MISSING

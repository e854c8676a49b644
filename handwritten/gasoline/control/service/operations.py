"""An operation as a service declares it: found by name, its params checked against its schema
before anything is sent, and its mutation class read from its hints (as MCP tools declare theirs)."""

from __future__ import annotations

import functools
import json
from typing import TYPE_CHECKING, Any

from pydantic import MISSING

from gasoline.contract import CallContext, MutationClass
from gasoline.core.errors import ToolFailure
from gasoline_generated.control_models import ControlOperation

from .discovery import Discovered

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator


def find_operation(ctx: CallContext, discovered: Discovered, name: str) -> ControlOperation:
    for operation in discovered.discovery.operations:
        if operation.name == name:
            return operation
    offered = [operation.name for operation in discovered.discovery.operations]
    service = discovered.discovery.service
    message = f"{ctx.entry.label}: {service} offers no operation {name!r}; it offers: {', '.join(offered) or 'none'}"
    raise ToolFailure.of(ctx.entry, "operation_unknown", message, details={"operations": offered})


def mutation_of(operation: ControlOperation) -> MutationClass:
    """read_only when it only reads; otherwise destructive unless it says it is not (MCP's default)."""
    if operation.read_only:
        return "read_only"
    return "mutating" if operation.destructive is False else "destructive"


def idempotent(operation: ControlOperation) -> bool:
    return operation.read_only or operation.idempotent is True


def check_params(ctx: CallContext, operation: ControlOperation, params: dict[str, Any]) -> None:
    """invalid_arguments naming each param that does not fit the operation's declared schema."""
    if operation.params is MISSING:
        return
    from jsonschema.exceptions import SchemaError  # only once a service is driven: the daemon starts smaller
    from referencing.exceptions import Unresolvable

    try:
        validator = validator_for(json.dumps(operation.params, sort_keys=True))
    except SchemaError as error:
        message = f"{ctx.entry.label}: {operation.name}'s params schema is not valid JSON Schema: {error.message}"
        raise ToolFailure.of(ctx.entry, "service_protocol_error", message) from error
    try:
        errors = sorted(validator.iter_errors(params), key=lambda e: list(map(str, e.absolute_path)))
    except Unresolvable as error:
        message = f"{ctx.entry.label}: {operation.name}'s params schema refers to what it does not hold: {error}"
        raise ToolFailure.of(ctx.entry, "service_protocol_error", message) from error
    problems = [(".".join(["params", *(str(part) for part in error.absolute_path)]), error.message) for error in errors]
    if problems:
        summary = "; ".join(f"{where}: {message}" for where, message in problems)
        message = f"{ctx.entry.label}: params do not fit {operation.name}: {summary}"
        raise ToolFailure.of(ctx.entry, "invalid_arguments", message, problems=problems)


@functools.lru_cache(maxsize=256)
def validator_for(schema_text: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(schema_text)
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)

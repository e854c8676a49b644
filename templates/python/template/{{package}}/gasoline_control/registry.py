"""The operations this service offers. Each is registered once, with the hints Gasoline uses to
decide whether to ask a person first and the JSON Schema its params are checked against."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import best_match

from .failures import Failures
from .protocol_generated import ControlOperation, discovery_entry

Category = Literal["state_management", "data_injection", "failure_simulation", "inspection"]


class OperationFailed(Exception):
    """Raised by an operation that cannot do what it was asked: the caller gets status error with
    this code (`failed` unless the service has a code of its own), and nothing is kept."""

    def __init__(self, message: str, code: str = "failed") -> None:
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Context:
    """What an operation works with: a connection to the store inside the operation's own
    transaction (committed when it succeeds, rolled back in shadow mode), the injected faults, and
    whether this is a shadow run, for an operation with effects outside the store (mail, queues)
    that it must then leave out."""

    db: sqlite3.Connection
    failures: Failures
    shadow: bool


Handler = Callable[[Context, dict[str, Any]], Mapping[str, Any]]


@dataclass(frozen=True)
class Operation:
    name: str
    category: Category
    description: str
    handler: Handler
    read_only: bool
    destructive: bool
    idempotent: bool
    params: dict[str, Any]
    returns: dict[str, Any] | None
    examples: tuple[dict[str, Any], ...]
    _validator: Draft202012Validator = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        Draft202012Validator.check_schema(self.params)
        object.__setattr__(self, "_validator", Draft202012Validator(self.params, format_checker=FormatChecker()))
        self.describe()  # a name or category the protocol does not allow fails here, not in discovery

    def params_problem(self, params: dict[str, Any]) -> str | None:
        """Why params do not fit this operation's schema, or None when they do."""
        error = best_match(self._validator.iter_errors(params))
        if error is None:
            return None
        where = "/".join(str(part) for part in error.absolute_path)
        return f"params/{where}: {error.message}" if where else f"params: {error.message}"

    def describe(self) -> dict[str, Any]:
        """The operation as discovery lists it (a ControlOperation of the bindings' protocol version)."""
        entry = discovery_entry(
            {
                "name": self.name,
                "category": self.category,
                "read_only": self.read_only,
                "destructive": self.destructive,
                "idempotent": self.idempotent,
                "description": self.description,
                "params": self.params,
                "returns": self.returns,
                "examples": list(self.examples),
            }
        )
        ControlOperation.model_validate(entry)
        return entry


class Registry:
    """The operations by name, in the order they were registered."""

    def __init__(self) -> None:
        self._operations: dict[str, Operation] = {}

    def add(self, operation: Operation, replace: bool = False) -> None:
        if operation.name in self._operations and not replace:
            raise ValueError(f"an operation named {operation.name!r} is registered already (replace=True replaces it)")
        self._operations[operation.name] = operation

    def get(self, name: str) -> Operation | None:
        return self._operations.get(name)

    def __iter__(self) -> Iterator[Operation]:
        return iter(list(self._operations.values()))


REGISTRY = Registry()


def operation(
    *,
    name: str,
    category: Category,
    description: str,
    read_only: bool = False,
    destructive: bool = True,
    idempotent: bool = False,
    params: dict[str, Any] | None = None,
    returns: dict[str, Any] | None = None,
    examples: tuple[dict[str, Any], ...] = (),
    replace: bool = False,
) -> Callable[[Handler], Handler]:
    """Register the decorated function as an operation. Its hints default as the protocol's do
    (destructive unless told otherwise); params is the JSON Schema its params are checked against
    before it runs (any object when not given); replace=True takes the place of an operation of
    the same name, such as an example."""

    def register(handler: Handler) -> Handler:
        REGISTRY.add(
            Operation(
                name=name,
                category=category,
                description=description,
                handler=handler,
                read_only=read_only,
                destructive=destructive and not read_only,
                idempotent=idempotent,
                params=params if params is not None else {"type": "object"},
                returns=returns,
                examples=examples,
            ),
            replace=replace,
        )
        return handler

    return register

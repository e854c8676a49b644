"""The example operations that work on any store: reset it, inject a fault, snapshot it and
restore a snapshot. Those that know the service's own tables are in operations.py."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import store
from .registry import Context, OperationFailed, operation
from .store import SNAPSHOT_FORMAT, SnapshotError


@operation(
    name="reset_database",
    category="state_management",
    destructive=True,
    idempotent=True,
    description="Delete every row of the given tables (all of them by default), then put their seed data back "
    "unless exclude_seed_data is true.",
    params={
        "type": "object",
        "additionalProperties": False,
        "properties": {
            "tables": {"type": "array", "items": {"type": "string", "minLength": 1}},
            "exclude_seed_data": {"type": "boolean"},
        },
    },
    returns={
        "type": "object",
        "required": ["rows_deleted", "tables"],
        "properties": {
            "rows_deleted": {"type": "integer", "minimum": 0},
            "tables": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
        },
    },
    examples=({"tables": ["users"]}, {"exclude_seed_data": True}),
)
def reset_database(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    known = store.table_names(ctx.db)
    tables = list(dict.fromkeys(params.get("tables", known)))
    unknown = [table for table in tables if table not in known]
    if unknown:
        raise OperationFailed(f"the store has no table {', '.join(unknown)} (it has {', '.join(known)})")
    deleted = sum(store.clear(ctx.db, table) for table in tables)
    if not params.get("exclude_seed_data", False):
        for table in tables:
            store.reseed(ctx.db, table)
    return {"rows_deleted": deleted, "tables": {table: store.count(ctx.db, table) for table in tables}}


@operation(
    name="simulate_failure",
    category="failure_simulation",
    destructive=False,
    idempotent=True,
    description="Make the service's route `target` answer with an HTTP error status for duration_ms; the fault "
    "ends by itself at expires_at.",
    params={
        "type": "object",
        "additionalProperties": False,
        "required": ["target", "duration_ms"],
        "properties": {
            "target": {"type": "string", "minLength": 1},
            "status": {"type": "integer", "minimum": 500, "maximum": 599, "default": 503},
            "duration_ms": {"type": "integer", "minimum": 1, "maximum": 600000},
        },
    },
    returns={
        "type": "object",
        "required": ["target", "status", "expires_at"],
        "properties": {
            "target": {"type": "string"},
            "status": {"type": "integer"},
            "expires_at": {"type": "string", "format": "date-time"},
        },
    },
    examples=({"target": "users", "status": 503, "duration_ms": 3000},),
)
def simulate_failure(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    failure = ctx.failures.inject(params["target"], params.get("status", 503), params["duration_ms"])
    return failure.describe()


@operation(
    name="snapshot",
    category="state_management",
    read_only=True,
    idempotent=True,
    description="The whole state of the store, which restore takes back (a ControlSnapshot).",
    params={"type": "object", "additionalProperties": False},
    returns={
        "type": "object",
        "required": ["format", "data", "rows"],
        "properties": {
            "format": {"const": SNAPSHOT_FORMAT},
            "data": {"type": "string"},
            "rows": {"type": "integer", "minimum": 0},
        },
    },
    examples=({},),
)
def snapshot(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    return store.snapshot(ctx.db)


@operation(
    name="restore",
    category="state_management",
    destructive=True,
    idempotent=True,
    description="Put the store back as a snapshot has it, replacing every row; the response's checksum is the "
    "snapshot's.",
    params={
        "type": "object",
        "additionalProperties": False,
        "required": ["format", "data"],
        "properties": {
            "format": {"const": SNAPSHOT_FORMAT},
            "data": {"type": "string", "contentEncoding": "base64"},
            "rows": {"type": "integer", "minimum": 0},
        },
    },
    returns={
        "type": "object",
        "required": ["rows_restored"],
        "properties": {"rows_restored": {"type": "integer", "minimum": 0}},
    },
)
def restore(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    try:
        return {"rows_restored": store.restore(ctx.db, params["data"])}
    except SnapshotError as error:
        raise OperationFailed(str(error)) from error

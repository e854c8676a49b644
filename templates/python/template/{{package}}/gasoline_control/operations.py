"""This service's own control operations. `copier update` leaves this file alone: register new
operations here with @operation, and make the examples below fit the service's tables.

An operation takes a Context (ctx.db is a connection inside the operation's transaction) and its
params, already checked against its params schema, and returns its result as a JSON object;
raising OperationFailed answers status error and keeps nothing.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

from . import store
from .registry import Context, OperationFailed, operation


@operation(
    name="create_test_user",
    category="data_injection",
    destructive=False,
    idempotent=False,
    description="Create a user for tests.",
    params={
        "type": "object",
        "additionalProperties": False,
        "required": ["email"],
        "properties": {
            "email": {"type": "string", "pattern": "^[^@\\s]+@[^@\\s]+$"},
            "name": {"type": "string"},
            "plan": {"enum": ["free", "pro", "team"]},
            "credits": {"type": "integer", "minimum": 0},
        },
    },
    returns={
        "type": "object",
        "required": ["user_id", "email"],
        "properties": {"user_id": {"type": "integer"}, "email": {"type": "string"}},
    },
    examples=({"email": "test@example.com", "name": "Test User", "plan": "pro", "credits": 50},),
)
def create_test_user(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    email = params["email"]
    try:
        cursor = ctx.db.execute(
            "INSERT INTO users (email, name, plan, credits) VALUES (?, ?, ?, ?)",
            (email, params.get("name"), params.get("plan", "free"), params.get("credits", 0)),
        )
    except sqlite3.IntegrityError as error:
        raise OperationFailed(f"a user with the email {email} exists already") from error
    return {"user_id": cursor.lastrowid, "email": email}


# The values the state operation reads, by key.
STATE_VALUES: dict[str, Callable[[Context], Any]] = {
    "user_count": lambda ctx: store.count(ctx.db, "users"),
    "users": lambda ctx: [dict(row) for row in ctx.db.execute("SELECT * FROM users ORDER BY id")],
    "order_count": lambda ctx: store.count(ctx.db, "orders"),
    "active_failures": lambda ctx: [failure.describe() for failure in ctx.failures.active()],
}


@operation(
    name="state",
    category="inspection",
    read_only=True,
    idempotent=True,
    description=f"Read named values of the service's state ({', '.join(STATE_VALUES)}; all of them by default).",
    params={
        "type": "object",
        "additionalProperties": False,
        "properties": {"keys": {"type": "array", "items": {"type": "string"}}},
    },
    returns={
        "type": "object",
        "required": ["values"],
        "properties": {"values": {"type": "object"}, "missing_keys": {"type": "array", "items": {"type": "string"}}},
    },
    examples=({"keys": ["user_count", "active_failures"]},),
)
def state(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    keys = params.get("keys", list(STATE_VALUES))
    return {
        "values": {key: STATE_VALUES[key](ctx) for key in keys if key in STATE_VALUES},
        "missing_keys": [key for key in keys if key not in STATE_VALUES],
    }

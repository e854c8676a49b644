"""This service's store for the control operations: its tables, and the rows reset_database puts
back. `copier update` leaves this file alone; make it match the service's own schema."""

from __future__ import annotations

from typing import Any

# Table name -> CREATE TABLE statement; a table missing from the SQLite file is created and seeded.
TABLES: dict[str, str] = {
    "users": (
        "CREATE TABLE users ("
        " id INTEGER PRIMARY KEY,"
        " email TEXT NOT NULL UNIQUE,"
        " name TEXT,"
        " plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'team')),"
        " credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0))"
    ),
    "orders": (
        "CREATE TABLE orders ("
        " id INTEGER PRIMARY KEY,"
        " user_id INTEGER NOT NULL REFERENCES users (id),"
        " item TEXT NOT NULL,"
        " amount_cents INTEGER NOT NULL CHECK (amount_cents >= 0))"
    ),
}

# Table name -> its seed rows.
SEED_ROWS: dict[str, list[dict[str, Any]]] = {
    "users": [
        {"id": 1, "email": "ada@example.com", "name": "Ada Lovelace", "plan": "pro", "credits": 100},
        {"id": 2, "email": "grace@example.com", "name": "Grace Hopper", "plan": "free", "credits": 0},
    ],
    "orders": [
        {"id": 1, "user_id": 1, "item": "notebook", "amount_cents": 1299},
    ],
}

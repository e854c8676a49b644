"""The store the operations work on: a SQLite file (GASOLINE_CONTROL_DB), its canonical state,
the state's checksum, and snapshots of it that restore takes back.

The canonical state is every table by name with its rows ordered by primary key, as compact JSON
with sorted keys: equal states have equal checksums, and a restored snapshot has its snapshot's.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

from . import seed, settings

DATABASE_ENV = "GASOLINE_CONTROL_DB"
SNAPSHOT_FORMAT = "sqlite-json/1"

State = dict[str, list[dict[str, Any]]]


class SnapshotError(ValueError):
    """A snapshot that cannot be restored into this store."""


def database_path() -> Path:
    return Path(os.environ.get(DATABASE_ENV) or settings.DEFAULT_DATABASE_PATH)


def connect() -> sqlite3.Connection:
    """A connection to the store, its tables created and seeded on first use. Transactions are
    explicit (BEGIN ... COMMIT), so that an operation's changes can be rolled back as a whole."""
    path = database_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    db = sqlite3.connect(path, timeout=10, isolation_level=None)
    db.row_factory = sqlite3.Row
    create_missing_tables(db)
    return db


def create_missing_tables(db: sqlite3.Connection) -> None:
    if set(seed.TABLES) <= set(table_names(db)):
        return
    db.execute("BEGIN IMMEDIATE")
    try:
        existing = set(table_names(db))  # another process may have created them meanwhile
        for table, statement in seed.TABLES.items():
            if table not in existing:
                db.execute(statement)
                insert_rows(db, table, seed.SEED_ROWS.get(table, []))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def table_names(db: sqlite3.Connection) -> list[str]:
    rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    return [row[0] for row in rows]


def count(db: sqlite3.Connection, table: str) -> int:
    return int(db.execute(f"SELECT count(*) FROM {quote(table)}").fetchone()[0])


def clear(db: sqlite3.Connection, table: str) -> int:
    """Delete every row of table; how many there were."""
    return db.execute(f"DELETE FROM {quote(table)}").rowcount


def insert_rows(db: sqlite3.Connection, table: str, rows: list[dict[str, Any]]) -> int:
    for row in rows:
        columns = ", ".join(quote(column) for column in row)
        marks = ", ".join("?" for _ in row)
        db.execute(f"INSERT INTO {quote(table)} ({columns}) VALUES ({marks})", tuple(row.values()))
    return len(rows)


def reseed(db: sqlite3.Connection, table: str) -> int:
    return insert_rows(db, table, seed.SEED_ROWS.get(table, []))


def primary_key(db: sqlite3.Connection, table: str) -> list[str]:
    columns = [row for row in db.execute(f"PRAGMA table_info({quote(table)})") if row["pk"] > 0]
    return [row["name"] for row in sorted(columns, key=lambda row: row["pk"])]


def canonical_state(db: sqlite3.Connection) -> State:
    state: State = {}
    for table in table_names(db):
        order = ", ".join(quote(column) for column in primary_key(db, table)) or "rowid"
        state[table] = [dict(row) for row in db.execute(f"SELECT * FROM {quote(table)} ORDER BY {order}")]
    return state


def encode(state: State) -> bytes:
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def checksum(db: sqlite3.Connection) -> str:
    """SHA-256 (hex) of the store's canonical state."""
    return hashlib.sha256(encode(canonical_state(db))).hexdigest()


def snapshot(db: sqlite3.Connection) -> dict[str, Any]:
    """The whole state as a ControlSnapshot."""
    state = canonical_state(db)
    return {
        "format": SNAPSHOT_FORMAT,
        "data": base64.b64encode(encode(state)).decode("ascii"),
        "rows": sum(len(rows) for rows in state.values()),
    }


def decode(data: str) -> State:
    try:
        state = json.loads(base64.b64decode(data, validate=True))
    except (binascii.Error, ValueError) as error:
        raise SnapshotError(f"the snapshot's data is not base64 of JSON: {error}") from error
    if not isinstance(state, dict) or not all(
        isinstance(rows, list) and all(isinstance(row, dict) for row in rows) for rows in state.values()
    ):
        raise SnapshotError("the snapshot's data is not an object of tables, each a list of rows")
    return state


def restore(db: sqlite3.Connection, data: str) -> int:
    """Replace every table's rows with the snapshot's; how many rows were put back."""
    state = decode(data)
    unknown = sorted(set(state) - set(table_names(db)))
    if unknown:
        raise SnapshotError(f"the snapshot has tables this store does not: {', '.join(unknown)}")
    for table in table_names(db):
        clear(db, table)
    try:
        return sum(insert_rows(db, table, rows) for table, rows in state.items())
    except sqlite3.Error as error:
        raise SnapshotError(f"the snapshot's rows do not fit the store: {error}") from error

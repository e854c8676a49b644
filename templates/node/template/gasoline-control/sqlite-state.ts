/**
 * A SQLite database's whole state in one canonical form, tables by name and rows by primary key,
 * so that equal states have equal checksums and a snapshot restores to the checksum it was taken
 * at. BLOB values are written as {"$base64": "..."}.
 */
import { createHash } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { canonicalJson } from "./canonical-json.ts";
import { type JsonSchema, validate } from "./validate.ts";

export type Cell = string | number | null | { $base64: string };
export type Row = { [column: string]: Cell };
export type State = { [table: string]: Row[] };

/** What a State read back from a snapshot must look like before it is written. */
const STATE_SCHEMA: JsonSchema = {
  type: "object",
  additionalProperties: {
    type: "array",
    items: {
      type: "object",
      additionalProperties: {
        type: ["string", "number", "null", "object"],
        properties: { $base64: { type: "string" } },
        required: ["$base64"],
        additionalProperties: false,
      },
    },
  },
};

export function tableNames(db: DatabaseSync): string[] {
  const rows = db
    .prepare(
      "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
    )
    .all();
  return rows.map((row) => String(row.name));
}

export function readState(db: DatabaseSync): State {
  const state: State = {};
  for (const table of tableNames(db)) {
    const rows = db.prepare(`SELECT * FROM ${quote(table)} ORDER BY ${orderOf(db, table)}`).all();
    state[table] = rows.map((row) =>
      Object.fromEntries(Object.entries(row).map(([column, value]) => [column, cell(value)])),
    );
  }
  return state;
}

/** SHA-256 (hex) of the canonical form of a state. */
export function stateChecksum(state: State): string {
  return createHash("sha256").update(canonicalJson(state)).digest("hex");
}

export function rowCount(state: State): number {
  return Object.values(state).reduce((total, rows) => total + rows.length, 0);
}

/** The problems of a value that should be a State (empty when it is one). */
export function stateProblems(value: unknown): string[] {
  return validate(STATE_SCHEMA, value, {}, "state");
}

export function deleteRows(db: DatabaseSync, table: string): number {
  return Number(db.prepare(`DELETE FROM ${quote(table)}`).run().changes);
}

export function insertRows(db: DatabaseSync, table: string, rows: readonly Row[]): void {
  const statements = new Map<string, ReturnType<DatabaseSync["prepare"]>>();
  for (const row of rows) {
    const columns = Object.keys(row);
    const key = JSON.stringify(columns);
    let statement = statements.get(key);
    if (statement === undefined) {
      const placeholders = columns.map(() => "?").join(", ");
      statement = db.prepare(`INSERT INTO ${quote(table)} (${columns.map(quote).join(", ")}) VALUES (${placeholders})`);
      statements.set(key, statement);
    }
    statement.run(...columns.map((column) => sqlValue(row[column] ?? null)));
  }
}

/** Make the database hold exactly state (inside the caller's transaction); the number of rows written. */
export function replaceState(db: DatabaseSync, state: State): number {
  const tables = tableNames(db);
  const unknown = Object.keys(state).filter((table) => !tables.includes(table));
  if (unknown.length > 0) throw new Error(`the database has no table ${unknown.join(", ")}`);
  // Foreign keys are checked when the transaction commits, once every table holds its rows again.
  db.exec("PRAGMA defer_foreign_keys = ON");
  for (const table of tables) deleteRows(db, table);
  for (const [table, rows] of Object.entries(state)) insertRows(db, table, rows);
  return rowCount(state);
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

function orderOf(db: DatabaseSync, table: string): string {
  const columns = db.prepare(`PRAGMA table_info(${quote(table)})`).all();
  const key = columns
    .filter((column) => Number(column.pk) > 0)
    .sort((a, b) => Number(a.pk) - Number(b.pk))
    .map((column) => quote(String(column.name)));
  return key.length > 0 ? key.join(", ") : "rowid";
}

function cell(value: unknown): Cell {
  if (value instanceof Uint8Array) return { $base64: Buffer.from(value).toString("base64") };
  if (typeof value === "bigint") return Number(value);
  return value as string | number | null;
}

function sqlValue(value: Cell): string | number | null | Uint8Array {
  return value !== null && typeof value === "object" ? Buffer.from(value.$base64, "base64") : value;
}

export function countRows(db: DatabaseSync, table: string): number {
  return Number(db.prepare(`SELECT COUNT(*) AS count FROM ${quote(table)}`).get()?.count);
}

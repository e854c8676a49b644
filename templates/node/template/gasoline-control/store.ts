/**
 * The service's database, which the example operations work on: SQLite through node:sqlite, in
 * the file GASOLINE_CONTROL_DB names (in memory when it is unset). One connection per file,
 * shared by the endpoint and the app, so that both see the same data.
 */
import { DatabaseSync } from "node:sqlite";
import type { Environment } from "./guards.ts";
import { insertRows, type State } from "./sqlite-state.ts";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  name TEXT,
  plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'pro', 'team')),
  credits INTEGER NOT NULL DEFAULT 0 CHECK (credits >= 0)
);
`;

/** The rows a new database starts with, which reset_database puts back unless told otherwise. */
export const SEED_DATA: State = {
  users: [{ id: 1, email: "admin@example.com", name: "Admin", plan: "team", credits: 100 }],
};

const connections = new Map<string, DatabaseSync>();

export function databasePath(env: Environment): string {
  return env.GASOLINE_CONTROL_DB || ":memory:";
}

/** The connection to the database at path, opened (and created with its seed data) on first use. */
export function database(path: string = databasePath(process.env)): DatabaseSync {
  let db = connections.get(path);
  if (db === undefined) {
    db = open(path);
    connections.set(path, db);
  }
  return db;
}

function open(path: string): DatabaseSync {
  const db = new DatabaseSync(path);
  db.exec("PRAGMA busy_timeout = 5000");
  const created = db.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'users'").get() === undefined;
  db.exec(SCHEMA);
  if (created) {
    for (const [table, rows] of Object.entries(SEED_DATA)) insertRows(db, table, rows);
  }
  return db;
}

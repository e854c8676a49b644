/**
 * Example operations on the service's database (store.ts), one of each kind the protocol knows.
 * The operations named state, snapshot and restore have the shapes the protocol fixes
 * (ControlStateValues, ControlSnapshot, ControlRestored); a snapshot's data is the database's
 * canonical state (sqlite-state.ts), base64-encoded, so the checksum after a restore equals the
 * snapshot's.
 */
import type { DatabaseSync } from "node:sqlite";
import { canonicalJson } from "./canonical-json.ts";
import { activeFailures, injectFailure } from "./faults.ts";
import type { Operation } from "./registry.ts";
import {
  countRows,
  deleteRows,
  insertRows,
  readState,
  replaceState,
  rowCount,
  type State,
  stateProblems,
  tableNames,
} from "./sqlite-state.ts";
import { SEED_DATA } from "./store.ts";
import type { JsonSchema } from "./validate.ts";

const SNAPSHOT_FORMAT = "sqlite-json/1";

/** What snapshot returns and restore takes back: a ControlSnapshot. */
const SNAPSHOT: JsonSchema = {
  type: "object",
  properties: {
    format: { type: "string", minLength: 1 },
    data: { type: "string", description: "The state, base64-encoded." },
    rows: { type: "integer", minimum: 0 },
  },
  required: ["format", "data"],
  additionalProperties: false,
};

export const resetDatabase: Operation<{ tables?: string[]; exclude_seed_data?: boolean }> = {
  name: "reset_database",
  category: "state_management",
  read_only: false,
  destructive: true,
  idempotent: true,
  description:
    "Delete every row of the given tables (all tables when none are given), then put their seed data back unless exclude_seed_data.",
  params: {
    type: "object",
    properties: {
      tables: { type: "array", items: { type: "string", minLength: 1 }, description: "The tables to reset." },
      exclude_seed_data: { type: "boolean", description: "Leave the tables empty, without their seed data." },
    },
    additionalProperties: false,
  },
  returns: {
    type: "object",
    properties: {
      rows_deleted: { type: "integer", minimum: 0 },
      tables: {
        type: "object",
        additionalProperties: { type: "integer" },
        description: "Each table reset and its rows now.",
      },
    },
    required: ["rows_deleted", "tables"],
  },
  examples: [{ tables: ["users"] }, { exclude_seed_data: true }],
  run({ tables, exclude_seed_data = false }, { db }) {
    const known = tableNames(db);
    const chosen = [...new Set(tables ?? known)].sort();
    const unknown = chosen.filter((table) => !known.includes(table));
    if (unknown.length > 0) throw new Error(`the database has no table ${unknown.join(", ")}`);
    db.exec("PRAGMA defer_foreign_keys = ON");
    let rowsDeleted = 0;
    for (const table of chosen) rowsDeleted += deleteRows(db, table);
    if (!exclude_seed_data) for (const table of chosen) insertRows(db, table, SEED_DATA[table] ?? []);
    return {
      rows_deleted: rowsDeleted,
      tables: Object.fromEntries(chosen.map((table) => [table, countRows(db, table)])),
    };
  },
};

export const createTestUser: Operation<{ email: string; name?: string; plan?: string; credits?: number }> = {
  name: "create_test_user",
  category: "data_injection",
  read_only: false,
  destructive: false,
  idempotent: false,
  description: "Create a user with the given email, and optionally name, plan and credits.",
  params: {
    type: "object",
    properties: {
      email: { type: "string", pattern: "^[^@\\s]+@[^@\\s]+$", maxLength: 254 },
      name: { type: "string", maxLength: 200 },
      plan: { type: "string", enum: ["free", "pro", "team"], default: "free" },
      credits: { type: "integer", minimum: 0, maximum: Number.MAX_SAFE_INTEGER, default: 0 },
    },
    required: ["email"],
    additionalProperties: false,
  },
  returns: {
    type: "object",
    properties: { user_id: { type: "integer" }, email: { type: "string" } },
    required: ["user_id", "email"],
  },
  examples: [{ email: "test@example.com", name: "Test User", plan: "pro", credits: 50 }],
  run({ email, name, plan = "free", credits = 0 }, { db }) {
    if (db.prepare("SELECT 1 FROM users WHERE email = ?").get(email) !== undefined) {
      throw new Error(`a user with the email ${email} exists`);
    }
    const insert = db.prepare("INSERT INTO users (email, name, plan, credits) VALUES (?, ?, ?, ?)");
    const { lastInsertRowid } = insert.run(email, name ?? null, plan, credits);
    return { user_id: Number(lastInsertRowid), email };
  },
};

export const simulateFailure: Operation<{ target: string; status?: number; duration_ms: number }> = {
  name: "simulate_failure",
  category: "failure_simulation",
  read_only: false,
  destructive: false,
  idempotent: true,
  description:
    "Make the service's own handlers for target fail with status until duration_ms has passed; the fault then ends by itself.",
  params: {
    type: "object",
    properties: {
      target: {
        type: "string",
        minLength: 1,
        maxLength: 200,
        description: "What fails, as the app's handlers name it.",
      },
      status: { type: "integer", minimum: 500, maximum: 599, default: 503 },
      duration_ms: { type: "integer", minimum: 1, maximum: 600000 },
    },
    required: ["target", "duration_ms"],
    additionalProperties: false,
  },
  returns: {
    type: "object",
    properties: {
      target: { type: "string" },
      status: { type: "integer" },
      expires_at: { type: "string", format: "date-time" },
    },
    required: ["target", "status", "expires_at"],
  },
  examples: [{ target: "checkout", status: 503, duration_ms: 3000 }],
  run({ target, status = 503, duration_ms }, { afterCommit, expiresAt }) {
    const ends = new Date(Date.now() + duration_ms);
    afterCommit(() => injectFailure(target, status, ends.getTime()));
    expiresAt(ends);
    return { target, status, expires_at: ends.toISOString() };
  },
};

/** The values the state operation can read, by key. */
const STATE_VALUES: { [key: string]: (db: DatabaseSync) => unknown } = {
  user_count: (db) => countRows(db, "users"),
  users: (db) => db.prepare("SELECT id, email, name, plan, credits FROM users ORDER BY id").all(),
  active_failures: () => activeFailures(),
  tables: (db) => Object.fromEntries(tableNames(db).map((table) => [table, countRows(db, table)])),
};

export const state: Operation<{ keys?: string[] }> = {
  name: "state",
  category: "inspection",
  read_only: true,
  destructive: false,
  idempotent: true,
  description: `Read named values of the service's state: ${Object.keys(STATE_VALUES).join(", ")} (all of them when no keys are given).`,
  params: {
    type: "object",
    properties: { keys: { type: "array", items: { type: "string" } } },
    additionalProperties: false,
  },
  returns: {
    type: "object",
    properties: {
      values: { type: "object", description: "Each key read and its value." },
      missing_keys: { type: "array", items: { type: "string" } },
    },
    required: ["values"],
    additionalProperties: false,
  },
  examples: [{ keys: ["user_count", "active_failures"] }],
  run({ keys = Object.keys(STATE_VALUES) }, { db }) {
    const known = keys.filter((key) => Object.hasOwn(STATE_VALUES, key));
    return {
      values: Object.fromEntries(known.map((key) => [key, STATE_VALUES[key](db)])),
      missing_keys: keys.filter((key) => !Object.hasOwn(STATE_VALUES, key)),
    };
  },
};

export const snapshot: Operation<Record<string, never>> = {
  name: "snapshot",
  category: "state_management",
  read_only: true,
  destructive: false,
  idempotent: true,
  description: `Take the database's whole state (format ${SNAPSHOT_FORMAT}), which restore puts back.`,
  params: { type: "object", additionalProperties: false },
  returns: SNAPSHOT,
  examples: [{}],
  run(_params, { db }) {
    const current = readState(db);
    return {
      format: SNAPSHOT_FORMAT,
      data: Buffer.from(canonicalJson(current)).toString("base64"),
      rows: rowCount(current),
    };
  },
};

export const restore: Operation<{ format: string; data: string }> = {
  name: "restore",
  category: "state_management",
  read_only: false,
  destructive: true,
  idempotent: true,
  description: "Put back the state a snapshot took, replacing every row of the database.",
  params: SNAPSHOT,
  returns: {
    type: "object",
    properties: { rows_restored: { type: "integer", minimum: 0 } },
    required: ["rows_restored"],
    additionalProperties: false,
  },
  run({ format, data }, { db }) {
    if (format !== SNAPSHOT_FORMAT) {
      throw new Error(`a ${format} snapshot cannot be restored here; the format is ${SNAPSHOT_FORMAT}`);
    }
    let taken: unknown;
    try {
      taken = JSON.parse(Buffer.from(data, "base64").toString("utf8"));
    } catch {
      throw new Error("the snapshot's data is not base64-encoded JSON");
    }
    const problems = stateProblems(taken);
    if (problems.length > 0) throw new Error(`the snapshot's data is not a state: ${problems[0]}`);
    return { rows_restored: replaceState(db, taken as State) };
  },
};

export const exampleOperations: Operation[] = [
  resetDatabase,
  createTestUser,
  simulateFailure,
  state,
  snapshot,
  restore,
];

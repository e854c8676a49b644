/** The example operations against the service's database. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { activeFailure } from "../faults.ts";
import { run, type Service, start, waitUntil } from "./client.ts";

async function withService(body: (service: Service) => Promise<void>): Promise<void> {
  const service = await start();
  try {
    await body(service);
  } finally {
    await service.close();
  }
}

async function userCount(service: Service): Promise<number> {
  return (await run(service, { operation: "state", params: { keys: ["user_count"] } })).result?.values.user_count;
}

test("reset_database deletes the rows and puts the seed data back, unless told otherwise", async () => {
  await withService(async (service) => {
    await run(service, { operation: "create_test_user", params: { email: "a@example.com" } });
    const reset = await run(service, { operation: "reset_database", params: { tables: ["users"] } });
    assert.deepEqual(
      [reset.status, reset.applied, reset.result],
      ["success", true, { rows_deleted: 2, tables: { users: 1 } }],
    );
    assert.match(reset.checksum ?? "", /^[0-9a-f]{64}$/);
    const empty = await run(service, { operation: "reset_database", params: { exclude_seed_data: true } });
    assert.deepEqual(empty.result, { rows_deleted: 1, tables: { users: 0 } });
    const unknown = await run(service, { operation: "reset_database", params: { tables: ["orders"] } });
    assert.deepEqual([unknown.status, unknown.applied, unknown.error?.code], ["error", false, "failed"]);
  });
});

test("create_test_user adds a user, and fails on an email that is taken", async () => {
  await withService(async (service) => {
    const created = await run(service, {
      operation: "create_test_user",
      params: { email: "pro@example.com", name: "Pro", plan: "pro", credits: 5 },
    });
    assert.deepEqual([created.applied, created.result], [true, { user_id: 2, email: "pro@example.com" }]);
    const users = await run(service, { operation: "state", params: { keys: ["users"] } });
    assert.deepEqual(users.result?.values.users[1], {
      id: 2,
      email: "pro@example.com",
      name: "Pro",
      plan: "pro",
      credits: 5,
    });
    const taken = await run(service, { operation: "create_test_user", params: { email: "pro@example.com" } });
    assert.deepEqual([taken.status, taken.applied, taken.error?.code], ["error", false, "failed"]);
    assert.equal(await userCount(service), 2);
  });
});

test("simulate_failure makes activeFailure report the fault until it ends by itself", async () => {
  await withService(async (service) => {
    const inject = (duration_ms: number) =>
      run(service, { operation: "simulate_failure", params: { target: "payments", status: 502, duration_ms } });
    const fault = await inject(60000);
    assert.deepEqual([fault.applied, fault.result?.target, fault.result?.status], [true, "payments", 502]);
    assert.equal(fault.expires_at, fault.result?.expires_at);
    assert.deepEqual(activeFailure("payments"), { target: "payments", status: 502, expires_at: fault.expires_at });
    const state = await run(service, { operation: "state", params: { keys: ["active_failures"] } });
    assert.deepEqual(state.result?.values.active_failures, [activeFailure("payments")]);
    const brief = await inject(50);
    await waitUntil(() => activeFailure("payments") === undefined);
    assert.ok(Date.now() >= Date.parse(brief.expires_at ?? ""));
  });
});

test("state reads the values asked for and names the keys it does not know", async () => {
  await withService(async (service) => {
    const state = await run(service, { operation: "state", params: { keys: ["user_count", "tables", "nope"] } });
    assert.deepEqual(
      [state.applied, state.result],
      [false, { values: { user_count: 1, tables: { users: 1 } }, missing_keys: ["nope"] }],
    );
    const everything = await run(service, { operation: "state" });
    assert.deepEqual(Object.keys(everything.result?.values ?? {}).sort(), [
      "active_failures",
      "tables",
      "user_count",
      "users",
    ]);
  });
});

test("snapshot, a change, then restore: the checksum is the snapshot's again", async () => {
  await withService(async (service) => {
    await run(service, { operation: "create_test_user", params: { email: "kept@example.com", credits: 3 } });
    const snapshot = await run(service, { operation: "snapshot" });
    assert.deepEqual([snapshot.applied, snapshot.result?.format, snapshot.result?.rows], [false, "sqlite-json/1", 2]);
    await run(service, { operation: "create_test_user", params: { email: "later@example.com" } });
    await run(service, { operation: "reset_database", params: { exclude_seed_data: true } });
    const changed = await run(service, { operation: "state", params: { keys: ["user_count"] } });
    assert.notEqual(changed.checksum, snapshot.checksum);
    const restored = await run(service, { operation: "restore", params: snapshot.result });
    assert.deepEqual([restored.status, restored.applied, restored.result], ["success", true, { rows_restored: 2 }]);
    assert.equal(restored.checksum, snapshot.checksum);
    assert.equal(await userCount(service), 2);
  });
});

test("restore refuses a snapshot it cannot read, and changes nothing", async () => {
  await withService(async (service) => {
    const before = await run(service, { operation: "snapshot" });
    for (const params of [
      { format: "pg-dump/1", data: "" },
      { format: "sqlite-json/1", data: "bm90IGpzb24=" },
    ]) {
      const refused = await run(service, { operation: "restore", params });
      assert.deepEqual([refused.status, refused.error?.code, refused.checksum], ["error", "failed", before.checksum]);
    }
  });
});

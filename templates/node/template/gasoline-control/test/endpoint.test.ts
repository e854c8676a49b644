/** The endpoint's guards and its protocol: discovery, requests, idempotency, shadow mode and dry runs. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { SERVICE_NAME } from "../config.ts";
import { createControl } from "../endpoint.ts";
import { idempotencyKeys } from "../idempotency.ts";
import { PROTOCOL_VERSION } from "../protocol.generated.ts";
import { run, send, type Service, start, TOKEN } from "./client.ts";

const METHODS = ["OPTIONS", "GET", "POST"];
const STATE = { operation: "state" };

/** A request of each method: POST carries a ControlRequest. */
function eachMethod(token?: string | null): Array<[string, { body?: object; token?: string | null }]> {
  return METHODS.map((method) => [method, method === "POST" ? { body: STATE, token } : { token }]);
}

async function withService(env: Parameters<typeof start>[0], body: (service: Service) => Promise<void>): Promise<void> {
  const service = await start(env);
  try {
    await body(service);
  } finally {
    await service.close();
  }
}

test("without GASOLINE_CONTROL_ENV the endpoint does not exist: every method gets the app's own 404", async () => {
  await withService({ GASOLINE_CONTROL_ENV: undefined }, async (service) => {
    for (const [method, options] of eachMethod()) assert.equal((await send(service, method, options)).status, 404);
  });
});

test("an environment that is not allowed leaves the endpoint unmounted, and the log says why", async () => {
  await withService({ GASOLINE_CONTROL_ENV: "production" }, async (service) => {
    assert.equal((await send(service, "GET")).status, 404);
    assert.match(service.logs.join("\n"), /not mounted: GASOLINE_CONTROL_ENV="production" is not one of/);
  });
});

test("with the switch on and no token set the endpoint stays unmounted, and the log says why", async () => {
  await withService({ GASOLINE_CONTROL_TOKEN: undefined }, async (service) => {
    assert.equal((await send(service, "GET", { token: null })).status, 404);
    assert.match(service.logs.join("\n"), /not mounted: .*GASOLINE_CONTROL_TOKEN is not set/);
  });
});

test("without the token, or with another one, every method is 401", async () => {
  await withService({}, async (service) => {
    for (const token of [null, "wrong-token", `${TOKEN}x`]) {
      for (const [method, options] of eachMethod(token)) {
        const answer = await send(service, method, options);
        assert.equal(answer.status, 401, `${method} with token ${token}`);
        assert.equal(answer.headers.get("www-authenticate"), "Bearer");
      }
    }
  });
});

test("only loopback peers are admitted, unless GASOLINE_CONTROL_ALLOW_REMOTE=1", () => {
  const env = { GASOLINE_CONTROL_ENV: "test", GASOLINE_CONTROL_TOKEN: TOKEN, GASOLINE_CONTROL_DB: ":memory:" };
  const local = createControl({ env, log: () => {} });
  assert.deepEqual(
    ["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.0.0.7", "::ffff:192.168.1.2", undefined].map((peer) =>
      local?.admits(peer),
    ),
    [true, true, true, false, false, false],
  );
  const remote = createControl({ env: { ...env, GASOLINE_CONTROL_ALLOW_REMOTE: "1" }, log: () => {} });
  assert.equal(remote?.admits("10.0.0.7"), true);
});

test("OPTIONS says that the service speaks the protocol", async () => {
  await withService({}, async (service) => {
    const answer = await send(service, "OPTIONS");
    assert.equal(answer.status, 204);
    assert.equal(answer.headers.get("x-gasoline-control"), PROTOCOL_VERSION);
  });
});

test("GET lists the service and the operations it offers", async () => {
  await withService({}, async (service) => {
    const answer = await send(service, "GET");
    assert.equal(answer.status, 200);
    assert.equal(answer.body.service, SERVICE_NAME);
    assert.equal(answer.body.protocol_version, PROTOCOL_VERSION);
    const names = answer.body.operations.map((operation: { name: string }) => operation.name);
    for (const name of ["reset_database", "create_test_user", "simulate_failure", "state", "snapshot", "restore"]) {
      assert.ok(names.includes(name), `${name} in ${names}`);
    }
    const reset = answer.body.operations.find((operation: { name: string }) => operation.name === "reset_database");
    assert.deepEqual(
      [reset.category, reset.read_only, reset.destructive, reset.idempotent],
      ["state_management", false, true, true],
    );
  });
});

test("any other method is 405 with the methods allowed", async () => {
  await withService({}, async (service) => {
    const answer = await send(service, "PUT", { body: {} });
    assert.equal(answer.status, 405);
    assert.equal(answer.headers.get("allow"), "OPTIONS, GET, POST");
  });
});

test("a body that is not a ControlRequest is 400 invalid_request", async () => {
  await withService({}, async (service) => {
    const bodies = [
      { raw: "not json" },
      { raw: "" },
      { body: [1] },
      { body: { params: {} } },
      { body: { operation: "state", extra: 1 } },
    ];
    for (const body of bodies) {
      const answer = await send(service, "POST", body);
      assert.equal(answer.status, 400, JSON.stringify(body));
      assert.equal(answer.body.error.code, "invalid_request");
    }
  });
});

test("an unknown operation is 404, params that do not fit its schema are 400 invalid_params", async () => {
  await withService({}, async (service) => {
    const unknown = await send(service, "POST", { body: { operation: "reset_everything" } });
    assert.deepEqual([unknown.status, unknown.body.error.code], [404, "unknown_operation"]);
    const invalid = await send(service, "POST", { body: { operation: "create_test_user", params: { email: 7 } } });
    assert.deepEqual([invalid.status, invalid.body.error.code], [400, "invalid_params"]);
  });
});

test("the same idempotency key and request answer the first response again and run nothing", async () => {
  await withService({}, async (service) => {
    const request = { operation: "create_test_user", params: { email: "once@example.com" }, idempotency_key: "k-1" };
    const first = await run(service, request);
    const again = await run(service, request);
    const { replayed, ...rest } = again;
    assert.deepEqual(rest, first);
    assert.equal(replayed, true);
    const users = await run(service, { operation: "state", params: { keys: ["user_count"] } });
    assert.equal(users.result?.values.user_count, 2);
    const conflict = await send(service, "POST", { body: { ...request, params: { email: "other@example.com" } } });
    assert.deepEqual([conflict.status, conflict.body.error.code], [409, "idempotency_conflict"]);
  });
});

test("the oldest idempotency key is forgotten once newer ones fill the store", () => {
  const keys = idempotencyKeys(2);
  const kept = (status: "success" | "error") => ({ fingerprint: status, response: { status } });
  keys.keep("a", kept("success"));
  keys.keep("b", kept("error"));
  keys.keep("c", kept("success"));
  assert.deepEqual(
    ["a", "b", "c"].map((key) => keys.find(key)?.fingerprint),
    [undefined, "error", "success"],
  );
});

test("shadow mode reports the predicted result and keeps nothing", async () => {
  await withService({}, async (service) => {
    const before = await run(service, { operation: "snapshot" });
    const shadow = await run(service, {
      operation: "create_test_user",
      params: { email: "shadow@example.com" },
      shadow_mode: true,
    });
    assert.deepEqual([shadow.status, shadow.applied, shadow.result?.email], ["success", false, "shadow@example.com"]);
    assert.equal(shadow.checksum, before.checksum);
    const fault = await run(service, {
      operation: "simulate_failure",
      params: { target: "shadowed", duration_ms: 60000 },
      shadow_mode: true,
    });
    assert.ok(fault.expires_at);
    const state = await run(service, { operation: "state", params: { keys: ["user_count", "active_failures"] } });
    assert.deepEqual(state.result?.values, { user_count: 1, active_failures: [] });
  });
});

test("a dry run checks the params, logs, and runs nothing", async () => {
  await withService({}, async (service) => {
    const dry = await run(service, { operation: "reset_database", params: {}, dry_run: true, correlation_id: "dry-1" });
    assert.deepEqual([dry.status, dry.applied, dry.result], ["success", false, undefined]);
    const state = await run(service, { operation: "state", params: { keys: ["user_count"] } });
    assert.equal(state.result?.values.user_count, 1);
    assert.ok(
      service.logs.includes(
        "gasoline-control operation=reset_database correlation_id=dry-1 status=success applied=false",
      ),
    );
    const invalid = await send(service, "POST", {
      body: { operation: "reset_database", params: { tables: "users" }, dry_run: true },
    });
    assert.equal(invalid.status, 400);
  });
});

test("every operation is logged with its correlation id", async () => {
  await withService({}, async (service) => {
    await run(service, {
      operation: "create_test_user",
      params: { email: "logged@example.com" },
      correlation_id: "run 42",
    });
    await run(service, { operation: "state", correlation_id: "run-43" });
    assert.ok(
      service.logs.includes(
        'gasoline-control operation=create_test_user correlation_id="run 42" status=success applied=true',
      ),
    );
    assert.ok(
      service.logs.includes("gasoline-control operation=state correlation_id=run-43 status=success applied=false"),
    );
  });
});

/**
 * POST: run one operation as a ControlRequest asks, and answer with a ControlResponse.
 *
 * Requests run one at a time, each operation in a database transaction that is committed only
 * when it succeeds and its change is to be kept: shadow mode, read-only operations and failures
 * roll back. Every response that reached an operation carries the checksum of the state after it.
 * A response is built with the current protocol's fields; the bindings' wireResponse keeps those of
 * their protocol version.
 */
import type { DatabaseSync } from "node:sqlite";
import { canonicalJson } from "./canonical-json.ts";
import type { IdempotencyKeys } from "./idempotency.ts";
import { type Log, operationLine } from "./log.ts";
import {
  type ControlRequest,
  type ControlResponse,
  idempotencyKey,
  type ResponseFields,
  SCHEMAS,
  wireResponse,
} from "./protocol.generated.ts";
import type { Operation, OperationContext, Registry } from "./registry.ts";
import { readState, stateChecksum } from "./sqlite-state.ts";
import { isObject, validate } from "./validate.ts";

/** A request body as JSON, or why it could not be read as JSON. */
export type Body = { value: unknown } | { problem: string };

export interface Outcome {
  status: number;
  response: ControlResponse;
}

/** Runs one request's body; requests run one at a time, in the order they came. */
export type Execute = (body: Body) => Promise<Outcome>;

type Answer = { status: number; response: ResponseFields };

/** What a request asks for, with the protocol's defaults filled in: same call, same fingerprint. */
interface Call {
  operation: string;
  params: { [key: string]: unknown };
  shadow_mode: boolean;
  dry_run: boolean;
}

export function executor(operations: Registry, db: DatabaseSync, keys: IdempotencyKeys, log: Log): Execute {
  let queue: Promise<unknown> = Promise.resolve();

  async function answer(body: Body): Promise<Outcome> {
    if ("problem" in body) return sent(refused(400, "invalid_request", body.problem));
    const problems = validate(SCHEMAS.ControlRequest, body.value, SCHEMAS, "request");
    if (problems.length > 0) return sent(refused(400, "invalid_request", problems.join("; ")));
    const request = body.value as ControlRequest;
    const outcome = await respond(request, performance.now());
    log(
      operationLine({
        operation: request.operation,
        correlationId: request.correlation_id,
        status: outcome.response.status,
        applied: outcome.response.applied ?? false,
      }),
    );
    return sent(outcome);
  }

  async function respond(request: ControlRequest, started: number): Promise<Answer> {
    const call: Call = {
      operation: request.operation,
      params: request.params ?? {},
      shadow_mode: request.shadow_mode ?? false,
      dry_run: request.dry_run ?? false,
    };
    const fingerprint = canonicalJson(call);
    const key = idempotencyKey(request);
    const kept = key === undefined ? undefined : keys.find(key);
    if (kept !== undefined) {
      if (kept.fingerprint !== fingerprint) {
        return refused(409, "idempotency_conflict", `the idempotency key ${key} was used for another request`);
      }
      return { status: 200, response: { ...kept.response, replayed: true } };
    }
    const operation = operations.get(call.operation);
    if (operation === undefined) return refused(404, "unknown_operation", `no operation named '${call.operation}'`);
    const invalid = validate(operation.params, call.params);
    if (invalid.length > 0) return refused(400, "invalid_params", invalid.join("; "));
    const response: ResponseFields = call.dry_run
      ? { status: "success", applied: false }
      : await run(operation, call, request.correlation_id);
    response.checksum = stateChecksum(readState(db));
    response.duration_ms = Math.round(performance.now() - started);
    if (key !== undefined) keys.keep(key, { fingerprint, response });
    return { status: 200, response };
  }

  async function run(operation: Operation, call: Call, correlationId: string | undefined): Promise<ResponseFields> {
    const keep = !call.shadow_mode && !operation.read_only;
    const changes: Array<() => void> = [];
    let expiresAt: Date | undefined;
    const context: OperationContext = {
      db,
      correlationId,
      afterCommit: (change) => changes.push(change),
      expiresAt: (when) => {
        expiresAt = when;
      },
    };
    let result: { [key: string]: unknown };
    db.exec("BEGIN");
    try {
      const value = await operation.run(call.params, context);
      if (!isObject(value)) throw new Error(`${operation.name} returned ${JSON.stringify(value)}, not an object`);
      result = value;
      db.exec(keep ? "COMMIT" : "ROLLBACK");
    } catch (error) {
      if (db.isTransaction) db.exec("ROLLBACK");
      const message = error instanceof Error ? error.message : String(error);
      return { status: "error", applied: false, error: { code: "failed", message } };
    }
    if (keep) for (const change of changes) change();
    return { status: "success", result, applied: keep, expires_at: expiresAt?.toISOString() };
  }

  return (body) => {
    const outcome = queue.then(() => answer(body));
    queue = outcome.catch(() => undefined);
    return outcome;
  };
}

/** An answer as the bindings' protocol version has it. */
function sent({ status, response }: Answer): Outcome {
  return { status, response: wireResponse(response) };
}

function refused(status: number, code: string, message: string): Answer {
  return { status, response: { status: "error", applied: false, error: { code, message }, duration_ms: 0 } };
}

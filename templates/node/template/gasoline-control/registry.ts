/**
 * The operations a service offers: each with its name, category, hints, the JSON Schema of its
 * params (checked before it runs) and of its result, and the function that runs it. A registry
 * is checked once, when the endpoint is mounted, so that a mistake in an operation stops the
 * service from starting rather than surfacing in the middle of a test run.
 */
import type { DatabaseSync } from "node:sqlite";
import { type ControlOperation, discoveryEntry, SCHEMAS } from "./protocol.generated.ts";
import { type JsonSchema, unsupportedKeywords, validate } from "./validate.ts";

export interface OperationContext {
  /** The service's database, inside the transaction the operation runs in. */
  db: DatabaseSync;
  /** The caller's correlation id, for the operation's own log lines. */
  correlationId: string | undefined;
  /** Run change once the operation's changes are kept: for changes outside the database, which
   *  shadow mode, a read-only operation or a failure must not make. */
  afterCommit(change: () => void): void;
  /** Tell the caller when what the operation did ends by itself (an injected fault). */
  expiresAt(when: Date): void;
}

/** An operation as the team registers it: what discovery says of it, in the current protocol's terms
 *  (the bindings' discoveryEntry says it as their protocol version does), and run. */
export interface Operation<Params = any> {
  /** In snake case: reset_database. */
  name: string;
  category: ControlOperation["category"];
  /** True when it changes nothing (it only reads); it then runs without asking a person. */
  read_only: boolean;
  /** For an operation that changes state: true (the default) when it can delete or overwrite data. */
  destructive?: boolean;
  /** True when running it twice with the same params does what running it once does. */
  idempotent?: boolean;
  /** What it does, for the assistant and the person approving it. */
  description: string;
  params: JsonSchema;
  returns?: JsonSchema;
  /** Example params; each must fit params. */
  examples?: Array<{ [key: string]: unknown }>;
  /** Runs inside a database transaction that is committed only if it returns and the change is to be kept.
   *  Params have been checked against the params schema. Throw to fail: the response is then status
   *  error, code "failed", with the error's message. */
  run(params: Params, context: OperationContext): object | Promise<object>;
}

export type Registry = ReadonlyMap<string, Operation>;

/** The fields of an Operation: any other is a mistake, such as a misspelt hint. */
const FIELDS = new Set([
  "name",
  "category",
  "read_only",
  "destructive",
  "idempotent",
  "description",
  "params",
  "returns",
  "examples",
  "run",
]);

/** The operations by name; throws, listing every problem, when one is not fit to offer. */
export function registry(operations: readonly Operation[]): Registry {
  const byName = new Map<string, Operation>();
  const problems: string[] = [];
  for (const operation of operations) {
    const name = typeof operation.name === "string" ? operation.name : "(unnamed)";
    problems.push(...operationProblems(operation, name));
    if (byName.has(name)) problems.push(`${name}: registered twice`);
    byName.set(name, operation);
  }
  if (problems.length > 0) {
    throw new Error(`gasoline-control: operations not fit to offer:\n  ${problems.join("\n  ")}`);
  }
  return byName;
}

function operationProblems(operation: Operation, name: string): string[] {
  const schemas: Array<[string, JsonSchema | undefined]> = [
    ["params", operation.params],
    ["returns", operation.returns],
  ];
  return [
    ...Object.keys(operation)
      .filter((field) => !FIELDS.has(field))
      .map((field) => `${name}.${field}: not a field of an operation`),
    ...validate(SCHEMAS.ControlOperation, discoveryEntry(operation), SCHEMAS, name),
    ...(typeof operation.run === "function" ? [] : [`${name}.run: not a function`]),
    ...schemas.flatMap(([part, schema]) =>
      schema === undefined
        ? []
        : unsupportedKeywords(schema).map((keyword) => `${name}.${part}: ${keyword} is not supported`),
    ),
    ...(operation.examples ?? []).flatMap((example, index) =>
      validate(operation.params, example, undefined, `${name}.examples[${index}]`),
    ),
  ];
}

/**
 * The endpoint apart from any framework: /.gasoline/control behind its guards. OPTIONS tells a
 * caller that the service speaks the protocol, GET lists the operations, POST runs one
 * (execute.ts). The adapter of the service's framework hands requests in and writes replies out.
 */
import { readFileSync } from "node:fs";
import { SERVICE_NAME } from "./config.ts";
import { type Body, executor } from "./execute.ts";
import { bearerMatches, type Environment, isLoopback, mounting } from "./guards.ts";
import { idempotencyKeys } from "./idempotency.ts";
import { consoleLog, type Log } from "./log.ts";
import { operations as teamOperations } from "./operations.ts";
import { type ControlDiscovery, discoveryEntry, PROTOCOL_VERSION } from "./protocol.generated.ts";
import { type Operation, registry } from "./registry.ts";
import { database, databasePath } from "./store.ts";

export const CONTROL_PATH = "/.gasoline/control";
const ALLOW = "OPTIONS, GET, POST";

export interface ControlOptions {
  /** Where GASOLINE_CONTROL_ENV, _TOKEN, _ALLOW_REMOTE and _DB are read: process.env unless given. */
  env?: Environment;
  /** The operations offered: those of operations.ts unless given. */
  operations?: readonly Operation[];
  /** Where the endpoint's log lines go: console.error unless given. */
  log?: Log;
  /** The service's version in discovery: the version in package.json unless given. */
  version?: string;
}

/** A request to the endpoint's path, as the adapter hands it in. */
export interface Incoming {
  method: string;
  authorization: string | undefined;
  body(): Promise<Body>;
}

export interface Reply {
  status: number;
  headers: { [name: string]: string };
  body?: object;
}

export interface Control {
  /** Whether a request from this peer is the endpoint's; any other gets the app's own 404. */
  admits(peer: string | undefined): boolean;
  handle(request: Incoming): Promise<Reply>;
}

/** The endpoint, or undefined where the environment does not mount it (then the reason is logged, if any). */
export function createControl(options: ControlOptions = {}): Control | undefined {
  const env = options.env ?? process.env;
  const log = options.log ?? consoleLog;
  const mount = mounting(env);
  if (!mount.mounted) {
    if (mount.reason !== undefined) log(`gasoline-control: ${CONTROL_PATH} is not mounted: ${mount.reason}`);
    return undefined;
  }
  const operations = registry(options.operations ?? teamOperations);
  const execute = executor(operations, database(databasePath(env)), idempotencyKeys(), log);
  const discovery: ControlDiscovery = {
    service: SERVICE_NAME,
    version: options.version ?? packageVersion(),
    protocol_version: PROTOCOL_VERSION,
    operations: [...operations.values()].map(discoveryEntry),
  };
  log(
    `gasoline-control: ${CONTROL_PATH} mounted (GASOLINE_CONTROL_ENV=${env.GASOLINE_CONTROL_ENV}, ${operations.size} operations)`,
  );
  return {
    admits: (peer) => mount.allowRemote || isLoopback(peer),
    async handle(request) {
      if (!bearerMatches(request.authorization, mount.token)) {
        return { status: 401, headers: { "WWW-Authenticate": "Bearer" } };
      }
      switch (request.method) {
        case "OPTIONS":
          return { status: 204, headers: { "X-Gasoline-Control": PROTOCOL_VERSION, Allow: ALLOW } };
        case "GET":
          return json(200, discovery);
        case "POST": {
          const { status, response } = await execute(await request.body());
          return json(status, response);
        }
        default:
          return { status: 405, headers: { Allow: ALLOW } };
      }
    },
  };
}

function json(status: number, body: object): Reply {
  return { status, headers: { "Content-Type": "application/json", "Cache-Control": "no-store" }, body };
}

/** The version in the service's package.json, beside this module's folder. */
function packageVersion(): string | undefined {
  try {
    const manifest: unknown = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
    const version = (manifest as { version?: unknown }).version;
    return typeof version === "string" ? version : undefined;
  } catch {
    return undefined;
  }
}

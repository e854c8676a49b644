/** The tests' side of the endpoint: a service of its own for each test, and requests to it. */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CONTROL_PATH } from "../endpoint.ts";
import type { Environment } from "../guards.ts";
import type { ControlResponse } from "../protocol.generated.ts";
import { listen } from "./app.ts";

export const TOKEN = "test-token-0123456789";

export interface Service {
  url: string;
  /** The endpoint's log lines so far. */
  logs: string[];
  close(): Promise<void>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

/** A service whose endpoint the environment mounts (switch on, token set, a database of its own), changed by env. */
export async function start(env: Environment = {}): Promise<Service> {
  const folder = mkdtempSync(join(tmpdir(), "gasoline-control-"));
  const logs: string[] = [];
  const server = await listen({
    env: {
      GASOLINE_CONTROL_ENV: "test",
      GASOLINE_CONTROL_TOKEN: TOKEN,
      GASOLINE_CONTROL_DB: join(folder, "service.sqlite"),
      ...env,
    },
    log: (line) => logs.push(line),
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    logs,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export async function send(
  service: Service,
  method: string,
  options: { body?: unknown; raw?: string; token?: string | null } = {},
): Promise<Answer> {
  const token = options.token === undefined ? TOKEN : options.token;
  const headers: { [name: string]: string } = token === null ? {} : { Authorization: `Bearer ${token}` };
  let body: string | undefined = options.raw;
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(service.url + CONTROL_PATH, { method, headers, body });
  const text = await response.text();
  const json =
    (response.headers.get("content-type") ?? "").includes("json") && text !== "" ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body: json };
}

/** A 200 response to a POST, its result as loosely typed as the JSON it was read from. */
export type Ran = Omit<ControlResponse, "result"> & { result?: any };

/** POST one ControlRequest; the response, which must be 200. */
export async function run(service: Service, request: object): Promise<Ran> {
  const answer = await send(service, "POST", { body: request });
  if (answer.status !== 200) {
    throw new Error(`${JSON.stringify(request)} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return answer.body;
}

/** Wait until condition holds, polling, or fail after timeoutMs. */
export async function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

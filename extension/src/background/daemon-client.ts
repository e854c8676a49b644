// HTTP to the daemon. The browser adds Origin: chrome-extension://<id>, which the daemon checks;
// the extension proves itself with the token it got by pairing (shared/pairing.ts), sent on every
// request once it has one. host_permissions for the loopback hosts make CORS unnecessary.
import { daemonBaseUrl } from "../shared/daemon-url";
import { pairingToken } from "./state";

/** A daemon that hangs must not stall uploads and syncs forever. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface DaemonReply {
  status: number;
  body: unknown;
}

/** The daemon refused the request because the extension is not paired (or no longer is). */
export function refusedUnpaired(reply: DaemonReply): boolean {
  return reply.status === 401;
}

/** Resolves with any HTTP answer; rejects when the daemon could not be reached or `cancel` fired.
 *  waitMs: how long the daemon may hold the answer on purpose (a long poll). */
export async function postToDaemon(
  port: number,
  path: string,
  payload: unknown,
  options: { waitMs?: number; cancel?: AbortSignal } = {},
): Promise<DaemonReply> {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS + (options.waitMs ?? 0));
  const token = await pairingToken.get();
  const response = await fetch(`${daemonBaseUrl(port)}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
    signal: options.cancel ? AbortSignal.any([timeout, options.cancel]) : timeout,
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

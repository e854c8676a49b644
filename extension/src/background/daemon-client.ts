// HTTP to the daemon. The browser adds Origin: chrome-extension://<id>, which the daemon checks;
// host_permissions for the loopback hosts make CORS unnecessary.
import { daemonBaseUrl } from "../shared/daemon-url";

/** A daemon that hangs must not stall uploads and syncs forever. */
const REQUEST_TIMEOUT_MS = 10_000;

export interface DaemonReply {
  status: number;
  body: unknown;
}

/** Resolves with any HTTP answer; rejects only when the daemon could not be reached. */
export async function postToDaemon(port: number, path: string, payload: unknown): Promise<DaemonReply> {
  const response = await fetch(`${daemonBaseUrl(port)}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(payload),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  const body: unknown = await response.json().catch(() => undefined);
  return { status: response.status, body };
}

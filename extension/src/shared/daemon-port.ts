// Which port the daemon listens on: the one saved on the options page, else the default
// shipped in defaults.json (tests and the demo rewrite that file, so it is read, not assumed).
import { cached } from "./cached";

export const DAEMON_PORT_KEY = "daemonPort";

export function isValidPort(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** The default port, from the defaults.json shipped with the extension. */
export const defaultDaemonPort = cached(async () => {
  const defaults = (await (await fetch(chrome.runtime.getURL("defaults.json"))).json()) as { daemonPort?: unknown };
  if (!isValidPort(defaults.daemonPort)) throw new Error("defaults.json has no valid daemonPort");
  return defaults.daemonPort;
});

export async function readDaemonPort(): Promise<number> {
  const stored = (await chrome.storage.local.get(DAEMON_PORT_KEY))[DAEMON_PORT_KEY];
  return isValidPort(stored) ? stored : defaultDaemonPort.get();
}

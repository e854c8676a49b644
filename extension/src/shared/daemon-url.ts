// The daemon's address, and how to recognise requests aimed at it.
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

export function daemonBaseUrl(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** True for any loopback URL on the daemon's port: the extension's own traffic, never captured. */
export function isDaemonUrl(url: string, port: number | undefined): boolean {
  if (port === undefined) return false;
  try {
    const parsed = new URL(url);
    return LOOPBACK_HOSTS.has(parsed.hostname) && parsed.port === String(port);
  } catch {
    return false;
  }
}

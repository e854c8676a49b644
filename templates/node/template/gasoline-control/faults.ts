/**
 * The faults simulate_failure injects. The app's own handlers ask activeFailure(target) and fail
 * with its status while it lasts; a fault ends by itself when it expires. Faults live in memory,
 * so a restart ends them too.
 */
export interface ActiveFailure {
  target: string;
  status: number;
  expires_at: string;
}

const faults = new Map<string, { status: number; expiresAt: number }>();

/** Make target fail with status until expiresAt (milliseconds since the epoch). */
export function injectFailure(target: string, status: number, expiresAt: number): void {
  faults.set(target, { status, expiresAt });
}

/** The fault injected into target, while it lasts. */
export function activeFailure(target: string, now: number = Date.now()): ActiveFailure | undefined {
  const fault = faults.get(target);
  if (fault === undefined) return undefined;
  if (fault.expiresAt <= now) {
    faults.delete(target);
    return undefined;
  }
  return { target, status: fault.status, expires_at: new Date(fault.expiresAt).toISOString() };
}

/** Every fault that lasts, by target. */
export function activeFailures(now: number = Date.now()): ActiveFailure[] {
  return [...faults.keys()]
    .sort()
    .map((target) => activeFailure(target, now))
    .filter((failure) => failure !== undefined);
}

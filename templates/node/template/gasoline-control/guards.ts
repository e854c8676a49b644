/**
 * The guards in front of the endpoint. Every public leak of such an endpoint was a test route
 * reachable in production, so all of them hold at once: an allow-listed environment switch,
 * loopback peers only, and a bearer token compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { ALLOWED_ENVIRONMENTS } from "./config.ts";

export type Environment = { readonly [name: string]: string | undefined };

/** Whether to mount the endpoint, and with which token; `reason` says why not, where that is news to the team. */
export type Mounting = { mounted: true; token: string; allowRemote: boolean } | { mounted: false; reason?: string };

export function mounting(env: Environment): Mounting {
  const name = env.GASOLINE_CONTROL_ENV;
  if (!name) return { mounted: false };
  if (!ALLOWED_ENVIRONMENTS.includes(name)) {
    return {
      mounted: false,
      reason: `GASOLINE_CONTROL_ENV=${JSON.stringify(name)} is not one of ${ALLOWED_ENVIRONMENTS.join(", ")}`,
    };
  }
  const token = env.GASOLINE_CONTROL_TOKEN;
  if (!token) return { mounted: false, reason: `GASOLINE_CONTROL_ENV=${name} but GASOLINE_CONTROL_TOKEN is not set` };
  return { mounted: true, token, allowRemote: env.GASOLINE_CONTROL_ALLOW_REMOTE === "1" };
}

/** A loopback address: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const ipv4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(ipv4);
}

/** Whether an Authorization header carries the token; the comparison takes as long whatever the header holds. */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(authorization ?? "");
  return timingSafeEqual(digest(match?.[1] ?? ""), digest(token)) && match !== null;
}

function digest(text: string): Buffer {
  return createHash("sha256").update(text).digest();
}

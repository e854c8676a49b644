/**
 * The first response to each idempotency key, for the last 1,000 keys: a retry with the same key
 * and request gets that response again and runs nothing; the same key with another request is a
 * conflict.
 */
import type { ResponseFields } from "./protocol.generated.ts";

export interface Kept {
  /** What the request asked for, canonically (see execute.ts). */
  fingerprint: string;
  response: ResponseFields;
}

export interface IdempotencyKeys {
  find(key: string): Kept | undefined;
  keep(key: string, kept: Kept): void;
}

export function idempotencyKeys(limit = 1000): IdempotencyKeys {
  const kept = new Map<string, Kept>();
  return {
    find: (key) => kept.get(key),
    keep(key, entry) {
      kept.set(key, entry);
      for (const oldest of kept.keys()) {
        if (kept.size <= limit) break;
        kept.delete(oldest);
      }
    },
  };
}

// The worker's redactor. It masks with the daemon's key and the project's patterns once a sync
// has handed them over (kept in storage.session, so a worker that Chrome restarts masks the same
// at once); until then it masks with the policy alone, every mask unhashed. What it masks is
// counted by class, and each sync reports the counts since the one before.
import { hexToBytes } from "@noble/hashes/utils.js";
import type { RedactedCount, RedactionHandover } from "../../../generated/ts/messages";
import { RedactionUnavailable, Redactor } from "../redaction/redactor";

const HANDOVER_KEY = "redactionHandover";

let built: { handover: string; redactor: Redactor } | undefined;
let restored: Promise<void> | undefined;
const maskedSinceSync = new Map<string, number>();

/** The counts of secrets masked since the last sync, taken to send with the next one. */
export function takeMaskedCounts(): RedactedCount[] {
  const counts = [...maskedSinceSync].map(([secretClass, count]) => ({ class: secretClass, count }));
  maskedSinceSync.clear();
  return counts;
}

/** Counts a sync could not deliver, for the next one. */
export function putBackMaskedCounts(counts: readonly RedactedCount[]): void {
  for (const { class: secretClass, count } of counts) {
    maskedSinceSync.set(secretClass, (maskedSinceSync.get(secretClass) ?? 0) + count);
  }
}

/** The redactor to mask captured data with now. */
export async function currentRedactor(): Promise<Redactor> {
  restored ??= chrome.storage.session.get(HANDOVER_KEY).then((stored) => {
    if (!built) build(stored[HANDOVER_KEY] as RedactionHandover | undefined);
  });
  await restored;
  return built?.redactor ?? build(undefined);
}

/** What the daemon's last sync said; a handover that differs from the one in use replaces it. */
export async function receiveHandover(handover: RedactionHandover | undefined): Promise<void> {
  if (handover === undefined || JSON.stringify(handover) === built?.handover) return;
  build(handover);
  await chrome.storage.session.set({ [HANDOVER_KEY]: handover });
}

function build(handover: RedactionHandover | undefined): Redactor {
  const key = handover ? hexToBytes(handover.key) : null;
  let redactor: Redactor;
  try {
    redactor = new Redactor(key, handover?.patterns ?? [], maskedSinceSync);
  } catch (error) {
    // The daemon, which accepted the patterns, still applies them to everything that arrives.
    console.warn("Gasoline: the project's redaction patterns cannot run here; masking with the policy alone", error);
    redactor = new Redactor(key, [], maskedSinceSync);
  }
  built = { handover: JSON.stringify(handover), redactor };
  setTimeout(() => warmUp(redactor), 0);
  return redactor;
}

/** Ordinary captured data, nothing in it to mask, of the shapes a page sends most. */
const WARM_UP: readonly object[] = [
  { type: "console", level: "error", message: "TypeError: Cannot read properties of undefined (reading 'items') at render (app.js:42:13)", args: ["loaded 12 items in 35 ms"], url: "http://localhost:3000/cart?step=2#summary" },
  { type: "network_error", method: "POST", url: "https://api.example.com/v1/orders/1842?expand=items", status: 502, error: "Bad Gateway" },
];

/** The rules' automata are built as texts first meet them: a first scan costs tens of ms more
 *  than the next. Scanning ordinary data as soon as a redactor is built, between events, spares
 *  the first event a page sends. */
function warmUp(redactor: Redactor): void {
  try {
    for (const sample of WARM_UP) redactor.value(sample);
  } catch {
    // a redactor that fails here fails on real data too, and says so there
  }
}

/** Data masked, or undefined when it cannot be (it must then be dropped, never sent raw). */
export function masked<T>(redactor: Redactor, data: T): T | undefined {
  try {
    return redactor.value(data) as T;
  } catch (error) {
    if (error instanceof RedactionUnavailable) return undefined;
    throw error;
  }
}

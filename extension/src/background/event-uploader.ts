// Sends queued events to POST /events, with the contract version they are written in: after
// batch_delay_ms, or at once when a full batch is waiting; one request at a time; backs off while
// the daemon is unreachable or the extension is not paired (the events stay queued; the first
// sync that gets through after pairing sends them at once).
import { DAEMON_PATHS } from "../../../generated/ts/daemon-client";
import { LIMITS } from "../../../generated/ts/limits";
import type { EventBatch, IngestResult } from "../../../generated/ts/messages";
import { readDaemonPort } from "../shared/daemon-port";
import { contractVersion, refusedContractVersion } from "./contract-version";
import { postToDaemon, type DaemonReply } from "./daemon-client";
import { type QueuedEvent, nextBatch, pendingCount, removeBatch } from "./event-queue";

const FULL_BATCH = Math.min(LIMITS.extension.batch_max_events, LIMITS.ingest.max_batch_events);
/** Room for {"events":[...],"contract_version":"..."} around the events themselves. */
const MAX_EVENT_BYTES_PER_BATCH = LIMITS.ingest.max_body_bytes - 64;
/** Statuses worth retrying: not paired yet, the daemon is busy, starting, or someone else holds the port. */
const RETRY_STATUSES = new Set([401, 403, 408, 429]);

let batchTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelayMs = 0;
let uploading = false;
/** Lowered after a 413 (body too large), back to a full batch after a success. */
let batchLimit = FULL_BATCH;

export function scheduleUpload(): void {
  if (uploading || retryTimer !== undefined) return; // they pick new events up when done
  const waiting = pendingCount();
  if (waiting >= FULL_BATCH) {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    void upload();
  } else if (waiting > 0 && batchTimer === undefined) {
    batchTimer = setTimeout(() => {
      batchTimer = undefined;
      void upload();
    }, LIMITS.extension.batch_delay_ms);
  }
}

/** The daemon answered again (a sync got through): stop waiting out the backoff. */
export function retryNow(): void {
  if (retryTimer === undefined) return;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  retryDelayMs = 0;
  scheduleUpload();
}

async function upload(): Promise<void> {
  const batch = nextBatch(batchLimit, MAX_EVENT_BYTES_PER_BATCH);
  if (batch.length === 0) return;
  uploading = true;
  let delivered: boolean;
  try {
    delivered = await deliver(batch);
  } finally {
    uploading = false;
  }
  if (delivered) {
    retryDelayMs = 0;
    scheduleUpload();
  } else {
    retryDelayMs = Math.min(Math.max(retryDelayMs * 2, LIMITS.extension.retry_min_ms), LIMITS.extension.retry_max_ms);
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void upload();
    }, retryDelayMs);
  }
}

/** False when the batch must be sent again later; true when it is settled one way or another. */
async function deliver(batch: QueuedEvent[]): Promise<boolean> {
  const body: EventBatch = { events: batch.map((queued) => queued.event) };
  const version = contractVersion();
  if (version) body.contract_version = version;
  let reply: DaemonReply;
  try {
    reply = await postToDaemon(await readDaemonPort(), DAEMON_PATHS.ingestEvents(), body);
  } catch {
    return false; // unreachable: keep the batch
  }
  if (refusedContractVersion(reply, version)) return true; // kept, and sent again in the shape that daemon reads
  if (reply.status === 200) {
    logRejections(batch, reply.body as IngestResult | undefined);
    removeBatch(batch);
    batchLimit = FULL_BATCH;
    return true;
  }
  if (reply.status === 413 && batch.length > 1) {
    batchLimit = Math.ceil(batch.length / 2); // try again at once with half as many
    return true;
  }
  if (reply.status >= 500 || RETRY_STATUSES.has(reply.status)) return false;
  // Any other refusal means the request itself is broken; sending it again would not help.
  console.error(`Gasoline: the daemon refused ${batch.length} events (HTTP ${reply.status})`, reply.body);
  removeBatch(batch);
  return true;
}

/** A rejected event is malformed: it is logged here and never sent again. */
function logRejections(batch: QueuedEvent[], result: IngestResult | undefined): void {
  for (const { index, reason } of result?.rejected ?? []) {
    console.warn(`Gasoline: the daemon rejected an event: ${reason}`, batch[index]?.event);
  }
}

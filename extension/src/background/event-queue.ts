// Events waiting for the daemon: bounded (the oldest go first, counted as dropped) and written
// through to storage.session, so a worker that Chrome stops and restarts loses nothing.
import type { CaptureEvent } from "../../../generated/ts/events";
import { LIMITS } from "../../../generated/ts/limits";
import { utf8ByteLength } from "../shared/text-limits";

const PENDING_KEY = "pendingEvents";
const DROPPED_KEY = "droppedEvents";
/** storage.session has a quota; with large bodies queued, only the newest events that fit are kept there. */
const PERSIST_BUDGET_BYTES = chrome.storage.session.QUOTA_BYTES * 0.8;

export interface QueuedEvent {
  event: CaptureEvent;
  /** Its size as JSON, for batch and storage budgets. */
  bytes: number;
}

const queue: QueuedEvent[] = [];
let dropped = 0;
let writing = false;
let writeAgain = false;

/** Resolves once the events kept by a previous run of the worker are back in the queue. */
export const queueRestored: Promise<void> = restore();

export function enqueue(events: CaptureEvent[], droppedBeforeQueue: number): void {
  for (const event of events) queue.push({ event, bytes: utf8ByteLength(JSON.stringify(event)) });
  const overflow = Math.max(0, queue.length - LIMITS.extension.queue_max_events);
  queue.splice(0, overflow);
  dropped += overflow + droppedBeforeQueue;
  persist();
}

export function pendingCount(): number {
  return queue.length;
}

export function droppedCount(): number {
  return dropped;
}

/** The oldest events, as many as fit both limits (always at least one). */
export function nextBatch(maxEvents: number, maxBytes: number): QueuedEvent[] {
  const batch: QueuedEvent[] = [];
  let bytes = 0;
  for (const queued of queue) {
    if (batch.length >= maxEvents || (batch.length > 0 && bytes + queued.bytes > maxBytes)) break;
    batch.push(queued);
    bytes += queued.bytes + 1; // the comma between events
  }
  return batch;
}

/** Removes a batch that was delivered (or refused for good). Drops only ever take the oldest,
 *  so whatever is left of the batch is still at the front. */
export function removeBatch(batch: QueuedEvent[]): void {
  const done = new Set(batch);
  let count = 0;
  while (count < queue.length && done.has(queue[count])) count++;
  queue.splice(0, count);
  persist();
}

async function restore(): Promise<void> {
  const stored = await chrome.storage.session.get([PENDING_KEY, DROPPED_KEY]);
  const events = stored[PENDING_KEY];
  if (Array.isArray(events)) enqueue(events as CaptureEvent[], 0);
  if (typeof stored[DROPPED_KEY] === "number") dropped += stored[DROPPED_KEY];
}

/** One write at a time; changes made meanwhile are folded into the next write. */
function persist(): void {
  writeAgain = true;
  if (!writing) void writeLoop();
}

async function writeLoop(): Promise<void> {
  writing = true;
  while (writeAgain) {
    writeAgain = false;
    try {
      await chrome.storage.session.set({ [PENDING_KEY]: newestWithinBudget(), [DROPPED_KEY]: dropped });
    } catch (error) {
      console.warn("Gasoline: could not keep pending events in storage.session", error);
    }
  }
  writing = false;
}

function newestWithinBudget(): CaptureEvent[] {
  let bytes = 0;
  let start = queue.length;
  while (start > 0 && bytes + queue[start - 1].bytes <= PERSIST_BUDGET_BYTES) bytes += queue[--start].bytes;
  return queue.slice(start).map((queued) => queued.event);
}

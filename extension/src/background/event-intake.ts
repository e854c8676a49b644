// Events from the relays: the tab filter, the settings and daemon-URL safety nets, tabId,
// sensitive headers dropped and every secret the policy finds masked, then the queue. An event
// that cannot be masked is dropped (and counted), never queued raw. A running action watches its
// tab's events and request activity (watchPageEvents), as masked, even when another tab is tracked.
import type { CaptureEvent } from "../../../generated/ts/events";
import type { ExtensionSettings } from "../../../generated/ts/messages";
import type { RequestActivity } from "../shared/messages";
import { allowedBy } from "../shared/capture-filter";
import { readDaemonPort } from "../shared/daemon-port";
import { isDaemonUrl } from "../shared/daemon-url";
import { withoutSensitiveHeaders } from "../shared/headers";
import { enqueue, queueRestored } from "./event-queue";
import { scheduleUpload } from "./event-uploader";
import { currentRedactor, masked } from "./redaction";
import { settings, trackedTabId } from "./state";

/** Batches are handled one after another, so events keep their order. */
let intakeChain: Promise<void> = Promise.resolve();

type PageEventWatcher = (tabId: number, events: readonly CaptureEvent[], requests: RequestActivity | undefined) => void;
const watchers = new Set<PageEventWatcher>();

/** Hands every masked event of every tab to watcher until the returned function is called. */
export function watchPageEvents(watcher: PageEventWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

export function receiveEvents(events: unknown, droppedInPage: unknown, tabId: number, activity: unknown): void {
  if (!Array.isArray(events)) return;
  const dropped = typeof droppedInPage === "number" && droppedInPage > 0 ? droppedInPage : 0;
  const requests = isActivity(activity) ? activity : undefined;
  if (events.length === 0 && dropped === 0 && watchers.size === 0) return; // only activity, and nobody watching
  intakeChain = intakeChain
    .then(() => intake(events.filter(isEventLike), dropped, tabId, requests))
    .catch((error: unknown) => console.error("Gasoline: could not queue events", error));
}

async function intake(
  events: CaptureEvent[],
  droppedInPage: number,
  tabId: number,
  requests: RequestActivity | undefined,
): Promise<void> {
  await queueRestored;
  const [tracked, current, port, redactor] = await Promise.all([
    trackedTabId.get(),
    settings.get(),
    readDaemonPort(),
    currentRedactor(),
  ]);
  const otherTab = tracked !== undefined && tracked !== tabId; // Track This Page: other tabs are ignored
  if (otherTab && watchers.size === 0) return;
  const wanted = events.filter((event) => isWanted(event, current, port));
  const kept = wanted.flatMap((event) => masked(redactor, prepare(event, tabId)) ?? []);
  for (const watcher of watchers) watcher(tabId, kept, requests);
  if (otherTab || (kept.length === 0 && wanted.length === 0 && droppedInPage === 0)) return;
  enqueue(kept, droppedInPage + wanted.length - kept.length);
  scheduleUpload();
}

function isActivity(value: unknown): value is RequestActivity {
  const activity = value as RequestActivity | null;
  return typeof activity === "object" && activity !== null && Array.isArray(activity.started) && Array.isArray(activity.inFlight);
}

function isEventLike(value: unknown): value is CaptureEvent {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** A page that loaded before a switch was turned off may still send what it no longer should. */
function isWanted(event: CaptureEvent, current: ExtensionSettings, port: number): boolean {
  if (!allowedBy(event, current)) return false;
  return event.type === "network_body" || event.type === "network_error" ? !isDaemonUrl(event.url, port) : true;
}

function prepare(event: CaptureEvent, tabId: number): CaptureEvent {
  if (event.type !== "network_body") return { ...event, tabId };
  const prepared = { ...event, tabId };
  if (event.requestHeaders) prepared.requestHeaders = withoutSensitiveHeaders(event.requestHeaders);
  if (event.responseHeaders) prepared.responseHeaders = withoutSensitiveHeaders(event.responseHeaders);
  return prepared;
}

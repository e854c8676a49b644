// The inject script's private line to the relay. At document_start it offers a MessagePort on
// window; the relay takes the first offer, stops the message before any page listener sees it,
// and acks on the port. From then on everything travels on that port and carries the nonce.
// Until the relay has told the page the person's switches, everything is captured (a page's
// start-up requests happen before the switches can arrive) and held; what the switches exclude
// is then dropped in the page, and the rest goes out, with the page's request activity. A dialog cannot wait for the port (it
// blocks the page's thread until answered): signalNow reaches the relay synchronously.
import type { CaptureEvent } from "../../../generated/ts/events";
import { LIMITS } from "../../../generated/ts/limits";
import {
  PAGE_SIGNAL_EVENT,
  type ChannelOffer,
  type DialogSignal,
  type PageConfig,
  type PageEventBatch,
  type PageSignal,
  type RelayToPage,
} from "../shared/messages";
import { allowedBy } from "../shared/capture-filter";
import {
  NativeCustomEvent, nativeDispatchEvent, nativeQueueMicrotask, nativeStringify, nowMs, setNativeTimeout,
} from "./natives";
import { safely } from "./guard";

/** Events held while the relay is not there yet, or while a synchronous loop floods the page. */
const MAX_PENDING_EVENTS = LIMITS.extension.queue_max_events;
/** Offers are repeated until the relay answers, since either content script may start first. */
const OFFER_RETRY_DELAYS_MS = [25, 50, 100, 200, 400, 800, 1600, 3200];

const nonce = crypto.randomUUID();
const postToWindow = window.postMessage.bind(window);
const offeredPorts: MessagePort[] = [];

let relayPort: MessagePort | undefined;
/** Everything, until the relay tells the switches. */
let config: PageConfig = { captureWebSockets: true, captureNetworkBodies: true };
let configKnown = false;
/** Events not yet posted are pending.slice(pendingStart): dropping the oldest is O(1). */
let pending: CaptureEvent[] = [];
let pendingStart = 0;
let dropped = 0;
/** fetch and XHR requests: the start times of those started since the last batch, and of those
 *  not yet ended, by id. Sent on their own only while an action watches (see RequestActivity). */
let requestsStarted: number[] = [];
let nextRequestId = 0;
const requestsInFlight = new Map<number, number>();
let requestsChanged = false;
let requestsWatched = false;
let flushScheduled = false;

/** The switches and daemon port as last told by the relay; everything on until then. */
export function pageConfig(): PageConfig {
  return config;
}

export function emit(event: CaptureEvent): void {
  pending.push(event);
  if (pending.length - pendingStart > MAX_PENDING_EVENTS) {
    pendingStart++;
    dropped++;
    if (pendingStart >= MAX_PENDING_EVENTS) compactPending();
  }
  scheduleFlush();
}

/** Counts a request the page started; returns its id, for requestEnded. */
export function requestStarted(): number {
  const id = nextRequestId++;
  const startedAt = nowMs();
  requestsInFlight.set(id, startedAt);
  requestsStarted.push(startedAt);
  if (requestsStarted.length > LIMITS.extension.requests_listed) requestsStarted.shift();
  requestsActive();
  return id;
}

export function requestEnded(id: number): void {
  if (requestsInFlight.delete(id)) requestsActive();
}

function requestsActive(): void {
  if (!requestsWatched) return;
  requestsChanged = true;
  scheduleFlush();
}

function watchRequests(on: boolean): void {
  requestsWatched = on;
  requestsActive(); // what is in flight now, at once
}

/** Tells the relay at once, within the page's current task (see DialogSignal); nothing before the
 *  relay has answered the offer, since only its listener may see the nonce. */
export function signalNow(signal: DialogSignal): void {
  if (!relayPort) return;
  const detail: PageSignal = { ...signal, nonce };
  nativeDispatchEvent.call(window, new NativeCustomEvent(PAGE_SIGNAL_EVENT, { detail: nativeStringify(detail) }));
}

function compactPending(): void {
  pending = pending.slice(pendingStart);
  pendingStart = 0;
}

export function openChannel(): void {
  offerPort(0);
  window.addEventListener("pagehide", () => safely(flush));
}

function offerPort(attempt: number): void {
  if (relayPort) return;
  const channel = new MessageChannel();
  const port = channel.port1;
  port.onmessage = (event) => safely(() => onRelayMessage(port, event.data));
  offeredPorts.push(port);
  const offer: ChannelOffer = { source: "gasoline", type: "offer", nonce };
  postToWindow(offer, "*", [channel.port2]);
  const delay = OFFER_RETRY_DELAYS_MS[attempt];
  if (delay !== undefined) setNativeTimeout(() => safely(() => offerPort(attempt + 1)), delay);
}

function onRelayMessage(port: MessagePort, data: unknown): void {
  const message = data as RelayToPage | null;
  if (typeof message !== "object" || message === null || message.nonce !== nonce) return;
  if (message.type === "ack" && !relayPort) {
    relayPort = port;
    for (const other of offeredPorts) if (other !== port) other.close();
    offeredPorts.length = 0;
    scheduleFlush();
  } else if (message.type === "watch" && port === relayPort) {
    watchRequests(message.on);
  } else if (message.type === "config" && port === relayPort) {
    config = { ...message.config };
    if (config.watchRequests !== undefined) watchRequests(config.watchRequests);
    if (!configKnown) {
      configKnown = true;
      compactPending();
      pending = pending.filter((event) => allowedBy(event, config));
      scheduleFlush();
    }
  }
}

/** What one task of the page emits goes out together, at the end of that task (a microtask is
 *  neither delayed nor throttled in a background tab, unlike a timer). */
function scheduleFlush(): void {
  if (!relayPort || !configKnown || flushScheduled) return;
  flushScheduled = true;
  nativeQueueMicrotask(() => safely(flush));
}

function flush(): void {
  flushScheduled = false;
  if (!relayPort || (pending.length === pendingStart && !requestsChanged)) return;
  compactPending();
  const requests = { started: requestsStarted, inFlight: [...requestsInFlight.values()].slice(-LIMITS.extension.requests_listed) };
  const batch: PageEventBatch = { nonce, type: "events", events: pending, dropped, requests };
  pending = [];
  dropped = 0;
  requestsStarted = [];
  requestsChanged = false;
  relayPort.postMessage(batch);
}

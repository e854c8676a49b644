// ISOLATED-world content script: takes the inject script's MessagePort, forwards its event
// batches and dialog signals to the service worker, and tells it the capture switches and the
// daemon port.
import { LIMITS } from "../../generated/ts/limits";
import { DAEMON_PORT_KEY } from "./shared/daemon-port";
import {
  DIALOG_MESSAGE,
  EVENTS_MESSAGE,
  PAGE_CONFIG_MESSAGE,
  PAGE_SIGNAL_EVENT,
  WATCH_MESSAGE,
  type ChannelOffer,
  type PageConfig,
  type PageEventBatch,
  type PageSignal,
  type RelayToPage,
  type WatchRequests,
  type WorkerRequest,
} from "./shared/messages";
import { CAPTURE_SETTING_KEYS, readCaptureSettings } from "./shared/settings";

const CONFIG_KEYS: string[] = [...CAPTURE_SETTING_KEYS, DAEMON_PORT_KEY];

let page: { port: MessagePort; nonce: string } | undefined;
let contextAlive = true;

// Capture phase, registered at document_start: this runs before any page listener, and the
// offer is stopped here so page scripts never see the port or the nonce.
window.addEventListener("message", onWindowMessage, true);
// The same for the inject script's signals, which cannot wait for the port (a dialog blocks the page).
window.addEventListener(PAGE_SIGNAL_EVENT, onPageSignal, true);
chrome.runtime.onMessage.addListener((message: WatchRequests, sender) => {
  if (sender.id === chrome.runtime.id && message?.type === WATCH_MESSAGE && page) {
    post({ nonce: page.nonce, type: "watch", on: message.on === true });
  }
  return false;
});
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && CONFIG_KEYS.some((key) => key in changes)) void sendConfig();
});

function onWindowMessage(event: MessageEvent): void {
  if (event.source !== window || !isOffer(event.data) || event.ports.length !== 1) return;
  event.stopImmediatePropagation();
  const port = event.ports[0]!;
  if (page) {
    port.close(); // a repeated offer (or an imitation): the first one stands
    return;
  }
  page = { port, nonce: event.data.nonce };
  port.onmessage = (message) => onPageMessage(message.data);
  post({ nonce: page.nonce, type: "ack" });
  void sendConfig();
}

function isOffer(data: unknown): data is ChannelOffer {
  const offer = data as ChannelOffer | null;
  return typeof offer === "object" && offer !== null && offer.source === "gasoline" && offer.type === "offer" && typeof offer.nonce === "string";
}

function onPageMessage(data: unknown): void {
  const batch = data as PageEventBatch | null;
  if (!page || typeof batch !== "object" || batch === null || batch.nonce !== page.nonce) return;
  if (batch.type !== "events" || !Array.isArray(batch.events)) return;
  forward({ type: EVENTS_MESSAGE, events: batch.events, dropped: batch.dropped, requests: batch.requests });
}

/** A signal the inject script dispatched on window: passed on to the worker before the page's
 *  task goes on (a dialog that opens blocks it, and the message still leaves). */
function onPageSignal(event: Event): void {
  if (!page || !(event instanceof CustomEvent) || typeof event.detail !== "string") return;
  let signal: PageSignal;
  try {
    signal = JSON.parse(event.detail) as PageSignal;
  } catch {
    return;
  }
  if (signal?.nonce !== page.nonce) return;
  event.stopImmediatePropagation();
  const { phase, dialog, message } = signal;
  forward({ type: DIALOG_MESSAGE, signal: { phase, dialog, message: String(message) } });
}

function post(message: RelayToPage): void {
  page?.port.postMessage(message);
}

/** The switches at once, from storage (the page holds what it captures until it has them), then
 *  the whole config from the worker (content scripts cannot read defaults.json), asked again a
 *  little later while the worker cannot answer (it may still be starting with the browser). */
async function sendConfig(attempt = 0): Promise<void> {
  if (!page || !contextAlive) return;
  const nonce = page.nonce;
  try {
    post({ nonce, type: "config", config: await readCaptureSettings() });
    const request: WorkerRequest = { type: PAGE_CONFIG_MESSAGE };
    const config = (await chrome.runtime.sendMessage(request)) as PageConfig;
    post({ nonce, type: "config", config });
  } catch (error) {
    noteFailure(error);
    const delay = Math.min(LIMITS.extension.retry_min_ms * 2 ** attempt, LIMITS.extension.retry_max_ms);
    if (contextAlive) setTimeout(() => void sendConfig(attempt + 1), delay);
  }
}

/** The worker may be restarting: a batch it did not take is offered once more, a little later. */
function forward(request: WorkerRequest, isRetry = false): void {
  if (!contextAlive) return;
  try {
    chrome.runtime.sendMessage(request).catch((error: unknown) => {
      noteFailure(error);
      if (!isRetry && contextAlive) setTimeout(() => forward(request, true), LIMITS.extension.retry_min_ms);
    });
  } catch (error) {
    noteFailure(error); // thrown synchronously once the extension was reloaded
  }
}

/** An extension that was reloaded or removed leaves this script orphaned: stop quietly. */
function noteFailure(error: unknown): void {
  if (String(error).includes("Extension context invalidated")) {
    contextAlive = false;
    page?.port.close();
  }
}

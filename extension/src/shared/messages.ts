// Messages between the extension's parts. The page channel (inject <-> relay) carries the
// page's nonce on every message; chrome.runtime messages (relay/popup -> worker) are typed here.
import type { CaptureEvent } from "../../../generated/ts/events";
import type { ExtensionContract } from "../../../generated/ts/messages";
import type { CaptureSettings } from "./settings";

/** Posted on window by the inject script with a MessagePort transferred alongside, repeated until acked. */
export interface ChannelOffer {
  source: "gasoline";
  type: "offer";
  nonce: string;
}

/** What the relay tells the inject script: the switches, and the daemon port to leave alone. */
export interface PageConfig extends CaptureSettings {
  daemonPort?: number;
  /** An action in this tab is waiting for its requests (RequestActivity); the worker says. */
  watchRequests?: boolean;
}

export type RelayToPage =
  | { nonce: string; type: "ack" }
  | { nonce: string; type: "config"; config: PageConfig }
  | { nonce: string; type: "watch"; on: boolean };

/** The page's fetch and XHR requests, as start times (epoch ms): those started since its last
 *  batch and those it is still waiting for, the newest LIMITS.extension.requests_listed of each. An action
 *  (background/commands/effects.ts) counts those it caused and waits for them, not for a long
 *  poll open before it. A batch goes out for a change of these alone only while the page is
 *  told an action watches its requests (the `watch` message, or watchRequests in its config):
 *  otherwise they ride along with events. */
export interface RequestActivity {
  started: number[];
  inFlight: number[];
}


/** Events without tabId (the worker adds it); dropped counts events the page had to discard. */
export interface PageEventBatch {
  nonce: string;
  type: "events";
  events: CaptureEvent[];
  dropped: number;
  requests: RequestActivity;
}

/** A dialog a page opens (alert, confirm, prompt) and, once answered, closes. An open dialog blocks
 *  the page's thread, so port messages would wait for it: the inject script signals it at once, as
 *  a PAGE_SIGNAL_EVENT CustomEvent on window whose detail is a PageSignal's JSON (the relay's
 *  capture listener, registered before any page script, takes it and stops it), and the relay
 *  passes it on to the worker in that same moment. */
export interface DialogSignal {
  phase: "open" | "close";
  dialog: "alert" | "confirm" | "prompt";
  message: string;
}

export interface PageSignal extends DialogSignal {
  nonce: string;
}

export const PAGE_SIGNAL_EVENT = "gasoline:signal";

export const EVENTS_MESSAGE = "gasoline:events";
export const DIALOG_MESSAGE = "gasoline:dialog";
export const PAGE_CONFIG_MESSAGE = "gasoline:page-config";
export const SYNC_NOW_MESSAGE = "gasoline:sync-now";
/** Worker -> a tab's relay (chrome.tabs.sendMessage): an action starts or stops watching its requests. */
export const WATCH_MESSAGE = "gasoline:watch";

export interface WatchRequests {
  type: typeof WATCH_MESSAGE;
  on: boolean;
}

/** Relay -> worker: EVENTS (answered {received: true}), DIALOG (answered {received: true}) and
 *  PAGE_CONFIG (answered with a PageConfig; the relay cannot read defaults.json itself). Popup ->
 *  worker: SYNC_NOW (answered with a ConnectionStatus). */
export type WorkerRequest =
  | { type: typeof EVENTS_MESSAGE; events: CaptureEvent[]; dropped: number; requests: RequestActivity }
  | { type: typeof DIALOG_MESSAGE; signal: DialogSignal }
  | { type: typeof PAGE_CONFIG_MESSAGE }
  | { type: typeof SYNC_NOW_MESSAGE };

/** The worker's last word on the daemon, kept in storage.session for the popup; contract is how
 *  the daemon says the two contract versions fit (absent from a daemon that predates it); paired
 *  is false when the daemon answered that this extension is not paired (until then, it keeps
 *  what it captures), absent when the daemon did not answer. */
export interface ConnectionStatus {
  connected: boolean;
  port: number;
  paired?: boolean;
  daemonVersion?: string;
  contract?: ExtensionContract;
  checkedAt: string;
}

export const CONNECTION_STATUS_KEY = "connectionStatus";

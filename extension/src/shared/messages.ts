// Messages between the extension's parts. The page channel (inject <-> relay) carries the
// page's nonce on every message; chrome.runtime messages (relay/popup -> worker) are typed here.
import type { CaptureEvent } from "../../../generated/ts/events";
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
}

export type RelayToPage =
  | { nonce: string; type: "ack" }
  | { nonce: string; type: "config"; config: PageConfig };

/** The page's fetch and XHR requests: how many it started since its last batch, and when (epoch
 *  ms) each it is still waiting for started, the newest REQUESTS_IN_FLIGHT_LISTED. An action
 *  (background/commands/effects.ts) counts them and waits for those it caused, not for a long
 *  poll that was open before it. */
export interface RequestActivity {
  started: number;
  inFlight: number[];
}

export const REQUESTS_IN_FLIGHT_LISTED = 100;

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

/** Relay -> worker: EVENTS (answered {received: true}), DIALOG (answered {received: true}) and
 *  PAGE_CONFIG (answered with a PageConfig; the relay cannot read defaults.json itself). Popup ->
 *  worker: SYNC_NOW (answered with a ConnectionStatus). */
export type WorkerRequest =
  | { type: typeof EVENTS_MESSAGE; events: CaptureEvent[]; dropped: number; requests: RequestActivity }
  | { type: typeof DIALOG_MESSAGE; signal: DialogSignal }
  | { type: typeof PAGE_CONFIG_MESSAGE }
  | { type: typeof SYNC_NOW_MESSAGE };

/** The worker's last word on the daemon, kept in storage.session for the popup. */
export interface ConnectionStatus {
  connected: boolean;
  port: number;
  daemonVersion?: string;
  checkedAt: string;
}

export const CONNECTION_STATUS_KEY = "connectionStatus";

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

/** Events without tabId (the worker adds it); dropped counts events the page had to discard. */
export interface PageEventBatch {
  nonce: string;
  type: "events";
  events: CaptureEvent[];
  dropped: number;
}

export const EVENTS_MESSAGE = "gasoline:events";
export const PAGE_CONFIG_MESSAGE = "gasoline:page-config";
export const SYNC_NOW_MESSAGE = "gasoline:sync-now";

/** Relay -> worker: EVENTS (answered {received: true}) and PAGE_CONFIG (answered with a
 *  PageConfig; the relay cannot read defaults.json itself). Popup -> worker: SYNC_NOW
 *  (answered with a ConnectionStatus). */
export type WorkerRequest =
  | { type: typeof EVENTS_MESSAGE; events: CaptureEvent[]; dropped: number }
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

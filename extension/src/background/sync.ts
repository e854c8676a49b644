// POST /sync: the extension's version, settings, target tab and drop count. Requested on every
// change (debounced) and by the heartbeat; the outcome is kept for the popup.
import type { SyncRequest, SyncResponse } from "../../../generated/ts/messages";
import { readDaemonPort } from "../shared/daemon-port";
import { CONNECTION_STATUS_KEY, type ConnectionStatus } from "../shared/messages";
import { postToDaemon } from "./daemon-client";
import { droppedCount } from "./event-queue";
import { retryNow } from "./event-uploader";
import { settings } from "./state";
import { targetTab } from "./target-tab";

/** Changes often come in bursts (a tab switch updates url and title): one sync for the burst. */
const SYNC_DEBOUNCE_MS = 100;

let debounceTimer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<ConnectionStatus> | undefined;
let runAgain = false;

export function requestSync(): void {
  clearTimeout(debounceTimer);
  debounceTimer = setTimeout(() => void syncNow(), SYNC_DEBOUNCE_MS);
}

/** Syncs now; a request made while one is under way runs right after it, with fresh facts. */
export async function syncNow(): Promise<ConnectionStatus> {
  if (running) {
    runAgain = true;
    return running;
  }
  running = sync();
  try {
    return await running;
  } finally {
    running = undefined;
    if (runAgain) {
      runAgain = false;
      void syncNow();
    }
  }
}

async function sync(): Promise<ConnectionStatus> {
  const [port, current, tab] = await Promise.all([readDaemonPort(), settings.get(), targetTab()]);
  const request: SyncRequest = {
    extension_version: chrome.runtime.getManifest().version,
    settings: current,
    dropped_events: droppedCount(),
  };
  if (tab) request.tab = tab;
  const status: ConnectionStatus = { connected: false, port, checkedAt: new Date().toISOString() };
  try {
    const reply = await postToDaemon(port, "/sync", request);
    const answer = reply.body as Partial<SyncResponse> | undefined;
    if (reply.status === 200 && answer?.service === "gasoline") {
      status.connected = true;
      if (typeof answer.version === "string") status.daemonVersion = answer.version;
    }
  } catch {
    // Not reachable: status says so.
  }
  if (status.connected) retryNow();
  await chrome.storage.session.set({ [CONNECTION_STATUS_KEY]: status });
  return status;
}

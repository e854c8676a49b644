// The extension's service worker: takes captured events from the pages, queues and uploads
// them to the daemon, keeps the daemon informed (POST /sync) and runs the commands it sends.
// Every listener is registered at the top level, so a worker woken by an event finds its listener.
import { AI_WEB_PILOT_KEY, CAPTURE_SETTING_KEYS } from "./shared/settings";
import { DAEMON_PORT_KEY } from "./shared/daemon-port";
import { PAIRING_TOKEN_KEY } from "./shared/pairing";
import { DIALOG_MESSAGE, EVENTS_MESSAGE, PAGE_CONFIG_MESSAGE, SYNC_NOW_MESSAGE, type WorkerRequest } from "./shared/messages";
import { TRACKING_KEYS } from "./shared/tracking";
import { receiveDialogSignal } from "./background/commands/effects";
import { receiveEvents } from "./background/event-intake";
import { queueRestored } from "./background/event-queue";
import { scheduleUpload } from "./background/event-uploader";
import { HEARTBEAT_ALARM, startHeartbeat } from "./background/heartbeat";
import { pairingToken, settings, trackedTabId } from "./background/state";
import { keepPolling, requestSync, syncNow } from "./background/sync";
import { forgetClosedTab } from "./background/target-tab";
import { pageConfig } from "./background/page-config";
import { onLoadingChanged } from "./background/page-loads";
import { currentRedactor } from "./background/redaction";

const extensionPagePrefix = chrome.runtime.getURL("");

chrome.runtime.onMessage.addListener((message: WorkerRequest, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return false;
  if (message?.type === EVENTS_MESSAGE && sender.tab?.id !== undefined) {
    receiveEvents(message.events, message.dropped, sender.tab.id, message.requests);
    sendResponse({ received: true });
  } else if (message?.type === DIALOG_MESSAGE && sender.tab?.id !== undefined) {
    receiveDialogSignal(sender.tab.id, message.signal);
    sendResponse({ received: true });
  } else if (message?.type === PAGE_CONFIG_MESSAGE && sender.tab?.id !== undefined) {
    void pageConfig(sender.tab.id).then(sendResponse);
    return true; // answered asynchronously
  } else if (message?.type === SYNC_NOW_MESSAGE && sender.url?.startsWith(extensionPagePrefix)) {
    void syncNow().then(sendResponse);
    return true; // answered asynchronously
  }
  return false;
});

chrome.storage.onChanged.addListener((changes, area) => {
  const changed = (keys: readonly string[]): boolean => keys.some((key) => key in changes);
  if ((area === "local" && changed(CAPTURE_SETTING_KEYS)) || (area === "sync" && changed([AI_WEB_PILOT_KEY]))) {
    settings.invalidate();
    requestSync();
  }
  if (area === "local" && changed(TRACKING_KEYS)) {
    trackedTabId.invalidate();
    requestSync();
  }
  if (area === "local" && changed([DAEMON_PORT_KEY])) requestSync();
  if (area === "local" && changed([PAIRING_TOKEN_KEY])) {
    pairingToken.invalidate();
    requestSync(); // paired: syncing, and with it uploading what was kept, resumes at once
  }
});

chrome.tabs.onRemoved.addListener((tabId) => {
  void forgetClosedTab(tabId);
  requestSync(); // the daemon must never target a closed tab
});
chrome.tabs.onActivated.addListener(() => requestSync());
chrome.windows.onFocusChanged.addListener(() => requestSync());
// The daemon hears at once when the target tab's URL, title or loading state changes: a read of
// captured data waits for a page that is still loading.
chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.url === undefined && change.title === undefined && change.status === undefined) return;
  void trackedTabId.get().then((tracked) => {
    if (tab.active || tabId === tracked) requestSync();
  });
});
onLoadingChanged((tabId) => {
  void Promise.all([trackedTabId.get(), chrome.tabs.get(tabId).catch(() => undefined)]).then(([tracked, tab]) => {
    if (tab?.active || tabId === tracked) requestSync();
  });
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === HEARTBEAT_ALARM) heartbeat();
});

function heartbeat(): void {
  void keepPolling();
  scheduleUpload();
}

startHeartbeat(heartbeat);
void queueRestored.then(scheduleUpload);
void keepPolling();
// Built now, not when the first event arrives (building and first use take tens of milliseconds).
void currentRedactor();

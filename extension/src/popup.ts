// The popup: daemon status (with a warning when the daemon says the extension's contract does not
// fit its own, and what to update; and, while the daemon does not know this extension as paired,
// the field for the code `gasoline pair` shows), the three switches, and Track This Page.
import { readDaemonPort } from "./shared/daemon-port";
import { CONNECTION_STATUS_KEY, SYNC_NOW_MESSAGE, type ConnectionStatus, type WorkerRequest } from "./shared/messages";
import { codeInAddress, pairExtension } from "./shared/pairing";
import {
  AI_WEB_PILOT_KEY,
  CAPTURE_SETTING_DEFAULTS,
  type CaptureSettings,
  readAiWebPilotEnabled,
  readCaptureSettings,
} from "./shared/settings";
import { TRACKING_KEYS, readTrackedTabId, stopTracking, trackTab } from "./shared/tracking";

const statusLine = document.getElementById("status") as HTMLElement;
const contractWarning = document.getElementById("contract-warning") as HTMLElement;
const webSocketsBox = document.getElementById("capture-websockets") as HTMLInputElement;
const bodiesBox = document.getElementById("capture-network-bodies") as HTMLInputElement;
const pilotBox = document.getElementById("ai-web-pilot") as HTMLInputElement;
const trackButton = document.getElementById("track-button") as HTMLButtonElement;
const trackedLine = document.getElementById("tracked") as HTMLElement;
const panelButton = document.getElementById("panel-button") as HTMLButtonElement;
const pairForm = document.getElementById("pair-form") as HTMLFormElement;
const pairCode = document.getElementById("pair-code") as HTMLInputElement;
const pairMessage = document.getElementById("pair-message") as HTMLElement;

const extensionPagePrefix = chrome.runtime.getURL("");

function showStatus(status: ConnectionStatus): void {
  const daemon = status.daemonVersion ? `Gasoline ${status.daemonVersion}` : "Gasoline";
  const unpaired = status.paired === false;
  statusLine.textContent = status.connected
    ? `Connected to ${daemon} on port ${status.port}`
    : unpaired
      ? `Not paired with the daemon on port ${status.port}`
      : `Daemon not reachable on port ${status.port}`;
  statusLine.className = `status ${status.connected ? "connected" : unpaired ? "unpaired" : "unreachable"}`;
  pairForm.hidden = !unpaired;
  const mismatch = status.connected && status.contract?.status !== "compatible" ? status.contract : undefined;
  contractWarning.textContent = mismatch ? `⚠ ${mismatch.message}` : "";
  contractWarning.hidden = !mismatch;
}

async function refreshStatus(): Promise<void> {
  const request: WorkerRequest = { type: SYNC_NOW_MESSAGE };
  try {
    showStatus((await chrome.runtime.sendMessage(request)) as ConnectionStatus);
  } catch {
    showStatus({ connected: false, port: await readDaemonPort(), checkedAt: new Date().toISOString() });
  }
}

function setSwitches(capture: CaptureSettings, pilot: boolean): void {
  webSocketsBox.checked = capture.captureWebSockets;
  bodiesBox.checked = capture.captureNetworkBodies;
  pilotBox.checked = pilot;
}

async function showSwitches(): Promise<void> {
  const [capture, pilot] = await Promise.all([readCaptureSettings(), readAiWebPilotEnabled()]);
  setSwitches(capture, pilot);
  for (const box of [webSocketsBox, bodiesBox, pilotBox]) box.disabled = false;
}

async function showTracking(): Promise<void> {
  const trackedId = await readTrackedTabId();
  const tab = trackedId === undefined ? undefined : await chrome.tabs.get(trackedId).catch(() => undefined);
  const tracking = trackedId !== undefined;
  trackButton.textContent = tracking ? "Stop Tracking" : "Track This Page";
  trackButton.classList.toggle("stop", tracking);
  trackedLine.textContent = !tracking
    ? "Not tracking: commands go to the active tab."
    : tab
      ? `Tracking: ${tab.title || "(untitled)"} — ${tab.url ?? ""}`
      : "Tracking a tab that is gone.";
}

/** The page the person is looking at: the active tab of the current window, never our own pages. */
async function activePage(): Promise<(chrome.tabs.Tab & { id: number }) | undefined> {
  const tabs = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  const page = tabs.find((tab) => tab.id !== undefined && !(tab.url ?? "").startsWith(extensionPagePrefix));
  return page as (chrome.tabs.Tab & { id: number }) | undefined;
}

async function toggleTracking(): Promise<void> {
  if ((await readTrackedTabId()) !== undefined) {
    await stopTracking();
    return;
  }
  const page = await activePage();
  if (page) await trackTab(page);
  else trackedLine.textContent = "No page to track in this window.";
}

function saveCaptureSetting(change: Partial<CaptureSettings>): void {
  void chrome.storage.local.set(change);
}

async function pairWith(code: string): Promise<void> {
  pairMessage.textContent = "";
  try {
    await pairExtension(code);
    pairCode.value = "";
    await refreshStatus();
  } catch (error) {
    pairMessage.textContent = error instanceof Error ? error.message : String(error);
    pairCode.select();
  }
}

pairForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void pairWith(pairCode.value);
});

webSocketsBox.addEventListener("change", () => saveCaptureSetting({ captureWebSockets: webSocketsBox.checked }));
bodiesBox.addEventListener("change", () => saveCaptureSetting({ captureNetworkBodies: bodiesBox.checked }));
// The only place anything turns AI Web Pilot on: a person clicking this box.
pilotBox.addEventListener("change", () => void chrome.storage.sync.set({ [AI_WEB_PILOT_KEY]: pilotBox.checked }));
trackButton.addEventListener("click", () => {
  trackButton.disabled = true;
  void toggleTracking().finally(() => (trackButton.disabled = false));
});

// The side panel opens on a person's click only (Chrome requires the gesture).
panelButton.addEventListener("click", () => {
  void chrome.windows.getCurrent().then((window) => chrome.sidePanel.open({ windowId: window.id! }));
});

chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "session" && changes[CONNECTION_STATUS_KEY]?.newValue) showStatus(changes[CONNECTION_STATUS_KEY].newValue as ConnectionStatus);
  if (area === "local" && TRACKING_KEYS.some((key) => key in changes)) void showTracking();
  if (area === "local" || area === "sync") void showSwitches();
});

// The defaults show at once; the boxes take clicks only once the stored values are in, so a quick
// click is never undone by the read finishing after it.
setSwitches(CAPTURE_SETTING_DEFAULTS, false);
for (const box of [webSocketsBox, bodiesBox, pilotBox]) box.disabled = true;
void showSwitches();
void showTracking();
// popup.html#pair=XXXX-XXXX (the command line opens it so) pairs with that code as if it were typed.
const codeGiven = codeInAddress();
void (codeGiven ? pairWith(codeGiven) : refreshStatus());

// The agent panel (Chrome's side panel): UI only. It pairs with the daemon once, opens or resumes a
// session, shows the session's events as they stream, sends the person's questions, and decides
// approvals with the person's clicks (a human channel, like the command line). Its states are
// those of the runtime spec: idle, connecting, ready, needs_approval, degraded, error.
import type { DaemonClient } from "../../generated/ts/daemon-client";
import type { Approval, PanelStatus, ProviderHealth, SessionEvent } from "../../generated/ts/messages";
import { PanelApiError, panelClient } from "./panel/daemon-api";
import { follow } from "./panel/event-stream";
import { Timeline } from "./panel/timeline";
import { readDaemonPort } from "./shared/daemon-port";
import { PAIRING_TOKEN_KEY, codeInAddress, forgetPairing, pairExtension, readPairingToken } from "./shared/pairing";

type PanelState = "idle" | "connecting" | "ready" | "needs_approval" | "degraded" | "error";
type Provider = ProviderHealth["provider"];

const SESSION_KEY = "panelSessionId";
const STATUS_EVERY_MS = 5000;

function byId<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

const stateLine = byId<HTMLElement>("state");
const pairing = byId<HTMLElement>("pairing");
const conversation = byId<HTMLElement>("conversation");
const composer = byId<HTMLElement>("composer");
const pairForm = byId<HTMLFormElement>("pair-form");
const pairCode = byId<HTMLInputElement>("pair-code");
const pairMessage = byId<HTMLElement>("pair-message");
const askForm = byId<HTMLFormElement>("ask-form");
const question = byId<HTMLTextAreaElement>("question");
const askMessage = byId<HTMLElement>("ask-message");
const providerSelect = byId<HTMLSelectElement>("provider");
const watchBox = byId<HTMLInputElement>("watch");

let api: DaemonClient | undefined;
let sessionId: string | undefined;
let streamBroken: string | undefined;
let lastStatus: PanelStatus | undefined;
let following: AbortController | undefined;
let failure: string | undefined;

const timeline = new Timeline(byId("timeline"), {
  async decide(approval: Approval, decision: "approve" | "deny") {
    const prompt = timeline.prompt(approval.request_id);
    try {
      const decided = await (api as DaemonClient).decideApprovalInPanel(approval.request_id, { decision });
      if (prompt) timeline.decided(prompt, decided);
    } catch (error) {
      // Gone (it expired, or the daemon restarted meanwhile) or decided elsewhere: nothing to decide here.
      if (!(error instanceof PanelApiError) || ![404, 409].includes(error.status)) throw error;
      if (prompt) timeline.decided(prompt, { ...approval, status: error.status === 404 ? "expired" : approval.status });
      askMessage.textContent = error.message;
    } finally {
      showState();
    }
  },
});

/** The state the panel is in, from what it knows; shown in its header. */
function currentState(): [PanelState, string] {
  if (failure) return ["error", failure];
  if (!api) return ["idle", "Not paired"];
  if (!sessionId) return ["connecting", "Connecting…"];
  if (streamBroken) return ["degraded", `Daemon unavailable: ${streamBroken}`];
  if (timeline.pending.size) return ["needs_approval", "Waiting for your approval"];
  if (lastStatus && !lastStatus.extension_connected) return ["degraded", "Extension not connected to the daemon"];
  const chosen = lastStatus?.providers.find((p) => p.provider === providerSelect.value);
  if (chosen && !chosen.reachable) return ["degraded", `Provider ${chosen.provider} unavailable: ${chosen.error ?? ""}`];
  return ["ready", "Ready"];
}

function showState(): void {
  const [state, words] = currentState();
  document.body.dataset.state = state;
  stateLine.textContent = words;
}

function show(view: "pairing" | "conversation"): void {
  pairing.hidden = view !== "pairing";
  conversation.hidden = composer.hidden = view !== "conversation";
}

let starting: Promise<void> | undefined;

/** Start once at a time: a pairing here and its echo in storage must not open two sessions. */
function begin(): Promise<void> {
  starting ??= start().finally(() => (starting = undefined));
  return starting;
}

async function start(): Promise<void> {
  const port = await readDaemonPort();
  const token = await readPairingToken();
  if (!token) {
    show("pairing");
    showState();
    pairCode.focus();
    return;
  }
  api = panelClient(port, token);
  await connect();
}

async function connect(fresh = false): Promise<void> {
  const panelApi = api as DaemonClient;
  failure = undefined;
  sessionId = undefined;
  showState();
  const stored = fresh ? undefined : ((await chrome.storage.local.get(SESSION_KEY))[SESSION_KEY] as string | undefined);
  const page = await besidePage();
  try {
    const opened = await panelApi.openSession({
      ...(stored ? { resume: stored } : {}),
      ...(page?.id !== undefined ? { tab_id: page.id } : {}),
      ...(page?.url ? { url: page.url.slice(0, 2048) } : {}),
    });
    sessionId = opened.session.session_id;
    document.body.dataset.session = sessionId;
    await chrome.storage.local.set({ [SESSION_KEY]: sessionId });
  } catch (error) {
    if (error instanceof PanelApiError && error.status === 401) return unpaired("The daemon no longer knows this panel: pair again.");
    failure = error instanceof Error ? error.message : String(error);
    showState();
    setTimeout(() => void connect(), 3000);
    return;
  }
  show("conversation");
  timeline.clear();
  following?.abort();
  following = new AbortController();
  void follow(panelApi, sessionId, 0, { event: onEvent, connected: onConnected }, following.signal).catch(() => connect());
  await refreshStatus();
}

function onEvent(event: SessionEvent): void {
  timeline.apply(event);
  if (event.approval || event.turn_state) showState();
}

function onConnected(up: boolean, why?: string): void {
  streamBroken = up ? undefined : (why ?? "no answer");
  showState();
}

async function unpaired(why: string): Promise<void> {
  await forgetPairing();
  await chrome.storage.local.remove(SESSION_KEY);
  following?.abort();
  api = undefined;
  sessionId = undefined;
  pairMessage.textContent = why;
  show("pairing");
  showState();
}

/** The page the panel sits beside: the active tab of this window, never one of our own pages. */
async function besidePage(): Promise<chrome.tabs.Tab | undefined> {
  const ours = chrome.runtime.getURL("");
  const tabs = await chrome.tabs.query({ active: true, lastFocusedWindow: true });
  return tabs.find((tab) => tab.id !== undefined && !(tab.url ?? "").startsWith(ours));
}

async function refreshStatus(): Promise<void> {
  if (!api) return;
  try {
    lastStatus = await api.panelStatus();
  } catch (error) {
    if (error instanceof PanelApiError && error.status === 401) return unpaired("The daemon no longer knows this panel: pair again.");
    streamBroken = error instanceof Error ? error.message : String(error);
    showState();
    return;
  }
  showHealth(lastStatus);
  showState();
}

function showHealth(status: PanelStatus): void {
  byId("health-daemon").textContent = `Gasoline ${status.daemon_version}, ${status.pending_approvals} approvals pending`;
  byId("health-extension").textContent = status.extension_connected
    ? `connected${status.ai_web_pilot ? ", AI Web Pilot on" : ", AI Web Pilot off"}`
    : "not connected";
  byId("health-providers").textContent = status.providers
    .map((p) => `${p.provider}: ${p.reachable ? `ok${p.latency_ms !== undefined ? ` (${p.latency_ms} ms)` : ""}` : "unavailable"}`)
    .join(" · ");
  const blocked = status.redaction.blocked ? ", some data withheld" : "";
  byId("health-redaction").textContent = `policy ${status.redaction.policy_version}, ${status.redaction.redacted_count} secrets masked${blocked}`;
  byId("health-session").textContent = sessionId ?? "—";
  showProviders(status);
  watchBox.checked = status.watch_enabled;
}

function showProviders(status: PanelStatus): void {
  const chosen = (providerSelect.value || status.default_provider) as Provider;
  providerSelect.replaceChildren(
    ...status.providers.map((p) => {
      const option = document.createElement("option");
      option.value = p.provider;
      option.textContent = `${p.provider === "none" ? "none (offline triage)" : p.provider}${p.model ? ` · ${p.model}` : ""}${p.reachable ? "" : " (unavailable)"}`;
      option.selected = p.provider === chosen;
      return option;
    }),
  );
}

async function ask(): Promise<void> {
  const text = question.value.trim();
  if (!text || !api || !sessionId) return;
  askMessage.textContent = "";
  try {
    await api.askQuestion(sessionId, { text, provider: providerSelect.value as Provider });
    question.value = "";
  } catch (error) {
    askMessage.textContent = error instanceof Error ? error.message : String(error);
  }
}

async function download(format: "json" | "markdown"): Promise<void> {
  if (!api || !sessionId) return;
  const blob = await (await api.exportSession(sessionId, { format })).blob();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `gasoline-${sessionId}.${format === "json" ? "json" : "md"}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

pairForm.addEventListener("submit", (event) => {
  event.preventDefault();
  pairMessage.textContent = "";
  void pairExtension(pairCode.value)
    .then(() => begin())
    .catch((error: unknown) => {
      pairMessage.textContent = error instanceof Error ? error.message : String(error);
      pairCode.select();
    });
});

askForm.addEventListener("submit", (event) => {
  event.preventDefault();
  void ask();
});
question.addEventListener("keydown", (event) => {
  if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    void ask();
  }
});
providerSelect.addEventListener("change", showState);
watchBox.addEventListener("change", () => {
  if (!api) return;
  void api
    .switchWatch({ enabled: watchBox.checked, ...(sessionId ? { session_id: sessionId } : {}) })
    .then((status) => showHealth((lastStatus = status)))
    .catch((error: unknown) => (askMessage.textContent = String(error)));
});
byId("export-json").addEventListener("click", () => void download("json"));
byId("export-markdown").addEventListener("click", () => void download("markdown"));
byId("new-session").addEventListener("click", () => void connect(true));

/** sidepanel.html#pair=XXXX-XXXX pairs with that code as if it were typed. */
async function opened(): Promise<void> {
  const code = codeInAddress();
  if (code) {
    await pairExtension(code).catch((error: unknown) => (pairMessage.textContent = String(error)));
  }
  await begin();
}

// Paired elsewhere (the popup) while this panel waits for a code: carry on as paired.
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === "local" && changes[PAIRING_TOKEN_KEY]?.newValue && !api) void begin();
});

setInterval(() => void refreshStatus(), STATUS_EVERY_MS);
void opened();

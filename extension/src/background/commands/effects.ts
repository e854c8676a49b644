// What an action caused in its tab, from just before it acts until the page settles: the fetch
// and XHR requests its pages started and the ones that failed (the request activity and the
// masked network_error events event-intake passes on), its main-frame navigations
// (chrome.webNavigation), the console errors and uncaught exceptions its pages raised and the
// dialogs they opened (the relay's dialog signals). The page has settled once no request is in
// flight and no navigation under way for pilot.settle_quiet_ms; the wait ends at
// pilot.settle_max_ms after acting whatever happens. (chrome.webRequest would see every request,
// images and scripts too, but an extension allowed to use it can leave a page that Chromium
// opens as it starts never loading.)
import type { CaptureEvent } from "../../../../generated/ts/events";
import { LIMITS } from "../../../../generated/ts/limits";
import type { ActionDialog, ActionEffects, ActionError, ActionFailedRequest } from "../../../../generated/ts/messages";
import { WATCH_MESSAGE, type DialogSignal, type RequestActivity, type WatchRequests } from "../../shared/messages";
import { watchPageEvents } from "../event-intake";

const { settle_quiet_ms, settle_max_ms, settle_reserve_ms, effect_entries, effect_text_chars } = LIMITS.pilot;

/** A navigation another one replaced, or the page stopped: not a failure. */
const NAVIGATION_CANCELLED = "net::ERR_ABORTED";
/** A request the page itself aborted (fetch's AbortController, XHR's abort()): not a failure. */
const ABORTED_BY_PAGE = /^(AbortError\b|Aborted$)/;

/** Recorders running now. */
const recorders = new Set<EffectRecorder>();
/** Tabs whose pages were told that an action watches their requests. */
const toldTabs = new Set<number>();

/** Whether an action watches the requests of tabId's pages (new_tab's watches every tab until it
 *  knows its own), for the config a page asks for as it starts. */
export function requestsWatchedIn(tabId: number): boolean {
  const watched = [...recorders].some((recorder) => recorder.watches(tabId));
  if (watched) toldTabs.add(tabId);
  return watched;
}

/** Tells each tab's pages when an action starts or stops watching their requests (until then
 *  they send them only with their events, which costs a page nothing per request). */
function tellTabs(): void {
  const watched = new Set([...recorders].flatMap((recorder) => recorder.boundTab() ?? []));
  const unbound = [...recorders].some((recorder) => recorder.boundTab() === undefined);
  for (const tabId of watched) if (!toldTabs.has(tabId)) tell(tabId, true);
  for (const tabId of toldTabs) if (!watched.has(tabId) && !unbound) tell(tabId, false);
}

function tell(tabId: number, on: boolean): void {
  if (on) toldTabs.add(tabId);
  else toldTabs.delete(tabId);
  const message: WatchRequests = { type: WATCH_MESSAGE, on };
  chrome.tabs.sendMessage(tabId, message).catch(() => undefined); // a page without the relay yet asks as it starts
}

type NavigationDetails = chrome.webNavigation.WebNavigationBaseCallbackDetails & { error?: string };

onMainFrame(chrome.webNavigation.onBeforeNavigate, (tab) => (tab.navigating = true));
onMainFrame(chrome.webNavigation.onCommitted, (tab) => {
  tab.committed = true;
  tab.inFlight = 0; // the old document's requests went with it
});
onMainFrame(chrome.webNavigation.onCompleted, (tab) => (tab.navigating = false));
onMainFrame(chrome.webNavigation.onErrorOccurred, (tab, details) => {
  tab.navigating = false;
  if (details.error && details.error !== NAVIGATION_CANCELLED) {
    failed(tab, { method: "GET", url: cut(details.url), type: "document", error: details.error });
  }
});
onMainFrame(chrome.webNavigation.onHistoryStateUpdated, (tab) => (tab.sameDocument = true));
onMainFrame(chrome.webNavigation.onReferenceFragmentUpdated, (tab) => (tab.sameDocument = true));

/** Registered as the worker's script runs, as every listener of the worker is. */
function onMainFrame(
  event: { addListener(listener: (details: NavigationDetails) => void): void },
  note: (tab: TabActivity, details: NavigationDetails) => void,
): void {
  event.addListener((details) => {
    if (details.frameId !== 0) return;
    for (const recorder of recorders) recorder.navigation(details, note);
  });
}

/** A relay's dialog signal, from a page of tabId: an open one arrives while the page is blocked. */
export function receiveDialogSignal(tabId: number, signal: DialogSignal): void {
  for (const recorder of recorders) recorder.dialog(tabId, signal);
}

/** Everything one tab did meanwhile. */
class TabActivity {
  requests = 0;
  /** Requests started since the action that its page still waited for when it last said; a new
   *  document starts with none. */
  inFlight = 0;
  readonly failed: ActionFailedRequest[] = [];
  failedCount = 0;
  readonly errors: ActionError[] = [];
  errorCount = 0;
  readonly dialogs: ActionDialog[] = [];
  navigating = false;
  committed = false;
  sameDocument = false;
  /** When something last started or ended (performance.now()). */
  lastChange = performance.now();
}

/** Records from its creation on; bind(tabId) names the tab (new_tab knows it only once created). */
export class EffectRecorder {
  private readonly tabs = new Map<number, TabActivity>();
  private readonly sinceWallClock = Date.now();
  private tabId: number | undefined;
  private stopped = false;
  private wake: (() => void) | undefined;
  private readonly removers: (() => void)[] = [];

  constructor(tabId?: number) {
    this.tabId = tabId;
    this.removers.push(watchPageEvents((eventTab, events, requests) => this.pageEvents(eventTab, events, requests)));
    recorders.add(this);
    tellTabs();
  }

  /** The tab it reports on, once known. */
  boundTab(): number | undefined {
    return this.tabId;
  }

  watches(tabId: number): boolean {
    return !this.stopped && (this.tabId === undefined || this.tabId === tabId);
  }

  /** A main-frame navigation of a tab: what it changes in that tab's activity. */
  navigation(details: NavigationDetails, note: (tab: TabActivity, details: NavigationDetails) => void): void {
    const tab = this.activity(details.tabId);
    if (!tab) return;
    note(tab, details);
    this.changed(tab);
  }

  /** The tab whose effects are reported; what other tabs did is forgotten. */
  bind(tabId: number): void {
    this.tabId = tabId;
    for (const other of [...this.tabs.keys()]) if (other !== tabId) this.tabs.delete(other);
    tellTabs();
  }

  /** Waits for the tab's page to settle after acting (at most until `deadline`, a performance.now()
   *  time: the command's own limit), then describes what happened since the recorder started. */
  async settle(deadline: number): Promise<ActionEffects> {
    const tabId = this.tabId;
    if (tabId === undefined) throw new Error("no tab to watch");
    const actedAt = performance.now();
    const tab = this.activity(tabId)!;
    tab.lastChange = Math.max(tab.lastChange, actedAt);
    const limitAt = Math.min(actedAt + settle_max_ms, deadline - settle_reserve_ms);
    let endedBy: ActionEffects["ended_by"] = "limit";
    while (!this.stopped) {
      const now = performance.now();
      const busy = tab.inFlight > 0 || tab.navigating;
      if (!busy && now - tab.lastChange >= settle_quiet_ms) {
        endedBy = "quiet";
        break;
      }
      if (now >= limitAt) break;
      const quietAt = busy ? limitAt : tab.lastChange + settle_quiet_ms;
      await this.nextChange(Math.min(quietAt, limitAt) - now);
    }
    const waited = Math.round(performance.now() - actedAt);
    const page = await chrome.tabs.get(tabId);
    const effects: ActionEffects = {
      navigated: tab.committed || tab.sameDocument,
      url: page.url ?? page.pendingUrl ?? "",
      requests: tab.requests,
      pending_requests: tab.inFlight,
      failed_count: tab.failedCount,
      failed_requests: tab.failed,
      error_count: tab.errorCount,
      errors: tab.errors,
      dialogs: tab.dialogs,
      waited_ms: waited,
      ended_by: endedBy,
    };
    if (tab.sameDocument && !tab.committed) effects.same_document = true;
    if (page.title) effects.title = page.title;
    return effects;
  }

  stop(): void {
    this.stopped = true;
    recorders.delete(this);
    tellTabs();
    for (const remove of this.removers.splice(0)) remove();
    this.wake?.();
  }

  dialog(tabId: number, signal: DialogSignal): void {
    const tab = this.activity(tabId);
    if (!tab) return;
    if (signal.phase === "open") {
      if (tab.dialogs.length < effect_entries) {
        tab.dialogs.push({ type: signal.dialog, message: cut(signal.message), open: true });
      }
    } else {
      const open = [...tab.dialogs].reverse().find((dialog) => dialog.open); // dialogs are modal: the last one
      if (open) open.open = false;
    }
    this.changed(tab);
  }

  private pageEvents(tabId: number, events: readonly CaptureEvent[], requests: RequestActivity | undefined): void {
    const tab = this.activity(tabId);
    if (!tab) return;
    for (const event of events) {
      if (Date.parse(event.ts) < this.sinceWallClock) continue; // raised before the action
      if (event.type === "network_error") {
        const outcome = event.status !== 0 ? { status: event.status } : { error: cut(event.error ?? "no answer") };
        if (event.status === 0 && ABORTED_BY_PAGE.test(event.error ?? "")) continue;
        failed(tab, { method: event.method, url: cut(event.url), type: event.initiator, ...outcome });
        continue;
      }
      let error: ActionError | undefined;
      if (event.type === "console" && event.level === "error") error = { kind: "console_error", message: cut(event.message) };
      else if (event.type === "exception") {
        error = { kind: event.kind === "unhandledrejection" ? "unhandled_rejection" : "exception", message: cut(event.message) };
      }
      if (error === undefined) continue;
      tab.errorCount++;
      if (tab.errors.length < effect_entries) tab.errors.push(error);
    }
    if (requests) {
      tab.requests += requests.started.filter((startedAt) => startedAt >= this.sinceWallClock).length;
      tab.inFlight = requests.inFlight.filter((startedAt) => startedAt >= this.sinceWallClock).length;
    }
    if (events.length > 0 || requests) this.changed(tab);
  }

  /** The activity of tabId, when this recorder watches that tab. */
  private activity(tabId: number): TabActivity | undefined {
    if (this.stopped || tabId < 0 || (this.tabId !== undefined && tabId !== this.tabId)) return undefined;
    let tab = this.tabs.get(tabId);
    if (!tab) this.tabs.set(tabId, (tab = new TabActivity()));
    return tab;
  }

  private changed(tab: TabActivity): void {
    tab.lastChange = performance.now();
    this.wake?.();
  }

  private nextChange(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, Math.max(0, ms));
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

function cut(text: string): string {
  return text.length > effect_text_chars ? text.slice(0, effect_text_chars) : text;
}

function failed(tab: TabActivity, request: ActionFailedRequest): void {
  tab.failedCount++;
  if (tab.failed.length < effect_entries) tab.failed.push(request);
}

// Navigation: navigate, refresh and new_tab, waiting for the page to load when asked. What the
// page's loading caused (effects) is added by run.ts, which records it around these.
import type {
  NavigateParams, NavigateResult, NewTabParams, NewTabResult, RefreshParams, RefreshResult,
} from "../../../../generated/ts/messages";
import type { Acted } from "../../page/pilot";
import { trackTab } from "../../shared/tracking";

export async function navigate(tabId: number, params: NavigateParams): Promise<Acted<NavigateResult>> {
  const loaded = params.wait_for_load === false ? undefined : pageLoaded(tabId);
  await chrome.tabs.update(tabId, { url: params.url });
  const tab = loaded ? await loaded : await chrome.tabs.get(tabId);
  return { success: true, url: tab.url ?? tab.pendingUrl ?? params.url, ...(tab.title ? { title: tab.title } : {}) };
}

export async function refresh(tabId: number, params: RefreshParams): Promise<Acted<RefreshResult>> {
  const loaded = pageLoaded(tabId);
  await chrome.tabs.reload(tabId, { bypassCache: params.bypass_cache ?? false });
  const tab = await loaded;
  return { success: true, url: tab.url ?? "" };
}

/** opened learns the new tab's id as soon as the browser gives it. */
export async function newTab(params: NewTabParams, opened: (tabId: number) => void): Promise<Acted<NewTabResult>> {
  const created = await chrome.tabs.create({ url: params.url ?? "about:blank", active: true });
  if (created.id === undefined) throw new Error("the browser did not open a tab");
  opened(created.id);
  const tab = params.url ? await pageLoaded(created.id) : created;
  if (params.track) await trackTab({ ...tab, id: created.id });
  return { success: true, tab_id: created.id, url: tab.url ?? tab.pendingUrl ?? params.url ?? "about:blank", tracked: params.track ?? false };
}

/** Resolves when the tab has started loading a page and finished it. */
function pageLoaded(tabId: number): Promise<chrome.tabs.Tab> {
  return new Promise((resolve) => {
    let started = false;
    const listener = (id: number, change: { status?: string }, tab: chrome.tabs.Tab) => {
      if (id !== tabId) return;
      if (change.status === "loading") started = true;
      if (change.status === "complete" && started) {
        chrome.tabs.onUpdated.removeListener(listener);
        resolve(tab);
      }
    };
    chrome.tabs.onUpdated.addListener(listener);
  });
}

// The tab browser commands act on: the tracked tab, else the active tab of the last focused
// normal window, never one of this extension's own pages (the agent panel or the options opened
// in a tab): then the tab of that window used last before it.
import type { TabInfo } from "../../../generated/ts/messages";
import { stopTracking } from "../shared/tracking";
import { isLoading } from "./page-loads";
import { trackedTabId } from "./state";

export async function targetTab(): Promise<TabInfo | undefined> {
  const trackedId = await trackedTabId.get();
  if (trackedId !== undefined) {
    const tracked = await chrome.tabs.get(trackedId).catch(() => undefined);
    if (tracked) return tabInfo(tracked, true);
    await stopTracking(); // closed while the worker was not listening
  }
  const window = await chrome.windows.getLastFocused({ windowTypes: ["normal"] }).catch(() => undefined);
  if (window?.id === undefined) return undefined;
  const ours = chrome.runtime.getURL("");
  const pages = (await chrome.tabs.query({ windowId: window.id })).filter(
    (tab) => !(tab.url ?? tab.pendingUrl ?? "").startsWith(ours),
  );
  const lastUsed = (tab: chrome.tabs.Tab) => (tab.active ? Infinity : (tab.lastAccessed ?? 0));
  const [front] = pages.sort((a, b) => lastUsed(b) - lastUsed(a));
  return front ? tabInfo(front, false) : undefined;
}

/** Track This Page ends when its tab closes. */
export async function forgetClosedTab(tabId: number): Promise<void> {
  if ((await trackedTabId.get()) === tabId) await stopTracking();
}

function tabInfo(tab: chrome.tabs.Tab, tracked: boolean): TabInfo | undefined {
  if (tab.id === undefined || tab.id < 0) return undefined;
  const info: TabInfo = { id: tab.id, url: tab.url ?? tab.pendingUrl ?? "", title: tab.title ?? "", tracked };
  if (isLoading(tab)) info.loading = true;
  return info;
}

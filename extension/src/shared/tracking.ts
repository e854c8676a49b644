// Track This Page: the one tab events and commands are limited to, in storage.local.
export const TRACKED_TAB_ID_KEY = "trackedTabId";
export const TRACKED_TAB_URL_KEY = "trackedTabUrl";
export const TRACKING_KEYS = [TRACKED_TAB_ID_KEY, TRACKED_TAB_URL_KEY];

export async function readTrackedTabId(): Promise<number | undefined> {
  const stored = (await chrome.storage.local.get(TRACKED_TAB_ID_KEY))[TRACKED_TAB_ID_KEY];
  return typeof stored === "number" ? stored : undefined;
}

export function trackTab(tab: chrome.tabs.Tab & { id: number }): Promise<void> {
  return chrome.storage.local.set({ [TRACKED_TAB_ID_KEY]: tab.id, [TRACKED_TAB_URL_KEY]: tab.url ?? "" });
}

export function stopTracking(): Promise<void> {
  return chrome.storage.local.remove(TRACKING_KEYS);
}

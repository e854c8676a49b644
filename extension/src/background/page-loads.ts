// Whether a tab's page is loading, as its main frame's navigations say: from the start of a
// navigation until its load event (webNavigation onCompleted) or its failure. tabs.Tab.status can
// lag behind the load event and tabs.onUpdated does not always say "complete", so the daemon could
// be left thinking a loaded page is still loading; these events come for every main-frame load.
// A tab not seen navigating since the worker started falls back to tabs.Tab.status.
const loading = new Map<number, boolean>();
const listeners = new Set<(tabId: number) => void>();

chrome.webNavigation.onBeforeNavigate.addListener((details) => mainFrame(details, true));
chrome.webNavigation.onCompleted.addListener((details) => mainFrame(details, false));
chrome.webNavigation.onErrorOccurred.addListener((details) => mainFrame(details, false));
chrome.tabs.onRemoved.addListener((tabId) => loading.delete(tabId));

/** Calls listener with a tab's id whenever its page starts or stops loading. */
export function onLoadingChanged(listener: (tabId: number) => void): void {
  listeners.add(listener);
}

export function isLoading(tab: chrome.tabs.Tab): boolean {
  return (tab.id !== undefined ? loading.get(tab.id) : undefined) ?? tab.status === "loading";
}

function mainFrame(details: { tabId: number; frameId: number }, isLoadingNow: boolean): void {
  if (details.frameId !== 0 || loading.get(details.tabId) === isLoadingNow) return;
  loading.set(details.tabId, isLoadingNow);
  for (const listener of listeners) listener(details.tabId);
}

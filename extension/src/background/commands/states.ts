// Browser state snapshots: localStorage, sessionStorage, cookies (HttpOnly ones too) and the URL,
// kept in the extension's storage.local under gasoline_snapshots. They never leave the browser:
// only names, URLs, times, sizes and counts go back to the daemon, which redacts them.
import type {
  DeleteStateParams, DeleteStateResult, ListStatesResult, LoadStateParams, LoadStateResult, SaveStateParams, SaveStateResult,
} from "../../../../generated/ts/messages";
import { CommandFailure } from "../../page/failure";
import type { WebStorageSnapshot } from "../../page/web-storage";
import { inPage } from "./in-page";
import { navigate } from "./tabs";

const SNAPSHOTS_KEY = "gasoline_snapshots";

interface Snapshot extends WebStorageSnapshot {
  timestamp: string;
  cookies: chrome.cookies.Cookie[];
  size_bytes: number;
}

type Snapshots = Record<string, Snapshot>;

export async function saveState(tabId: number, params: SaveStateParams): Promise<SaveStateResult> {
  const web = await inPage<WebStorageSnapshot>(tabId, "read_web_storage", {});
  const cookies = await chrome.cookies.getAll({ url: web.url });
  const snapshot: Snapshot = { ...web, cookies, timestamp: new Date().toISOString(), size_bytes: 0 };
  snapshot.size_bytes = new TextEncoder().encode(JSON.stringify(snapshot)).length;
  await chrome.storage.local.set({ [SNAPSHOTS_KEY]: { ...(await snapshots()), [params.snapshot_name]: snapshot } });
  return { success: true, snapshot_name: params.snapshot_name, size_bytes: snapshot.size_bytes, counts: counts(snapshot), url: web.url };
}

/** Clears the tab's state and puts the snapshot's back; then goes to its URL unless include_url is false. */
export async function loadState(tabId: number, params: LoadStateParams): Promise<LoadStateResult> {
  const snapshot = await named(params.snapshot_name);
  const includeUrl = params.include_url ?? true;
  const tab = await chrome.tabs.get(tabId);
  if (origin(tab.url) !== origin(snapshot.url)) {
    if (!includeUrl) throw new CommandFailure("unsupported", `the tab is not on ${origin(snapshot.url)}, where the snapshot was taken; load it with include_url`);
    await navigate(tabId, { url: snapshot.url });
  }
  await replaceCookies(snapshot);
  await inPage(tabId, "replace_web_storage", { localStorage: snapshot.localStorage, sessionStorage: snapshot.sessionStorage });
  const result: LoadStateResult = { success: true, snapshot_name: params.snapshot_name, restored: counts(snapshot) };
  if (includeUrl) result.navigated_to = (await navigate(tabId, { url: snapshot.url })).url;
  return result;
}

export async function listStates(): Promise<ListStatesResult> {
  const entries = Object.entries(await snapshots()).map(([name, s]) => ({ name, url: s.url, timestamp: s.timestamp, size_bytes: s.size_bytes }));
  entries.sort((a, b) => b.timestamp.localeCompare(a.timestamp));
  return { snapshots: entries };
}

export async function deleteState(params: DeleteStateParams): Promise<DeleteStateResult> {
  const all = await snapshots();
  await named(params.snapshot_name, all);
  delete all[params.snapshot_name];
  await chrome.storage.local.set({ [SNAPSHOTS_KEY]: all });
  return { success: true, snapshot_name: params.snapshot_name };
}

async function snapshots(): Promise<Snapshots> {
  return ((await chrome.storage.local.get(SNAPSHOTS_KEY))[SNAPSHOTS_KEY] as Snapshots | undefined) ?? {};
}

async function named(name: string, all?: Snapshots): Promise<Snapshot> {
  const known = all ?? (await snapshots());
  const snapshot = known[name];
  if (!snapshot) {
    const names = Object.keys(known);
    throw new CommandFailure("snapshot_not_found", `no snapshot named '${name}'${names.length ? `; saved: ${names.join(", ")}` : "; none is saved"}`);
  }
  return snapshot;
}

async function replaceCookies(snapshot: Snapshot): Promise<void> {
  for (const cookie of await chrome.cookies.getAll({ url: snapshot.url })) {
    await chrome.cookies.remove({ url: cookieUrl(cookie), name: cookie.name, storeId: cookie.storeId });
  }
  for (const cookie of snapshot.cookies) {
    await chrome.cookies.set({
      url: cookieUrl(cookie),
      name: cookie.name,
      value: cookie.value,
      path: cookie.path,
      secure: cookie.secure,
      httpOnly: cookie.httpOnly,
      sameSite: cookie.sameSite,
      storeId: cookie.storeId,
      ...(cookie.hostOnly ? {} : { domain: cookie.domain }),
      ...(cookie.session || cookie.expirationDate === undefined ? {} : { expirationDate: cookie.expirationDate }),
    });
  }
}

function cookieUrl(cookie: chrome.cookies.Cookie): string {
  return `${cookie.secure ? "https" : "http"}://${cookie.domain.replace(/^\./, "")}${cookie.path}`;
}

function counts(snapshot: Snapshot) {
  return {
    localStorage: Object.keys(snapshot.localStorage).length,
    sessionStorage: Object.keys(snapshot.sessionStorage).length,
    cookies: snapshot.cookies.length,
  };
}

function origin(url: string | undefined): string {
  try {
    return new URL(url ?? "").origin;
  } catch {
    return "";
  }
}

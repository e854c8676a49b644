// The page's localStorage and sessionStorage, read for save_state and replaced for load_state.
export interface WebStorageSnapshot {
  url: string;
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
}

export function readWebStorage(): WebStorageSnapshot {
  return { url: location.href, localStorage: entries(localStorage), sessionStorage: entries(sessionStorage) };
}

export function replaceWebStorage(snapshot: Pick<WebStorageSnapshot, "localStorage" | "sessionStorage">): void {
  fill(localStorage, snapshot.localStorage);
  fill(sessionStorage, snapshot.sessionStorage);
}

function entries(storage: Storage): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key !== null) out[key] = storage.getItem(key) ?? "";
  }
  return out;
}

function fill(storage: Storage, values: Record<string, string>): void {
  storage.clear();
  for (const [key, value] of Object.entries(values)) storage.setItem(key, value);
}

// The extension's pairing with the daemon. The origin header proves nothing (any local process can
// send it), so the extension proves itself with a token: a person runs `gasoline pair` and types
// the one-time code it shows into the popup or the agent panel, which trade it (POST /panel/pair)
// for the token. One pairing serves the whole extension: the panel sends the token on its routes,
// the worker on /sync and /events. It never leaves this extension's storage.local.
import { DAEMON_PATHS } from "../../../generated/ts/daemon-client";
import type { PairingRequest, PanelPairing } from "../../../generated/ts/messages";
import { readDaemonPort } from "./daemon-port";
import { daemonBaseUrl } from "./daemon-url";

export const PAIRING_TOKEN_KEY = "panelToken";

const REQUEST_TIMEOUT_MS = 10_000;

/** The daemon refused the code (wrong, used or expired) or did not answer; the message says which. */
export class PairingFailed extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function readPairingToken(): Promise<string | undefined> {
  const stored = (await chrome.storage.local.get(PAIRING_TOKEN_KEY))[PAIRING_TOKEN_KEY];
  return typeof stored === "string" && stored ? stored : undefined;
}

/** A code as the person typed it (any case, with or without its dash), as `gasoline pair` shows it. */
export function pairingCode(typed: string): string {
  const raw = typed.trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}`;
}

/** Trade the code for the extension's token and keep it; every part of the extension sees the
 *  change in storage and uses it from then on. */
export async function pairExtension(typed: string): Promise<void> {
  const body: PairingRequest = { code: pairingCode(typed) };
  const port = await readDaemonPort();
  let response: Response;
  try {
    response = await fetch(`${daemonBaseUrl(port)}${DAEMON_PATHS.pairPanel()}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new PairingFailed(0, `the daemon does not answer on port ${port} (${String(error)})`);
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<PanelPairing> & { message?: string };
  if (!response.ok || typeof answer.token !== "string") {
    throw new PairingFailed(response.status, answer.message ?? response.statusText);
  }
  await chrome.storage.local.set({ [PAIRING_TOKEN_KEY]: answer.token });
}

/** The daemon no longer knows the token: the extension must be paired again. */
export async function forgetPairing(): Promise<void> {
  await chrome.storage.local.remove(PAIRING_TOKEN_KEY);
}

/** The code a page of ours was opened with (page.html#pair=XXXX-XXXX), taken off the address: the
 *  page pairs with it as if it were typed. Only the person, or their command line, can open our
 *  pages, never a web page. */
export function codeInAddress(): string | undefined {
  const code = new URLSearchParams(location.hash.slice(1)).get("pair");
  if (code) history.replaceState(null, "", location.pathname);
  return code ?? undefined;
}

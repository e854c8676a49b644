// What a page's inject script needs to know: the capture switches, the daemon port, and whether an
// action is watching its requests.
import { readDaemonPort } from "../shared/daemon-port";
import type { PageConfig } from "../shared/messages";
import { readCaptureSettings } from "../shared/settings";
import { requestsWatchedIn } from "./commands/effects";

/** Read fresh from storage: a relay asks right after a change, maybe before the worker's own
 *  caches have heard of it. */
export async function pageConfig(tabId: number): Promise<PageConfig> {
  const [settings, daemonPort] = await Promise.all([readCaptureSettings(), readDaemonPort()]);
  return { ...settings, daemonPort, watchRequests: requestsWatchedIn(tabId) };
}

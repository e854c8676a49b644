// The extension's service worker. It will relay captured page activity to the daemon and run
// the daemon's commands; for now it records which limits version it was built against.
import { LIMITS_VERSION } from "../../generated/ts/limits";

chrome.runtime.onInstalled.addListener(() => {
  void chrome.storage.local.set({ limitsVersion: LIMITS_VERSION });
});

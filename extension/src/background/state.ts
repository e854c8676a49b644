// The worker's cached view of the settings and the tracked tab.
import { readExtensionSettings } from "../shared/settings";
import { readTrackedTabId } from "../shared/tracking";
import { cached } from "../shared/cached";

export const settings = cached(readExtensionSettings);
export const trackedTabId = cached(readTrackedTabId);

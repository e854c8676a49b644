// The worker's cached view of the settings, the tracked tab and the extension's pairing token.
import { readPairingToken } from "../shared/pairing";
import { readExtensionSettings } from "../shared/settings";
import { readTrackedTabId } from "../shared/tracking";
import { cached } from "../shared/cached";

export const settings = cached(readExtensionSettings);
export const trackedTabId = cached(readTrackedTabId);
export const pairingToken = cached(readPairingToken);

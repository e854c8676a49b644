// The popup's switches: where each one is stored and what it is until someone changes it.
// The capture switches live in storage.local (read by the relay in every page); AI Web Pilot
// lives in storage.sync and only the popup's checkbox ever writes it.
import type { ExtensionSettings } from "../../../generated/ts/messages";

export type CaptureSettings = Pick<ExtensionSettings, "captureWebSockets" | "captureNetworkBodies">;

export const CAPTURE_SETTING_DEFAULTS: CaptureSettings = {
  captureWebSockets: true,
  captureNetworkBodies: false,
};

export const AI_WEB_PILOT_KEY = "aiWebPilotEnabled";

export const CAPTURE_SETTING_KEYS = Object.keys(CAPTURE_SETTING_DEFAULTS) as (keyof CaptureSettings)[];

export async function readCaptureSettings(): Promise<CaptureSettings> {
  const stored = await chrome.storage.local.get(CAPTURE_SETTING_KEYS);
  return {
    captureWebSockets: booleanOr(stored.captureWebSockets, CAPTURE_SETTING_DEFAULTS.captureWebSockets),
    captureNetworkBodies: booleanOr(stored.captureNetworkBodies, CAPTURE_SETTING_DEFAULTS.captureNetworkBodies),
  };
}

export async function readAiWebPilotEnabled(): Promise<boolean> {
  const stored = await chrome.storage.sync.get(AI_WEB_PILOT_KEY);
  return stored[AI_WEB_PILOT_KEY] === true;
}

export async function readExtensionSettings(): Promise<ExtensionSettings> {
  const [capture, aiWebPilotEnabled] = await Promise.all([readCaptureSettings(), readAiWebPilotEnabled()]);
  return { ...capture, aiWebPilotEnabled };
}

function booleanOr(value: unknown, fallback: boolean): boolean {
  return typeof value === "boolean" ? value : fallback;
}

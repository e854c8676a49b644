// Which captured events the capture switches let through, for the page (once it knows the
// switches) and the worker (the safety net for pages that loaded before a switch changed).
import type { CaptureEvent } from "../../../generated/ts/events";
import type { CaptureSettings } from "./settings";

export function allowedBy(event: CaptureEvent, settings: CaptureSettings): boolean {
  if (event.type === "websocket") return settings.captureWebSockets;
  if (event.type === "network_body") return settings.captureNetworkBodies;
  return true;
}

// What fetch and XHR capture have in common: the request record, the page's count of requests
// in flight, network_error for every failure or status >= 400, and network_body while "Capture
// Network Bodies" is on.
import type { NetworkBodyEvent, NetworkErrorEvent } from "../../../generated/ts/events";
import { isDaemonUrl } from "../shared/daemon-url";
import { withoutSensitiveHeaders } from "../shared/headers";
import { isoNow, startClock } from "./natives";
import { emit, pageConfig, requestEnded, requestStarted } from "./page-channel";

export interface RequestRecord {
  initiator: NetworkErrorEvent["initiator"];
  method: string;
  url: string;
  ts: string;
  pageUrl: string;
  elapsedMs: () => number;
  /** Its id in the page's count of requests in flight. */
  activityId: number;
}

export interface BodyText {
  text: string | null;
  truncated: boolean;
}

export interface CapturedBodies {
  status: number;
  requestBody: BodyText;
  responseBody: BodyText;
  contentType: string | null;
  requestHeaders: Record<string, string>;
  responseHeaders: Record<string, string>;
}

/** Starts a record, or returns undefined for the extension's own requests to the daemon. */
export function startRequest(initiator: RequestRecord["initiator"], method: string, rawUrl: string): RequestRecord | undefined {
  const url = absoluteUrl(rawUrl);
  if (isDaemonUrl(url, pageConfig().daemonPort)) return undefined;
  const activityId = requestStarted();
  return { initiator, method: method.toUpperCase(), url, ts: isoNow(), pageUrl: location.href, elapsedMs: startClock(), activityId };
}

/** The page gave up on the request with no outcome (XHR's open() again): no longer in flight. */
export function abandonRequest(record: RequestRecord): void {
  requestEnded(record.activityId);
}

/** Ends the request: status 0 means no response (error then says why), undefined an opaque one. */
export function reportOutcome(record: RequestRecord, status: number | undefined, error: string): void {
  requestEnded(record.activityId);
  if (status === undefined || (status !== 0 && status < 400)) return;
  const event: NetworkErrorEvent = {
    type: "network_error",
    ts: record.ts,
    initiator: record.initiator,
    method: record.method,
    url: record.url,
    status,
    duration: record.elapsedMs(),
    pageUrl: record.pageUrl,
  };
  if (error) event.error = error;
  emit(event);
}

export function reportBodies(record: RequestRecord, bodies: CapturedBodies): void {
  const event: NetworkBodyEvent = {
    type: "network_body",
    ts: record.ts,
    method: record.method,
    url: record.url,
    status: bodies.status,
    requestBody: bodies.requestBody.text,
    responseBody: bodies.responseBody.text,
    contentType: bodies.contentType,
    requestHeaders: withoutSensitiveHeaders(bodies.requestHeaders),
    responseHeaders: withoutSensitiveHeaders(bodies.responseHeaders),
    duration: record.elapsedMs(),
    pageUrl: record.pageUrl,
  };
  if (bodies.requestBody.truncated || bodies.responseBody.truncated) event.truncated = true;
  emit(event);
}

export function headersToRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => (record[name] = value));
  return record;
}

export function describeFailure(error: unknown): string {
  if (error instanceof Error || error instanceof DOMException) return `${error.name}: ${error.message}`;
  return String(error);
}

function absoluteUrl(rawUrl: string): string {
  try {
    return new URL(rawUrl, document.baseURI).href;
  } catch {
    return rawUrl;
  }
}

// XMLHttpRequest -> network_error (failures, status >= 400) and, with bodies on, network_body.
// Only prototype methods are observed; the constructor and instances stay the browser's own.
import { utf8ByteLength } from "../shared/text-limits";
import { NO_BODY, binaryBody, describeRequestBody, isBinaryContentType, responseText } from "./bodies";
import { observeMethod, safely } from "./guard";
import { nativeAddEventListener } from "./natives";
import { type BodyText, type RequestRecord, abandonRequest, reportBodies, reportOutcome, startRequest } from "./network-events";
import { pageConfig } from "./page-channel";

interface XhrState {
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  record?: RequestRecord;
  /** Set only while bodies are captured. */
  requestBody?: BodyText;
}

/** One of these ends every request that was sent; loadend follows it. */
const OUTCOME_EVENTS = ["load", "error", "abort", "timeout"];
const FAILURE_TEXT: Record<string, string> = { error: "Network error", abort: "Aborted", timeout: "Timed out" };

const states = new WeakMap<XMLHttpRequest, XhrState>();
const listenedTo = new WeakSet<XMLHttpRequest>();

export function captureXhr(): void {
  const prototype = XMLHttpRequest.prototype;
  observeMethod(prototype, "open", {
    after: (xhr, [method, url]) => {
      const previous = states.get(xhr)?.record; // open() again ends a request without an event
      if (previous) abandonRequest(previous);
      states.set(xhr, { method: String(method), url: String(url), requestHeaders: {} });
    },
  });
  observeMethod(prototype, "setRequestHeader", { after: (xhr, [name, value]) => rememberHeader(xhr, String(name), String(value)) });
  // Before, not after: a synchronous request has finished by the time send returns.
  observeMethod(prototype, "send", { before: (xhr, [body]) => start(xhr, body) });
}

function rememberHeader(xhr: XMLHttpRequest, name: string, value: string): void {
  const headers = states.get(xhr)?.requestHeaders;
  if (!headers) return;
  const key = name.toLowerCase();
  headers[key] = key in headers ? `${headers[key]}, ${value}` : value;
}

function start(xhr: XMLHttpRequest, body: unknown): void {
  const state = states.get(xhr);
  if (!state) return;
  state.record = startRequest("xhr", state.method, state.url);
  if (!state.record) return;
  state.requestBody = pageConfig().captureNetworkBodies
    ? describeRequestBody(body, state.requestHeaders["content-type"] ?? null)
    : undefined;
  if (listenedTo.has(xhr)) return;
  listenedTo.add(xhr);
  for (const type of OUTCOME_EVENTS) nativeAddEventListener.call(xhr, type, onOutcome);
}

function onOutcome(this: XMLHttpRequest, event: Event): void {
  safely(() => finish(this, event.type));
}

function finish(xhr: XMLHttpRequest, outcome: string): void {
  const state = states.get(xhr);
  const record = state?.record;
  if (!state || !record) return;
  state.record = undefined;
  const loaded = outcome === "load";
  const status = loaded ? xhr.status : 0;
  reportOutcome(record, status, loaded ? xhr.statusText : (FAILURE_TEXT[outcome] ?? outcome));
  if (!state.requestBody) return;
  reportBodies(record, {
    status,
    requestBody: state.requestBody,
    responseBody: loaded ? responseBody(xhr) : NO_BODY,
    contentType: xhr.getResponseHeader("content-type"),
    requestHeaders: state.requestHeaders,
    responseHeaders: loaded ? parseHeaderLines(xhr.getAllResponseHeaders()) : {},
  });
}

function responseBody(xhr: XMLHttpRequest): BodyText {
  const contentType = xhr.getResponseHeader("content-type");
  switch (xhr.responseType) {
    case "":
    case "text":
      if (isBinaryContentType(contentType)) return binaryBody(utf8ByteLength(xhr.responseText), contentType);
      return responseText(xhr.responseText);
    case "json":
      return responseText(JSON.stringify(xhr.response));
    case "arraybuffer":
      return binaryBody((xhr.response as ArrayBuffer | null)?.byteLength ?? 0, contentType);
    case "blob": {
      const blob = xhr.response as Blob | null;
      return binaryBody(blob?.size ?? 0, blob?.type || contentType);
    }
    case "document":
      return xhr.responseXML?.documentElement ? responseText(xhr.responseXML.documentElement.outerHTML) : NO_BODY;
  }
}

function parseHeaderLines(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

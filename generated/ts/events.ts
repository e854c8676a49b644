// Generated from spec/events/*.yaml by `python3 tasks.py gen`. Do not edit by hand.

/** Any event the extension posts, told apart by its type. */
export type CaptureEvent = ConsoleEvent | ExceptionEvent | NetworkBodyEvent | NetworkErrorEvent | WebSocketEvent;

/** One console.* call in a page, its arguments serialized to text. */
export interface ConsoleEvent {
  /** Event type. */
  type: "console";
  /** When the call happened (ISO 8601, UTC). */
  ts: string;
  /** The console method; trace, table and the like report as log. */
  level: "debug" | "log" | "info" | "warn" | "error";
  /** The arguments serialized (depth 4) and joined by spaces. */
  message: string;
  /** True when message was cut to its limit. */
  truncated?: boolean;
  /** URL of the page. */
  url?: string;
  /** Browser tab id. */
  tabId?: number;
  /** Where the call was made (script URL:line:column), when known. */
  source?: string;
}

/** An uncaught error or an unhandled promise rejection in a page. */
export interface ExceptionEvent {
  /** Event type. */
  type: "exception";
  /** When it happened (ISO 8601, UTC). */
  ts: string;
  /** An uncaught error or a rejected promise nobody handled. */
  kind: "error" | "unhandledrejection";
  /** The error message (or the rejection reason as text). */
  message: string;
  /** The stack trace, when there is one. */
  stack?: string;
  /** Script URL where it was thrown, when known. */
  filename?: string;
  /** Line in that script. */
  line?: number;
  /** Column in that line. */
  column?: number;
  /** URL of the page. */
  url?: string;
  /** Browser tab id. */
  tabId?: number;
}

/** One fetch or XMLHttpRequest with its bodies, captured only while "Capture Network Bodies" is on. Request bodies are kept up to 8192 bytes and response bodies up to 16384; binary bodies are described, not copied. Sensitive headers are stripped in the page before anything is sent. */
export interface NetworkBodyEvent {
  /** Event type. */
  type: "network_body";
  /** When the request started (ISO 8601, UTC). */
  ts: string;
  /** HTTP method. */
  method: string;
  /** Request URL. */
  url: string;
  /** HTTP status; 0 when the request failed without a response. */
  status: number;
  /** Request body text, "[Binary: N bytes, type: T]", or null when there was none. */
  requestBody?: string | null;
  /** Response body text, "[Binary: N bytes, type: T]", or null when there was none. */
  responseBody?: string | null;
  /** Response content type. */
  contentType?: string | null;
  /** Request headers left after sanitization. */
  requestHeaders?: { [key: string]: string };
  /** Response headers left after sanitization. */
  responseHeaders?: { [key: string]: string };
  /** Milliseconds from request to complete response. */
  duration?: number;
  /** True when a body was cut to its limit. */
  truncated?: boolean;
  /** URL of the page that made the request. */
  pageUrl?: string;
  /** Browser tab id. */
  tabId?: number;
}

/** A fetch or XMLHttpRequest that failed without a response (network failure, CORS, abort) or came back with status 400 or above. Captured whether or not "Capture Network Bodies" is on; it carries no bodies and no headers. */
export interface NetworkErrorEvent {
  /** Event type. */
  type: "network_error";
  /** When the request started (ISO 8601, UTC). */
  ts: string;
  /** Which API made the request. */
  initiator: "fetch" | "xhr";
  /** HTTP method. */
  method: string;
  /** Request URL. */
  url: string;
  /** HTTP status; 0 when the request failed without a response. */
  status: number;
  /** Why it failed without a response (for example "TypeError: Failed to fetch"), or the status text. */
  error?: string;
  /** Milliseconds from request to failure or complete response. */
  duration?: number;
  /** URL of the page that made the request. */
  pageUrl?: string;
  /** Browser tab id. */
  tabId?: number;
}

/** One WebSocket lifecycle event (open, close, error) or message, in or out. Message text is kept up to 4096 bytes; binary frames are described, not copied. */
export interface WebSocketEvent {
  /** Event type. */
  type: "websocket";
  /** When it happened (ISO 8601, UTC). */
  ts: string;
  /** What happened on the connection. */
  event: "open" | "message" | "close" | "error";
  /** Connection id, the same for every event of one connection. */
  id: string;
  /** The WebSocket URL. */
  url?: string;
  /** For messages, which way it went. */
  direction?: "incoming" | "outgoing";
  /** For messages, the text, or "[Binary: N bytes]" for a binary frame. */
  data?: string;
  /** For messages, the full size in bytes before truncation. */
  size?: number;
  /** True when data was cut to its limit. */
  truncated?: boolean;
  /** For close, the close code. */
  code?: number;
  /** For close, the close reason. */
  reason?: string;
  /** Browser tab id. */
  tabId?: number;
}

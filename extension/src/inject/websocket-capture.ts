// WebSocket -> websocket events (open, message in and out, close, error) while "Capture
// WebSockets" is on. The constructor is a Proxy of the original, so instanceof, prototype,
// constants and subclassing behave as before; send is observed on the prototype.
import type { WebSocketEvent } from "../../../generated/ts/events";
import { LIMITS } from "../../../generated/ts/limits";
import { utf8ByteLength } from "../shared/text-limits";
import { observeMethod, safely } from "./guard";
import { isoNow, nativeAddEventListener } from "./natives";
import { emit, pageConfig } from "./page-channel";
import { maskAndCut } from "./password-mask";

type MessageFields = Pick<WebSocketEvent, "direction" | "data" | "size" | "truncated">;

/** Tracked connections and their ids, oldest first. */
const tracked = new Map<WebSocket, string>();

export function captureWebSockets(): void {
  const NativeWebSocket = window.WebSocket;
  const WebSocketProxy = new Proxy(NativeWebSocket, {
    construct(target, args, newTarget) {
      const socket = Reflect.construct(target, args, newTarget) as WebSocket;
      safely(() => track(socket));
      return socket;
    },
  });
  Object.defineProperty(NativeWebSocket.prototype, "constructor", {
    value: WebSocketProxy,
    writable: true,
    enumerable: false,
    configurable: true,
  });
  window.WebSocket = WebSocketProxy;
  observeMethod(NativeWebSocket.prototype, "send", {
    after: (socket, [data]) => {
      // send on a closing or closed socket discards the data without an error.
      if (socket.readyState === NativeWebSocket.OPEN) report(socket, "message", messageFields("outgoing", data));
    },
  });
}

function track(socket: WebSocket): void {
  tracked.set(socket, crypto.randomUUID());
  for (const oldest of tracked.keys()) {
    if (tracked.size <= LIMITS.capture.tracked_websocket_connections) break;
    tracked.delete(oldest);
  }
  const listen = (type: string, listener: (event: Event) => void): void =>
    nativeAddEventListener.call(socket, type, (event: Event) => safely(() => listener(event)));
  listen("open", () => report(socket, "open"));
  listen("error", () => report(socket, "error"));
  listen("message", (event) => report(socket, "message", messageFields("incoming", (event as MessageEvent).data)));
  listen("close", (event) => {
    const { code, reason } = event as CloseEvent;
    report(socket, "close", { code, reason });
    tracked.delete(socket);
  });
}

function report(socket: WebSocket, event: WebSocketEvent["event"], fields?: Partial<WebSocketEvent>): void {
  const id = tracked.get(socket);
  if (id === undefined || !pageConfig().captureWebSockets) return;
  emit({ type: "websocket", ts: isoNow(), event, id, url: socket.url, ...fields });
}

function messageFields(direction: "incoming" | "outgoing", data: unknown): MessageFields {
  if (typeof data !== "string") {
    const size = binarySize(data);
    return { direction, data: `[Binary: ${size} bytes]`, size };
  }
  const cut = maskAndCut(data, LIMITS.capture.websocket_message_bytes);
  const fields: MessageFields = { direction, data: cut.text, size: utf8ByteLength(data) };
  if (cut.truncated) fields.truncated = true;
  return fields;
}

function binarySize(data: unknown): number {
  if (data instanceof Blob) return data.size;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

// A session's events as the daemon streams them (SSE over fetch: EventSource cannot send the
// panel's token). Each kept event carries its seq as the SSE id; a delta has none. The stream ends
// after a while by design; follow() opens the next one from the last seq it saw, and backs off
// while the daemon does not answer.
import type { DaemonClient } from "../../../generated/ts/daemon-client";
import type { SessionEvent } from "../../../generated/ts/messages";
import { PanelApiError } from "./daemon-api";

export interface StreamCallbacks {
  event(event: SessionEvent): void;
  /** The stream is up (true), or broken and being retried (false, with why). */
  connected(up: boolean, why?: string): void;
}

const RETRY_MS = [500, 1000, 2000, 5000];

/** The SSE events in a chunk of text; returns those complete and the rest to keep. */
export function parseEvents(buffer: string): { events: SessionEvent[]; rest: string } {
  const events: SessionEvent[] = [];
  const blocks = buffer.split("\n\n");
  const rest = blocks.pop() ?? "";
  for (const block of blocks) {
    const data = block
      .split("\n")
      .filter((line) => line.startsWith("data:"))
      .map((line) => line.slice(5).trimStart())
      .join("\n");
    if (data && data !== "{}") events.push(JSON.parse(data) as SessionEvent);
  }
  return { events, rest };
}

/** Read the session's events from `after` until cancelled; returns the last seq seen. */
export async function follow(
  api: DaemonClient,
  sessionId: string,
  after: number,
  callbacks: StreamCallbacks,
  cancel: AbortSignal,
): Promise<number> {
  let cursor = after;
  let failures = 0;
  while (!cancel.aborted) {
    try {
      const response = await api.sessionEvents(sessionId, { after: String(cursor) }, cancel);
      callbacks.connected(true);
      failures = 0;
      cursor = await readAll(response, cursor, callbacks);
    } catch (error) {
      if (cancel.aborted) break;
      callbacks.connected(false, error instanceof Error ? error.message : String(error));
      if (error instanceof PanelApiError && error.status === 404) throw error; // the session is gone
      await pause(RETRY_MS[Math.min(failures++, RETRY_MS.length - 1)], cancel);
    }
  }
  return cursor;
}

async function readAll(response: Response, after: number, callbacks: StreamCallbacks): Promise<number> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let cursor = after;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return cursor;
    const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
    buffer = parsed.rest;
    for (const event of parsed.events) {
      if (event.seq !== undefined) {
        if (event.seq <= cursor) continue; // already shown
        cursor = event.seq;
      }
      callbacks.event(event);
    }
  }
}

function pause(ms: number, cancel: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    cancel.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });
}

/**
 * Between the endpoint and node:http's request and response objects, which Express's extend:
 * the request body read as JSON, a reply written out.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Body } from "./execute.ts";
import type { Control } from "./endpoint.ts";

/** Larger bodies are refused; a snapshot being restored is the largest body the endpoint takes. */
const BODY_LIMIT = 64 * 1024 * 1024;

export function readBody(request: IncomingMessage): Promise<Body> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size <= BODY_LIMIT) chunks.push(chunk);
    });
    request.on("error", (error) => resolve({ problem: `the body could not be read: ${error.message}` }));
    request.on("end", () => {
      if (size > BODY_LIMIT) return resolve({ problem: `the body is larger than ${BODY_LIMIT} bytes` });
      const text = Buffer.concat(chunks).toString("utf8");
      if (text.trim() === "") return resolve({ problem: "the body is empty; a ControlRequest was expected" });
      try {
        resolve({ value: JSON.parse(text) });
      } catch {
        resolve({ problem: "the body is not JSON" });
      }
    });
  });
}

/** Answer one request the endpoint took; an unexpected error is logged and answered with 500. */
export async function serve(
  control: Control,
  request: IncomingMessage,
  response: ServerResponse,
  body: () => Promise<Body>,
): Promise<void> {
  try {
    const reply = await control.handle({
      method: request.method ?? "",
      authorization: request.headers.authorization,
      body,
    });
    const payload = reply.body === undefined ? undefined : JSON.stringify(reply.body);
    const length = payload === undefined ? {} : { "Content-Length": String(Buffer.byteLength(payload)) };
    response.writeHead(reply.status, { ...reply.headers, ...length });
    response.end(payload);
  } catch (error) {
    console.error("gasoline-control: unexpected error", error);
    if (!response.headersSent) response.writeHead(500);
    response.end();
  }
}

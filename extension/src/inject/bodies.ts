// Request and response bodies as text: cut to their byte limits, binary ones described.
import { LIMITS } from "../../../generated/ts/limits";
import type { BodyText } from "./network-events";
import { maskAndCut } from "./password-mask";

const BINARY_CONTENT_TYPE = /^\s*(?:(?:image|audio|video|font)\/|application\/(?:wasm|octet-stream|(?:x-)?font))/i;
const REQUEST_LIMIT = LIMITS.capture.request_body_bytes;
const RESPONSE_LIMIT = LIMITS.capture.response_body_bytes;

export const NO_BODY: BodyText = { text: null, truncated: false };

export function isBinaryContentType(contentType: string | null): boolean {
  return contentType !== null && BINARY_CONTENT_TYPE.test(contentType);
}

export function binaryBody(bytes: number, contentType: string | null): BodyText {
  return { text: `[Binary: ${bytes} bytes, type: ${contentType || "application/octet-stream"}]`, truncated: false };
}

export function responseText(text: string): BodyText {
  return maskAndCut(text, RESPONSE_LIMIT);
}

/** Any body fetch or XHR accepts, except a Request's own (see readRequestBody). */
export function describeRequestBody(body: unknown, contentType: string | null): BodyText {
  if (body === null || body === undefined) return NO_BODY;
  if (typeof body === "string") return requestText(body);
  if (body instanceof URLSearchParams) return requestText(body.toString());
  if (body instanceof FormData) return requestText(formDataText(body));
  if (body instanceof Blob) return binaryBody(body.size, body.type || contentType);
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return binaryBody(body.byteLength, contentType);
  if (body instanceof Document) return requestText(new XMLSerializer().serializeToString(body));
  if (body instanceof ReadableStream) return { text: "[Stream]", truncated: false };
  return requestText(String(body));
}

/** The body of a Request given to fetch, read from a clone taken before fetch used it. */
export async function readRequestBody(clone: Request, contentType: string | null): Promise<BodyText> {
  if (isBinaryContentType(contentType)) return binaryBody((await clone.blob()).size, contentType);
  return requestText(await clone.text());
}

/** Reads at most the limit (plus one byte to know it was cut) and cancels the rest. */
export async function readResponseBody(response: Response): Promise<BodyText> {
  const body = response.body;
  if (!body) return NO_BODY;
  const contentType = response.headers.get("content-type");
  if (isBinaryContentType(contentType)) {
    const declared = Number(response.headers.get("content-length") ?? NaN);
    const bytes = Number.isInteger(declared) && declared >= 0 ? declared : await countBytes(body);
    return binaryBody(bytes, contentType);
  }
  // Decoded whole: a character split by the read ends up past the limit and is cut off.
  return responseText(new TextDecoder().decode(await readPrefix(body, RESPONSE_LIMIT + 1)));
}

function requestText(text: string): BodyText {
  return maskAndCut(text, REQUEST_LIMIT);
}

function formDataText(form: FormData): string {
  const fields: string[] = [];
  form.forEach((value, name) => {
    const text = typeof value === "string" ? value : binaryBody(value.size, value.type).text;
    fields.push(`${name}=${text}`);
  });
  return fields.join("&");
}

async function readPrefix(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < maxBytes) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  if (total >= maxBytes) void reader.cancel().catch(() => undefined);
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

async function countBytes(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return total;
    total += value.byteLength;
  }
}

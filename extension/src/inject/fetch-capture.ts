// window.fetch -> network_error (failures, status >= 400) and, with bodies on, network_body.
// The page gets the same Response (or rejection) as from the original, without waiting for
// any body to be read: the response body is read from a clone afterwards.
import { attempt, safely } from "./guard";
import { NO_BODY, describeRequestBody, readRequestBody, readResponseBody } from "./bodies";
import {
  type BodyText,
  type RequestRecord,
  describeFailure,
  headersToRecord,
  reportBodies,
  reportOutcome,
  startRequest,
} from "./network-events";
import { pageConfig } from "./page-channel";

interface FetchObserver {
  settled(response: Response): void;
  failed(error: unknown): void;
}

/** What bodies capture keeps of the request, taken before fetch consumes it. */
interface RequestSide {
  headers: Record<string, string>;
  body: Promise<BodyText>;
}

const NO_REQUEST_SIDE: RequestSide = { headers: {}, body: Promise.resolve(NO_BODY) };

export function captureFetch(): void {
  window.fetch = new Proxy(window.fetch, {
    apply(target, thisArg, args: Parameters<typeof fetch>) {
      const observer = attempt(() => observeFetch(args));
      const pending = Reflect.apply(target, thisArg, args) as Promise<Response>;
      if (!observer) return pending;
      return pending.then(
        (response) => {
          safely(() => observer.settled(response));
          return response;
        },
        (error: unknown) => {
          safely(() => observer.failed(error));
          throw error;
        },
      );
    },
  });
}

function observeFetch([input, init]: Parameters<typeof fetch>): FetchObserver | undefined {
  const request = input instanceof Request ? input : undefined;
  const method = init?.method ?? request?.method ?? "GET";
  const record = startRequest("fetch", method, request ? request.url : String(input));
  if (!record) return undefined;
  const requestSide = pageConfig().captureNetworkBodies ? (attempt(() => takeRequestSide(init, request)) ?? NO_REQUEST_SIDE) : undefined;
  return {
    settled(response) {
      // An opaque (no-cors) response has status 0 by design; it is not a failure.
      const opaque = response.type === "opaque" || response.type === "opaqueredirect";
      reportOutcome(record, opaque ? undefined : response.status, response.statusText);
      if (requestSide) void reportFetchBodies(record, requestSide, response.clone());
    },
    failed(error) {
      reportOutcome(record, 0, describeFailure(error));
      if (requestSide) void reportFetchBodies(record, requestSide, undefined);
    },
  };
}

function takeRequestSide(init: RequestInit | undefined, request: Request | undefined): RequestSide {
  // As in fetch itself, init.headers and init.body replace those of a Request.
  const headers = new Headers(init?.headers ?? request?.headers);
  const contentType = headers.get("content-type");
  let body: Promise<BodyText>;
  if (init?.body !== undefined && init.body !== null) body = Promise.resolve(describeRequestBody(init.body, contentType));
  else if (request?.body) body = readRequestBody(request.clone(), contentType);
  else body = Promise.resolve(NO_BODY);
  return { headers: headersToRecord(headers), body: body.catch(() => NO_BODY) };
}

async function reportFetchBodies(record: RequestRecord, requestSide: RequestSide, response: Response | undefined): Promise<void> {
  const [requestBody, responseBody] = await Promise.all([
    requestSide.body,
    response ? readResponseBody(response).catch(() => NO_BODY) : NO_BODY,
  ]);
  safely(() =>
    reportBodies(record, {
      status: response?.status ?? 0,
      requestBody,
      responseBody,
      contentType: response?.headers.get("content-type") ?? null,
      requestHeaders: requestSide.headers,
      responseHeaders: response ? headersToRecord(response.headers) : {},
    }),
  );
}

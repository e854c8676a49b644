// How the panel reaches the daemon: the transport under the client generated from
// spec/daemon/api.yaml (generated/ts/daemon-client.ts), which names every route, its method and
// its types. The panel is UI only: it asks, reads a session's events and decides approvals; the
// daemon runs everything. Its token is the extension's, from pairing (shared/pairing.ts).
import { DaemonClient, type DaemonRequest, type DaemonTransport } from "../../../generated/ts/daemon-client";
import { daemonBaseUrl } from "../shared/daemon-url";

/** How long a request of the panel's may take, unless it brings its own signal (a stream). */
const REQUEST_TIMEOUT_MS = 10_000;

/** A refusal of the daemon's ({error, message}), or no answer at all (status 0). */
export class PanelApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function refusal(response: Response): Promise<PanelApiError> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  return new PanelApiError(response.status, body.error ?? "refused", body.message ?? response.statusText);
}

/** Sends the panel's requests with its token; a refusal or no answer rejects with PanelApiError. */
class PanelTransport implements DaemonTransport {
  constructor(
    private readonly port: number,
    private readonly token: string,
  ) {}

  async json<T>(request: DaemonRequest): Promise<T> {
    const response = await this.response(request);
    return (await response.json().catch(() => ({}))) as T;
  }

  async response(request: DaemonRequest): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${daemonBaseUrl(this.port)}${request.path}`, {
        method: request.method,
        headers: { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: request.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PanelApiError(0, "daemon_unreachable", `the daemon does not answer (${String(error)})`);
    }
    if (!response.ok) throw await refusal(response);
    return response;
  }
}

/** The daemon's routes for a panel paired with `token`. */
export function panelClient(port: number, token: string): DaemonClient {
  return new DaemonClient(new PanelTransport(port, token));
}

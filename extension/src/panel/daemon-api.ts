// The panel's routes of the daemon (spec/daemon/api.yaml, /panel/...), typed from the generated
// messages. The panel is UI only: it asks, reads a session's events and decides approvals; the
// daemon runs everything. Its token is the extension's, from pairing (shared/pairing.ts).
import type {
  Approval,
  ApprovalDecision,
  PanelQuestion,
  PanelStatus,
  PanelTurn,
  PanelWatch,
  SessionOpen,
  SessionOpened,
} from "../../../generated/ts/messages";
import { daemonBaseUrl } from "../shared/daemon-url";

/** How long a request of the panel's may take (a stream has its own reader and no limit). */
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

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!response.ok) throw new PanelApiError(response.status, body.error ?? "refused", body.message ?? response.statusText);
  return body as T;
}

async function reach(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: init.signal ?? AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new PanelApiError(0, "daemon_unreachable", `the daemon does not answer (${String(error)})`);
  }
}

export class PanelApi {
  constructor(
    readonly port: number,
    private readonly token: string,
  ) {}

  url(path: string): string {
    return `${daemonBaseUrl(this.port)}/panel${path}`;
  }

  headers(): Record<string, string> {
    return { Authorization: `Bearer ${this.token}`, "Content-Type": "application/json" };
  }

  async get<T>(path: string): Promise<T> {
    return answerOf<T>(await reach(this.url(path), { headers: this.headers() }));
  }

  async post<T>(path: string, body: unknown): Promise<T> {
    const init = { method: "POST", headers: this.headers(), body: JSON.stringify(body) };
    return answerOf<T>(await reach(this.url(path), init));
  }

  status(): Promise<PanelStatus> {
    return this.get<PanelStatus>("/status");
  }

  openSession(request: SessionOpen): Promise<SessionOpened> {
    return this.post<SessionOpened>("/sessions", request);
  }

  ask(sessionId: string, question: PanelQuestion): Promise<PanelTurn> {
    return this.post<PanelTurn>(`/sessions/${sessionId}/messages`, question);
  }

  decide(requestId: string, decision: ApprovalDecision["decision"]): Promise<Approval> {
    const body: ApprovalDecision = { decision };
    return this.post<Approval>(`/approvals/${requestId}`, body);
  }

  /** Switch agent_watch; answers the panel's status. */
  watch(request: PanelWatch): Promise<PanelStatus> {
    return this.post<PanelStatus>("/watch", request);
  }

  /** The session exported, as the file a person downloads. */
  async exported(sessionId: string, format: "json" | "markdown"): Promise<Blob> {
    const response = await reach(this.url(`/sessions/${sessionId}/export?format=${format}`), { headers: this.headers() });
    if (!response.ok) await answerOf(response);
    return response.blob();
  }

  /** The session's event stream from a cursor (SSE); the caller reads it until it ends. */
  async stream(sessionId: string, after: number, cancel: AbortSignal): Promise<Response> {
    const url = this.url(`/sessions/${sessionId}/events?after=${after}`);
    let response: Response;
    try {
      response = await fetch(url, { headers: this.headers(), signal: cancel });
    } catch (error) {
      throw new PanelApiError(0, "daemon_unreachable", `the daemon does not answer (${String(error)})`);
    }
    if (!response.ok || !response.body) await answerOf(response);
    return response;
  }
}

// Generated from spec/daemon/api.yaml by `python3 tasks.py gen`. Do not edit by hand.
import type { Approval, ApprovalDecision, EventBatch, IngestResult, PairingRequest, PanelPairing, PanelQuestion, PanelSession, PanelSessions, PanelStatus, PanelTurn, PanelWatch, SessionOpen, SessionOpened, SyncRequest, SyncResponse } from "./messages";

/** A request to one of the daemon's routes, as spec/daemon/api.yaml states it. */
export interface DaemonRequest {
  /** The route's operationId. */
  readonly operation: string;
  readonly method: "GET" | "POST";
  /** The path, its parameters filled in, with its query. */
  readonly path: string;
  /** The body, sent as JSON. */
  readonly body?: unknown;
  /** Cancels the request; without it the transport's own time limit applies. */
  readonly signal?: AbortSignal;
}

/** Sends a request: the daemon's address, the token, time limits and refusals are its own. */
export interface DaemonTransport {
  /** The JSON body of a successful answer, as the route's response schema types it. */
  json<T>(request: DaemonRequest): Promise<T>;
  /** A successful answer whose body the caller reads as it comes (a stream, a file). */
  response(request: DaemonRequest): Promise<Response>;
}

/** The path with the query parameters that are set, in the spec's order. */
function withQuery(path: string, pairs: Array<[string, string | undefined]>): string {
  const set = pairs.filter((pair): pair is [string, string] => pair[1] !== undefined);
  return set.length ? `${path}?${new URLSearchParams(set).toString()}` : path;
}

/** The query of GET /panel/sessions/{session_id}/events. */
export interface SessionEventsQuery {
  /** The seq of the last event the panel has; 0 or absent for all. */
  after?: string;
  /** json for the kept events at once, without waiting. */
  format?: "json" | "sse";
}

/** The query of GET /panel/sessions/{session_id}/export. */
export interface ExportSessionQuery {
  /** json (the default) or markdown. */
  format?: "json" | "markdown";
}

/** Each route's path by its operationId, its parameters filled in and encoded. */
export const DAEMON_PATHS = {
  ingestEvents: (): string => "/events",
  sync: (): string => "/sync",
  pairPanel: (): string => "/panel/pair",
  panelStatus: (): string => "/panel/status",
  listSessions: (): string => "/panel/sessions",
  openSession: (): string => "/panel/sessions",
  getSession: (sessionId: string): string => `/panel/sessions/${encodeURIComponent(sessionId)}`,
  askQuestion: (sessionId: string): string => `/panel/sessions/${encodeURIComponent(sessionId)}/messages`,
  sessionEvents: (sessionId: string, query: SessionEventsQuery = {}): string =>
    withQuery(`/panel/sessions/${encodeURIComponent(sessionId)}/events`, [["after", query.after], ["format", query.format]]),
  exportSession: (sessionId: string, query: ExportSessionQuery = {}): string =>
    withQuery(`/panel/sessions/${encodeURIComponent(sessionId)}/export`, [["format", query.format]]),
  decideApprovalInPanel: (requestId: string): string => `/panel/approvals/${encodeURIComponent(requestId)}`,
  switchWatch: (): string => "/panel/watch",
} as const;

/** A method for each route the extension calls, named by its operationId. */
export class DaemonClient {
  constructor(private readonly transport: DaemonTransport) {}

  /** POST /events: Store a batch of captured events. */
  ingestEvents(body: EventBatch, signal?: AbortSignal): Promise<IngestResult> {
    const path = DAEMON_PATHS.ingestEvents();
    return this.transport.json<IngestResult>({ operation: "ingestEvents", method: "POST", path, body, signal });
  }

  /** POST /sync: The extension reports its version, settings and tab. */
  sync(body: SyncRequest, signal?: AbortSignal): Promise<SyncResponse> {
    const path = DAEMON_PATHS.sync();
    return this.transport.json<SyncResponse>({ operation: "sync", method: "POST", path, body, signal });
  }

  /** POST /panel/pair: Trade a pairing code for the panel's bearer token. */
  pairPanel(body: PairingRequest, signal?: AbortSignal): Promise<PanelPairing> {
    const path = DAEMON_PATHS.pairPanel();
    return this.transport.json<PanelPairing>({ operation: "pairPanel", method: "POST", path, body, signal });
  }

  /** GET /panel/status: The daemon, the extension, the model providers and redaction, for the panel's header. */
  panelStatus(signal?: AbortSignal): Promise<PanelStatus> {
    const path = DAEMON_PATHS.panelStatus();
    return this.transport.json<PanelStatus>({ operation: "panelStatus", method: "GET", path, signal });
  }

  /** GET /panel/sessions: The sessions the daemon keeps (MCP clients' and the panel's), used last first. */
  listSessions(signal?: AbortSignal): Promise<PanelSessions> {
    const path = DAEMON_PATHS.listSessions();
    return this.transport.json<PanelSessions>({ operation: "listSessions", method: "GET", path, signal });
  }

  /** POST /panel/sessions: Open a panel session, or resume one by its id. */
  openSession(body: SessionOpen, signal?: AbortSignal): Promise<SessionOpened> {
    const path = DAEMON_PATHS.openSession();
    return this.transport.json<SessionOpened>({ operation: "openSession", method: "POST", path, body, signal });
  }

  /** GET /panel/sessions/{session_id}: One session. */
  getSession(sessionId: string, signal?: AbortSignal): Promise<PanelSession> {
    const path = DAEMON_PATHS.getSession(sessionId);
    return this.transport.json<PanelSession>({ operation: "getSession", method: "GET", path, signal });
  }

  /** POST /panel/sessions/{session_id}/messages: Ask a question in a session; the turn runs in the daemon and its events follow on the stream. */
  askQuestion(sessionId: string, body: PanelQuestion, signal?: AbortSignal): Promise<PanelTurn> {
    const path = DAEMON_PATHS.askQuestion(sessionId);
    return this.transport.json<PanelTurn>({ operation: "askQuestion", method: "POST", path, body, signal });
  }

  /** GET /panel/sessions/{session_id}/events: A session's events after a cursor, as an SSE stream (or JSON with format=json). */
  sessionEvents(sessionId: string, query: SessionEventsQuery = {}, signal?: AbortSignal): Promise<Response> {
    const path = DAEMON_PATHS.sessionEvents(sessionId, query);
    return this.transport.response({ operation: "sessionEvents", method: "GET", path, signal });
  }

  /** GET /panel/sessions/{session_id}/export: A session exported, redacted, as JSON or as Markdown. */
  exportSession(sessionId: string, query: ExportSessionQuery = {}, signal?: AbortSignal): Promise<Response> {
    const path = DAEMON_PATHS.exportSession(sessionId, query);
    return this.transport.response({ operation: "exportSession", method: "GET", path, signal });
  }

  /** POST /panel/approvals/{request_id}: The panel's Approve and Deny buttons, a human channel like `gasoline approve`. */
  decideApprovalInPanel(requestId: string, body: ApprovalDecision, signal?: AbortSignal): Promise<Approval> {
    const path = DAEMON_PATHS.decideApprovalInPanel(requestId);
    return this.transport.json<Approval>({ operation: "decideApprovalInPanel", method: "POST", path, body, signal });
  }

  /** POST /panel/watch: The person switches agent_watch on for a session, or off. */
  switchWatch(body: PanelWatch, signal?: AbortSignal): Promise<PanelStatus> {
    const path = DAEMON_PATHS.switchWatch();
    return this.transport.json<PanelStatus>({ operation: "switchWatch", method: "POST", path, body, signal });
  }
}

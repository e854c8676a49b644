// Generated from spec/policy/limits.yaml by `python3 tasks.py gen`. Do not edit by hand.

export const LIMITS_VERSION = 1;

/** Every size, count and time limit, shared with the daemon. */
export const LIMITS = {
  /** In-memory ring buffers in the daemon. Each has an entry cap and a byte cap; when either is reached the oldest entries are evicted, and evictions are counted. */
  buffers: {
    /** Console entries kept. (entries) */
    log_entries: 1000,
    /** How long the result of a finished background command is kept for command_result. (seconds) */
    command_results: 300,
    /** Total size of the console entries kept. (bytes) */
    log_bytes: 4194304,
    /** Uncaught errors and unhandled rejections kept. (entries) */
    error_entries: 500,
    /** Total size of the errors kept. (bytes) */
    error_bytes: 4194304,
    /** WebSocket lifecycle and message events kept. (entries) */
    websocket_event_entries: 200,
    /** Total size of the WebSocket events kept. (bytes) */
    websocket_event_bytes: 4194304,
    /** Request/response body records kept. (entries) */
    network_body_entries: 100,
    /** Total size of the body records kept. (bytes) */
    network_body_bytes: 8388608,
    /** WebSocket connections whose statistics are kept, across tabs; the oldest go first. (entries) */
    websocket_connections: 100,
  },
  /** What the extension keeps of each captured item before it leaves the page. */
  capture: {
    /** Text kept per WebSocket message; longer messages are cut and marked truncated. (bytes) */
    websocket_message_bytes: 4096,
    /** Connections tracked at once per page; the oldest is evicted past this. (count) */
    tracked_websocket_connections: 20,
    /** Request body kept per request; longer bodies are cut and marked truncated. (bytes) */
    request_body_bytes: 8192,
    /** Response body kept per response; longer bodies are cut and marked truncated. (bytes) */
    response_body_bytes: 16384,
    /** Text kept per console call after its arguments are serialized. (chars) */
    console_message_chars: 8192,
    /** After the tab's page has loaded, how long what it does at start-up counts as still arriving. (ms) */
    settle_ms: 500,
    /** How long a read of captured data waits for the tab's page to settle before it answers, saying it has not. (ms) */
    settle_wait_ms: 1500,
    /** Nesting depth to which console arguments are serialized. (levels) */
    console_arg_depth: 4,
  },
  /** What the daemon takes from the extension in one request. */
  ingest: {
    /** Events in one POST /events at most. (entries) */
    max_batch_events: 1000,
    /** Largest body of POST /events or /sync; larger ones get 413. (bytes) */
    max_body_bytes: 4194304,
    /** Largest single event (as JSON) the daemon takes; a larger one is rejected by its index, and the rest of its batch is kept. The extension cuts what it captures well below this. (bytes) */
    max_event_bytes: 65536,
  },
  /** How the extension talks to the daemon. */
  extension: {
    /** The extension syncs at least this often (which also keeps its service worker alive). (ms) */
    sync_interval_ms: 20000,
    /** An extension not heard from for this long counts as disconnected. (ms) */
    connected_ms: 45000,
    /** How long captured events wait to be sent together; events that come while a batch is on its way go with the next one. (ms) */
    batch_delay_ms: 0,
    /** Events sent in one POST at most; a full batch is sent at once. (entries) */
    batch_max_events: 100,
    /** Start times of a page's fetch and XHR requests each event batch carries at most (those started since the last batch, and those in flight): what an action counts and waits for. (entries) */
    requests_listed: 100,
    /** Events the extension holds while the daemon is unreachable; past this the oldest are dropped and counted. (entries) */
    queue_max_events: 2000,
    /** First wait before retrying an unreachable daemon; it doubles on each failure. (ms) */
    retry_min_ms: 500,
    /** Longest wait between retries of an unreachable daemon. (ms) */
    retry_max_ms: 5000,
    /** Longest a /sync waits for a command before it answers with none; the extension asks again at once, so this is also how often it syncs. (ms) */
    poll_wait_ms: 15000,
    /** A command handed to the extension and not acknowledged within this time is handed out again (its answer was lost). (ms) */
    command_ack_ms: 3000,
    /** How many minor versions of the extension contract (spec/contracts.yaml) an extension may be behind the daemon's and still count as up to date; an older one, or one of another major version, is told to update. (count) */
    contract_minors_behind: 1,
  },
  /** Limits of the on-demand queries the extension runs in a page. */
  queries: {
    /** Elements returned per DOM query; the total match count is still reported. (entries) */
    dom_max_elements: 50,
    /** Deepest child subtree returned, whatever depth is asked for. (levels) */
    dom_max_depth: 5,
    /** Child depth when include_children is set without max_depth. (levels) */
    dom_default_depth: 3,
    /** Text content kept per element. (chars) */
    dom_text_chars: 500,
    /** Nodes listed per accessibility violation; nodeCount carries the total. (entries) */
    a11y_max_nodes: 10,
    /** HTML snippet kept per node. (chars) */
    a11y_html_chars: 200,
    /** How long an audit result is reused for the same URL. (seconds) */
    a11y_cache_seconds: 30,
  },
  /** How long a call waits before it fails with a timeout error. */
  timeouts: {
    /** A DOM query or page info request. (ms) */
    dom_query_ms: 10000,
    /** A full-page accessibility audit. (ms) */
    accessibility_ms: 30000,
    /** A script run in the page. (ms) */
    execute_js_ms: 5000,
    /** How soon a browser command fails when no extension is connected. (ms) */
    no_extension_ms: 1000,
    /** A navigation, reload or new tab, until the page has loaded. (ms) */
    navigation_ms: 15000,
    /** How much longer than a command's own time limit the daemon waits, so that the extension's own timeout report arrives first. (ms) */
    command_grace_ms: 2000,
    /** A test command. (ms) */
    run_tests_ms: 30000,
    /** A backend-control operation. (ms) */
    backend_control_ms: 30000,
  },
  /** AI Web Pilot actions. */
  pilot: {
    /** How long a highlight stays when no duration is given. (ms) */
    highlight_ms: 5000,
    /** Largest file upload can attach. (bytes) */
    upload_max_bytes: 10485760,
    /** After click, type, navigate, refresh or new_tab acts, the page counts as settled once it has been this long with no request of its tab in flight and no navigation under way (a 300 ms debounce still fires within it). (ms) */
    settle_quiet_ms: 400,
    /** Longest an action waits after acting for its page to settle; past this it reports what it saw, and that the limit was reached. (ms) */
    settle_max_ms: 3000,
    /** The wait for the page to settle ends at least this long before the command's own time limit. (ms) */
    settle_reserve_ms: 1000,
    /** Failed requests, errors and dialogs an action lists at most, each; the counts are of all. (entries) */
    effect_entries: 10,
    /** Text kept of each error message, dialog message and failed request URL an action reports. (chars) */
    effect_text_chars: 300,
  },
  /** Code tools, which stay inside the repository. */
  code: {
    /** Largest file that can be read or edited. (bytes) */
    max_file_bytes: 10485760,
    /** Matches returned by one search at most. (entries) */
    max_search_results: 1000,
    /** Distinct files in one search result at most. (count) */
    max_result_files: 100,
    /** Tail of a test command's combined output returned. (bytes) */
    test_output_bytes: 16384,
    /** Failing tests a test run lists at most; the count is of all. (entries) */
    test_failures_listed: 20,
    /** How much of a file is looked at for a NUL byte, which makes it binary (code_read refuses it). (bytes) */
    binary_sniff_bytes: 8192,
    /** Text of a matching line code_search returns at most, around the match. (chars) */
    search_line_chars: 300,
  },
  /** Backend control of the user's services. */
  backend: {
    /** How long a state snapshot is kept. (seconds) */
    snapshot_ttl_seconds: 86400,
    /** How long a discovered service and its operations are cached. (seconds) */
    discovery_ttl_seconds: 30,
    /** How long discovery waits for a service (OPTIONS, then GET) before it is unreachable. (ms) */
    discovery_timeout_ms: 2000,
    /** Largest answer read from a service (a snapshot of its whole state included). (bytes) */
    response_max_bytes: 67108864,
    /** Tries of an idempotent operation whose connection failed, the first included. (count) */
    retry_attempts: 3,
    /** Wait before the second try; each later wait doubles it. (ms) */
    retry_base_ms: 100,
  },
  /** Tool results sent to the client. */
  results: {
    /** Largest result text; a longer result is clamped, marked, and continues through observe(what=result_page). (bytes) */
    max_result_bytes: 200000,
    /** How long the rest of a clamped result can be read. (seconds) */
    continuation_seconds: 600,
    /** Clamped results kept for continuation at once; the oldest goes first. (entries) */
    continuations: 32,
  },
  /** The MCP server on stdio and HTTP. */
  mcp: {
    /** Largest HTTP request body; larger ones get 413. (bytes) */
    max_body_bytes: 4194304,
    /** An HTTP session unused this long is ended. (seconds) */
    session_idle_seconds: 3600,
    /** HTTP sessions kept at once; a new one past this ends the one unused longest. (count) */
    max_sessions: 256,
    /** Tools (or resources or prompts) per tools/list page. (entries) */
    list_page_size: 100,
    /** How long a code tool waits for the client's answer to roots/list (which repository it works in). (ms) */
    roots_answer_ms: 5000,
    /** At the end of stdio input, how long calls still running may finish before they are cancelled. (ms) */
    eof_grace_ms: 10000,
    /** Requests from stdio and the local socket served at once; more wait their turn. (count) */
    request_workers: 64,
    /** Calls a stdio bridge has sent the daemon and not yet had answered; past them the bridge reads no more of its client's input until one is answered (backpressure through the pipe). (count) */
    bridge_calls_in_flight: 256,
    /** MCP requests over HTTP the daemon serves at once (long calls, streams and quick calls together); more wait their turn. (count) */
    http_threads: 16,
    /** Requests to the daemon's other routes (/sync, /events, /health, /approvals) served at once, on threads of their own, so calls that wait on the browser never hold the threads the extension needs. (count) */
    route_threads: 8,
  },
  /** The agent panel's sessions, pairing, agent loop and watch. */
  panel: {
    /** How long a pairing code from `gasoline pair` can be used. (seconds) */
    pairing_code_seconds: 300,
    /** Wrong codes one source (the local user that connects, with the request's Origin) may send in a row; past them it waits pairing_guess_seconds for each next one. Wrong codes never withdraw an open code. (count) */
    pairing_attempts: 5,
    /** How often a source that has sent its pairing_attempts wrong codes may try one more. (seconds) */
    pairing_guess_seconds: 10,
    /** Wrong codes all sources together may send in a row, and again in each pairing_code_seconds; past them every source waits. With 32^8 codes, guessing an open one stays below one chance in a billion. (count) */
    pairing_wrong_codes: 300,
    /** A session unused this long is closed and its log removed. (seconds) */
    session_idle_seconds: 86400,
    /** Sessions kept at once; a new one past this closes the one unused longest. (count) */
    max_sessions: 200,
    /** Events one session's log keeps; past this its oldest tenth is dropped. (entries) */
    session_events: 5000,
    /** Longest question the panel sends. (chars) */
    question_chars: 8000,
    /** Model requests in one turn of the agent loop at most (each answered tool call starts another). (count) */
    agent_steps: 6,
    /** Longest answer asked of a model in one request, in tokens. (count) */
    answer_tokens: 1024,
    /** Entries of each kind of evidence (errors, failed requests, actions) put into a turn's context. (entries) */
    evidence_entries: 10,
    /** Text of one tool result handed back to the model; longer text is cut and marked. (chars) */
    tool_result_chars: 6000,
    /** Text of an MCP client's tool result kept in its session's log (the client got it whole). (chars) */
    recorded_result_chars: 1000,
    /** Recent interact calls kept to show a model (the panel's evidence of what was done). (entries) */
    actions_kept: 50,
    /** Extensions and panels paired at once (browsers, profiles); pairing one more forgets the oldest. (count) */
    panels_kept: 8,
    /** Sessions whose events stay in memory (the panel's, and the MCP clients' at work); the rest are read from their logs. (count) */
    sessions_in_memory: 4,
    /** Tries of a model provider's model list before the panel calls it unreachable. (count) */
    provider_health_attempts: 3,
    /** How long one try of a model provider's model list may take. (seconds) */
    provider_health_timeout_seconds: 5,
    /** How long an answer to whether a model provider answers is reused (the panel asks every few seconds). (seconds) */
    provider_health_seconds: 60,
    /** An event stream with nothing to send sends a comment this often, so a connection the panel dropped is noticed and its thread freed within about this long. (ms) */
    stream_keepalive_ms: 1000,
    /** How long one event stream stays open; the panel opens the next from its cursor, so no thread is held for ever. (seconds) */
    stream_seconds: 60,
    /** Requests to the panel's routes (streams included) served at once, on threads of their own, apart from MCP calls and the extension's routes; streams hold at most panel.streams of them, so the rest always answer the panel's other routes. (count) */
    threads: 12,
    /** Event streams open at once, from every panel; one more is refused (503, with Retry-After) until one ends. Fewer than panel.threads. (count) */
    streams: 8,
    /** Event streams one paired panel (its token) may have open at once; one more is refused like one past panel.streams. (count) */
    panel_streams: 4,
    /** The Retry-After of a refused stream: a stream whose panel went away frees its place within about panel.stream_keepalive_ms. (seconds) */
    stream_retry_seconds: 2,
    /** Model requests one run started by agent_watch makes at most. (count) */
    watch_steps: 3,
    /** Tokens (asked and answered) one run started by agent_watch may spend before it stops. (count) */
    watch_tokens: 6000,
    /** Error fingerprints agent_watch remembers for its dedupe window. (entries) */
    watch_fingerprints: 1000,
  },
  /** JSON the daemon and the stdio server read, from any peer. */
  json: {
    /** Deepest nesting of arrays and objects in a message or body (and in a JSON document inside a string that redaction reads); deeper input is refused with an error that says so. (levels) */
    max_depth: 128,
  },
  /** Starting and stopping the daemon. */
  daemon: {
    /** How long a bridge waits for a daemon it started to answer its health check. (ms) */
    start_timeout_ms: 15000,
    /** How long a daemon has to stop before it is killed. (ms) */
    stop_timeout_ms: 5000,
    /** How long a health check waits for an answer. (ms) */
    health_timeout_ms: 2000,
    /** Size at which the daemon's and a bridge's log file is set aside and a new one begun. (bytes) */
    log_bytes: 8388608,
    /** Log files set aside that are kept (<name>.log.1 newest); older ones are deleted. (count) */
    logs_kept: 3,
  },
} as const;

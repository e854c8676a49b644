# Generated from spec/policy/limits.yaml, spec/policy/approval.yaml, spec/messages/commands/*.yaml, spec/daemon/api.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Limits and the approval policy as constants, for the daemon and its handlers.

Plain classes of constants, cheap to import: the stdio bridge reads them while it starts.
"""

from __future__ import annotations

from typing import Final, NamedTuple

LIMITS_VERSION: Final = 1


class BuffersLimits:
    """In-memory ring buffers in the daemon. Each has an entry cap and a byte cap; when either is reached the oldest entries are evicted, and evictions are counted."""

    log_entries: Final = 1000
    """Console entries kept. (entries)"""

    command_results: Final = 300
    """How long the result of a finished background command is kept for command_result. (seconds)"""

    log_bytes: Final = 4194304
    """Total size of the console entries kept. (bytes)"""

    error_entries: Final = 500
    """Uncaught errors and unhandled rejections kept. (entries)"""

    error_bytes: Final = 4194304
    """Total size of the errors kept. (bytes)"""

    websocket_event_entries: Final = 200
    """WebSocket lifecycle and message events kept. (entries)"""

    websocket_event_bytes: Final = 4194304
    """Total size of the WebSocket events kept. (bytes)"""

    network_body_entries: Final = 100
    """Request/response body records kept. (entries)"""

    network_body_bytes: Final = 8388608
    """Total size of the body records kept. (bytes)"""

    websocket_connections: Final = 100
    """WebSocket connections whose statistics are kept, across tabs; the oldest go first. (entries)"""


class CaptureLimits:
    """What the extension keeps of each captured item before it leaves the page."""

    websocket_message_bytes: Final = 4096
    """Text kept per WebSocket message; longer messages are cut and marked truncated. (bytes)"""

    tracked_websocket_connections: Final = 20
    """Connections tracked at once per page; the oldest is evicted past this. (count)"""

    request_body_bytes: Final = 8192
    """Request body kept per request; longer bodies are cut and marked truncated. (bytes)"""

    response_body_bytes: Final = 16384
    """Response body kept per response; longer bodies are cut and marked truncated. (bytes)"""

    console_message_chars: Final = 8192
    """Text kept per console call after its arguments are serialized. (chars)"""

    settle_ms: Final = 500
    """After the tab's page has loaded, how long what it does at start-up counts as still arriving. (ms)"""

    settle_wait_ms: Final = 1500
    """How long a read of captured data waits for the tab's page to settle before it answers, saying it has not. (ms)"""

    console_arg_depth: Final = 4
    """Nesting depth to which console arguments are serialized. (levels)"""


class IngestLimits:
    """What the daemon takes from the extension in one request."""

    max_batch_events: Final = 1000
    """Events in one POST /events at most. (entries)"""

    max_body_bytes: Final = 4194304
    """Largest body of POST /events or /sync; larger ones get 413. (bytes)"""

    max_event_bytes: Final = 65536
    """Largest single event (as JSON) the daemon takes; a larger one is rejected by its index, and the rest of its batch is kept. The extension cuts what it captures well below this. (bytes)"""


class ExtensionLimits:
    """How the extension talks to the daemon."""

    sync_interval_ms: Final = 20000
    """The extension syncs at least this often (which also keeps its service worker alive). (ms)"""

    connected_ms: Final = 45000
    """An extension not heard from for this long counts as disconnected. (ms)"""

    batch_delay_ms: Final = 0
    """How long captured events wait to be sent together; events that come while a batch is on its way go with the next one. (ms)"""

    batch_max_events: Final = 100
    """Events sent in one POST at most; a full batch is sent at once. (entries)"""

    requests_listed: Final = 100
    """Start times of a page's fetch and XHR requests each event batch carries at most (those started since the last batch, and those in flight): what an action counts and waits for. (entries)"""

    queue_max_events: Final = 2000
    """Events the extension holds while the daemon is unreachable; past this the oldest are dropped and counted. (entries)"""

    retry_min_ms: Final = 500
    """First wait before retrying an unreachable daemon; it doubles on each failure. (ms)"""

    retry_max_ms: Final = 5000
    """Longest wait between retries of an unreachable daemon. (ms)"""

    poll_wait_ms: Final = 15000
    """Longest a /sync waits for a command before it answers with none; the extension asks again at once, so this is also how often it syncs. (ms)"""

    command_ack_ms: Final = 3000
    """A command handed to the extension and not acknowledged within this time is handed out again (its answer was lost). (ms)"""

    contract_minors_behind: Final = 1
    """How many minor versions of the extension contract (spec/contracts.yaml) an extension may be behind the daemon's and still count as up to date; an older one, or one of another major version, is told to update. (count)"""


class QueriesLimits:
    """Limits of the on-demand queries the extension runs in a page."""

    dom_max_elements: Final = 50
    """Elements returned per DOM query; the total match count is still reported. (entries)"""

    dom_max_depth: Final = 5
    """Deepest child subtree returned, whatever depth is asked for. (levels)"""

    dom_default_depth: Final = 3
    """Child depth when include_children is set without max_depth. (levels)"""

    dom_text_chars: Final = 500
    """Text content kept per element. (chars)"""

    a11y_max_nodes: Final = 10
    """Nodes listed per accessibility violation; nodeCount carries the total. (entries)"""

    a11y_html_chars: Final = 200
    """HTML snippet kept per node. (chars)"""

    a11y_cache_seconds: Final = 30
    """How long an audit result is reused for the same URL. (seconds)"""


class TimeoutsLimits:
    """How long a call waits before it fails with a timeout error."""

    dom_query_ms: Final = 10000
    """A DOM query or page info request. (ms)"""

    accessibility_ms: Final = 30000
    """A full-page accessibility audit. (ms)"""

    execute_js_ms: Final = 5000
    """A script run in the page. (ms)"""

    no_extension_ms: Final = 1000
    """How soon a browser command fails when no extension is connected. (ms)"""

    navigation_ms: Final = 15000
    """A navigation, reload or new tab, until the page has loaded. (ms)"""

    command_grace_ms: Final = 2000
    """How much longer than a command's own time limit the daemon waits, so that the extension's own timeout report arrives first. (ms)"""

    run_tests_ms: Final = 30000
    """A test command. (ms)"""

    backend_control_ms: Final = 30000
    """A backend-control operation. (ms)"""


class PilotLimits:
    """AI Web Pilot actions."""

    highlight_ms: Final = 5000
    """How long a highlight stays when no duration is given. (ms)"""

    upload_max_bytes: Final = 10485760
    """Largest file upload can attach. (bytes)"""

    settle_quiet_ms: Final = 400
    """After click, type, navigate, refresh or new_tab acts, the page counts as settled once it has been this long with no request of its tab in flight and no navigation under way (a 300 ms debounce still fires within it). (ms)"""

    settle_max_ms: Final = 3000
    """Longest an action waits after acting for its page to settle; past this it reports what it saw, and that the limit was reached. (ms)"""

    settle_reserve_ms: Final = 1000
    """The wait for the page to settle ends at least this long before the command's own time limit. (ms)"""

    effect_entries: Final = 10
    """Failed requests, errors and dialogs an action lists at most, each; the counts are of all. (entries)"""

    effect_text_chars: Final = 300
    """Text kept of each error message, dialog message and failed request URL an action reports. (chars)"""


class CodeLimits:
    """Code tools, which stay inside the repository."""

    max_file_bytes: Final = 10485760
    """Largest file that can be read or edited. (bytes)"""

    max_search_results: Final = 1000
    """Matches returned by one search at most. (entries)"""

    max_result_files: Final = 100
    """Distinct files in one search result at most. (count)"""

    test_output_bytes: Final = 16384
    """Tail of a test command's combined output returned. (bytes)"""

    test_failures_listed: Final = 20
    """Failing tests a test run lists at most; the count is of all. (entries)"""

    binary_sniff_bytes: Final = 8192
    """How much of a file is looked at for a NUL byte, which makes it binary (code_read refuses it). (bytes)"""

    search_line_chars: Final = 300
    """Text of a matching line code_search returns at most, around the match. (chars)"""


class BackendLimits:
    """Backend control of the user's services."""

    snapshot_ttl_seconds: Final = 86400
    """How long a state snapshot is kept. (seconds)"""

    discovery_ttl_seconds: Final = 30
    """How long a discovered service and its operations are cached. (seconds)"""

    discovery_timeout_ms: Final = 2000
    """How long discovery waits for a service (OPTIONS, then GET) before it is unreachable. (ms)"""

    response_max_bytes: Final = 67108864
    """Largest answer read from a service (a snapshot of its whole state included). (bytes)"""

    retry_attempts: Final = 3
    """Tries of an idempotent operation whose connection failed, the first included. (count)"""

    retry_base_ms: Final = 100
    """Wait before the second try; each later wait doubles it. (ms)"""


class ResultsLimits:
    """Tool results sent to the client."""

    max_result_bytes: Final = 200000
    """Largest result text; a longer result is clamped, marked, and continues through observe(what=result_page). (bytes)"""

    continuation_seconds: Final = 600
    """How long the rest of a clamped result can be read. (seconds)"""

    continuations: Final = 32
    """Clamped results kept for continuation at once; the oldest goes first. (entries)"""


class McpLimits:
    """The MCP server on stdio and HTTP."""

    max_body_bytes: Final = 4194304
    """Largest HTTP request body; larger ones get 413. (bytes)"""

    session_idle_seconds: Final = 3600
    """An HTTP session unused this long is ended. (seconds)"""

    max_sessions: Final = 256
    """HTTP sessions kept at once; a new one past this ends the one unused longest. (count)"""

    list_page_size: Final = 100
    """Tools (or resources or prompts) per tools/list page. (entries)"""

    roots_answer_ms: Final = 5000
    """How long a code tool waits for the client's answer to roots/list (which repository it works in). (ms)"""

    eof_grace_ms: Final = 10000
    """At the end of stdio input, how long calls still running may finish before they are cancelled. (ms)"""

    request_workers: Final = 64
    """Requests from stdio and the local socket served at once; more wait their turn. (count)"""

    bridge_calls_in_flight: Final = 256
    """Calls a stdio bridge has sent the daemon and not yet had answered; past them the bridge reads no more of its client's input until one is answered (backpressure through the pipe). (count)"""

    http_threads: Final = 16
    """MCP requests over HTTP the daemon serves at once (long calls, streams and quick calls together); more wait their turn. (count)"""

    route_threads: Final = 8
    """Requests to the daemon's other routes (/sync, /events, /health, /approvals) served at once, on threads of their own, so calls that wait on the browser never hold the threads the extension needs. (count)"""


class PanelLimits:
    """The agent panel's sessions, pairing, agent loop and watch."""

    pairing_code_seconds: Final = 300
    """How long a pairing code from `gasoline pair` can be used. (seconds)"""

    pairing_attempts: Final = 5
    """Wrong codes one source (the local user that connects, with the request's Origin) may send in a row; past them it waits pairing_guess_seconds for each next one. Wrong codes never withdraw an open code. (count)"""

    pairing_guess_seconds: Final = 10
    """How often a source that has sent its pairing_attempts wrong codes may try one more. (seconds)"""

    pairing_wrong_codes: Final = 300
    """Wrong codes all sources together may send in a row, and again in each pairing_code_seconds; past them every source waits. With 32^8 codes, guessing an open one stays below one chance in a billion. (count)"""

    session_idle_seconds: Final = 86400
    """A session unused this long is closed and its log removed. (seconds)"""

    max_sessions: Final = 200
    """Sessions kept at once; a new one past this closes the one unused longest. (count)"""

    session_events: Final = 5000
    """Events one session's log keeps; past this its oldest tenth is dropped. (entries)"""

    question_chars: Final = 8000
    """Longest question the panel sends. (chars)"""

    agent_steps: Final = 6
    """Model requests in one turn of the agent loop at most (each answered tool call starts another). (count)"""

    answer_tokens: Final = 1024
    """Longest answer asked of a model in one request, in tokens. (count)"""

    evidence_entries: Final = 10
    """Entries of each kind of evidence (errors, failed requests, actions) put into a turn's context. (entries)"""

    tool_result_chars: Final = 6000
    """Text of one tool result handed back to the model; longer text is cut and marked. (chars)"""

    recorded_result_chars: Final = 1000
    """Text of an MCP client's tool result kept in its session's log (the client got it whole). (chars)"""

    actions_kept: Final = 50
    """Recent interact calls kept to show a model (the panel's evidence of what was done). (entries)"""

    panels_kept: Final = 8
    """Extensions and panels paired at once (browsers, profiles); pairing one more forgets the oldest. (count)"""

    sessions_in_memory: Final = 4
    """Sessions whose events stay in memory (the panel's, and the MCP clients' at work); the rest are read from their logs. (count)"""

    provider_health_attempts: Final = 3
    """Tries of a model provider's model list before the panel calls it unreachable. (count)"""

    provider_health_timeout_seconds: Final = 5
    """How long one try of a model provider's model list may take. (seconds)"""

    provider_health_seconds: Final = 60
    """How long an answer to whether a model provider answers is reused (the panel asks every few seconds). (seconds)"""

    stream_keepalive_ms: Final = 1000
    """An event stream with nothing to send sends a comment this often, so a connection the panel dropped is noticed and its thread freed within about this long. (ms)"""

    stream_seconds: Final = 60
    """How long one event stream stays open; the panel opens the next from its cursor, so no thread is held for ever. (seconds)"""

    threads: Final = 12
    """Requests to the panel's routes (streams included) served at once, on threads of their own, apart from MCP calls and the extension's routes; streams hold at most panel.streams of them, so the rest always answer the panel's other routes. (count)"""

    streams: Final = 8
    """Event streams open at once, from every panel; one more is refused (503, with Retry-After) until one ends. Fewer than panel.threads. (count)"""

    panel_streams: Final = 4
    """Event streams one paired panel (its token) may have open at once; one more is refused like one past panel.streams. (count)"""

    stream_retry_seconds: Final = 2
    """The Retry-After of a refused stream: a stream whose panel went away frees its place within about panel.stream_keepalive_ms. (seconds)"""

    watch_steps: Final = 3
    """Model requests one run started by agent_watch makes at most. (count)"""

    watch_tokens: Final = 6000
    """Tokens (asked and answered) one run started by agent_watch may spend before it stops. (count)"""

    watch_fingerprints: Final = 1000
    """Error fingerprints agent_watch remembers for its dedupe window. (entries)"""


class JsonLimits:
    """JSON the daemon and the stdio server read, from any peer."""

    max_depth: Final = 128
    """Deepest nesting of arrays and objects in a message or body (and in a JSON document inside a string that redaction reads); deeper input is refused with an error that says so. (levels)"""


class DaemonLimits:
    """Starting and stopping the daemon."""

    start_timeout_ms: Final = 15000
    """How long a bridge waits for a daemon it started to answer its health check. (ms)"""

    stop_timeout_ms: Final = 5000
    """How long a daemon has to stop before it is killed. (ms)"""

    health_timeout_ms: Final = 2000
    """How long a health check waits for an answer. (ms)"""

    log_bytes: Final = 8388608
    """Size at which the daemon's and a bridge's log file is set aside and a new one begun. (bytes)"""

    logs_kept: Final = 3
    """Log files set aside that are kept (<name>.log.1 newest); older ones are deleted. (count)"""


class LIMITS:
    """Every limit, by group: LIMITS.buffers.log_entries."""

    buffers = BuffersLimits
    capture = CaptureLimits
    ingest = IngestLimits
    extension = ExtensionLimits
    queries = QueriesLimits
    timeouts = TimeoutsLimits
    pilot = PilotLimits
    code = CodeLimits
    backend = BackendLimits
    results = ResultsLimits
    mcp = McpLimits
    panel = PanelLimits
    json = JsonLimits
    daemon = DaemonLimits


class ApprovalClass(NamedTuple):
    """What one mutation class needs before it runs."""

    decision: str
    description: str
    token_ttl_seconds: int | None = None
    single_use: bool = False


APPROVAL_POLICY_VERSION: Final = 1
APPROVAL_REQUEST_TTL_SECONDS: Final = 300
APPROVAL_CLASSES: Final[dict[str, ApprovalClass]] = {
    "read_only": ApprovalClass(
        decision="allow",
        description="No side effects; runs at once.",
    ),
    "mutating": ApprovalClass(
        decision="require_approval",
        description="Changes state that can be put back (a page, a staged edit, capture buffers).",
        token_ttl_seconds=300,
        single_use=True,
    ),
    "destructive": ApprovalClass(
        decision="require_approval",
        description="Can lose data or reach outside the sandbox (restores, rollbacks, arbitrary commands).",
        token_ttl_seconds=120,
        single_use=True,
    ),
}

# How long the daemon waits for the extension to answer each command kind.
COMMAND_TIMEOUTS_MS: Final[dict[str, int]] = {
    "accessibility_audit": 30000,
    "click": 10000,
    "delete_state": 10000,
    "dom_query": 10000,
    "execute_js": 5000,
    "highlight": 10000,
    "list_states": 10000,
    "load_state": 15000,
    "navigate": 15000,
    "new_tab": 15000,
    "page_info": 10000,
    "refresh": 15000,
    "save_state": 10000,
    "type": 10000,
    "upload": 10000,
}

# The only browser origin that may post to the extension's routes (spec/daemon/api.yaml, ExtensionOrigin).
EXTENSION_ORIGIN: Final = "chrome-extension://nmjojkkggfpaaepkfphegkanopolkgjf"

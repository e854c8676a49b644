# Generated from spec/policy/limits.yaml, spec/policy/approval.yaml, spec/messages/commands/*.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Limits and the approval policy as constants, for the daemon and its handlers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

LIMITS_VERSION: Final = 1


@dataclass(frozen=True)
class BuffersLimits:
    """In-memory ring buffers in the daemon. Each has an entry cap and a byte cap; when either is reached the oldest entries are evicted, and evictions are counted."""

    log_entries: int = 1000
    """Console entries kept. (entries)"""

    command_results: int = 300
    """How long the result of a finished background command is kept for command_result. (seconds)"""

    log_bytes: int = 4194304
    """Total size of the console entries kept. (bytes)"""

    error_entries: int = 500
    """Uncaught errors and unhandled rejections kept. (entries)"""

    error_bytes: int = 4194304
    """Total size of the errors kept. (bytes)"""

    websocket_event_entries: int = 200
    """WebSocket lifecycle and message events kept. (entries)"""

    websocket_event_bytes: int = 4194304
    """Total size of the WebSocket events kept. (bytes)"""

    network_body_entries: int = 100
    """Request/response body records kept. (entries)"""

    network_body_bytes: int = 8388608
    """Total size of the body records kept. (bytes)"""


@dataclass(frozen=True)
class CaptureLimits:
    """What the extension keeps of each captured item before it leaves the page."""

    websocket_message_bytes: int = 4096
    """Text kept per WebSocket message; longer messages are cut and marked truncated. (bytes)"""

    tracked_websocket_connections: int = 20
    """Connections tracked at once per page; the oldest is evicted past this. (count)"""

    request_body_bytes: int = 8192
    """Request body kept per request; longer bodies are cut and marked truncated. (bytes)"""

    response_body_bytes: int = 16384
    """Response body kept per response; longer bodies are cut and marked truncated. (bytes)"""

    console_message_chars: int = 8192
    """Text kept per console call after its arguments are serialized. (chars)"""

    console_arg_depth: int = 4
    """Nesting depth to which console arguments are serialized. (levels)"""


@dataclass(frozen=True)
class QueriesLimits:
    """Limits of the on-demand queries the extension runs in a page."""

    dom_max_elements: int = 50
    """Elements returned per DOM query; the total match count is still reported. (entries)"""

    dom_max_depth: int = 5
    """Deepest child subtree returned, whatever depth is asked for. (levels)"""

    dom_default_depth: int = 3
    """Child depth when include_children is set without max_depth. (levels)"""

    dom_text_chars: int = 500
    """Text content kept per element. (chars)"""

    a11y_max_nodes: int = 10
    """Nodes listed per accessibility violation; nodeCount carries the total. (entries)"""

    a11y_html_chars: int = 200
    """HTML snippet kept per node. (chars)"""

    a11y_cache_seconds: int = 30
    """How long an audit result is reused for the same URL. (seconds)"""


@dataclass(frozen=True)
class TimeoutsLimits:
    """How long a call waits before it fails with a timeout error."""

    dom_query_ms: int = 10000
    """A DOM query or page info request. (ms)"""

    accessibility_ms: int = 30000
    """A full-page accessibility audit. (ms)"""

    execute_js_ms: int = 5000
    """A script run in the page. (ms)"""

    no_extension_ms: int = 1000
    """How soon a browser command fails when no extension is connected. (ms)"""

    run_tests_ms: int = 30000
    """A test command. (ms)"""

    backend_control_ms: int = 30000
    """A backend-control operation. (ms)"""


@dataclass(frozen=True)
class PilotLimits:
    """AI Web Pilot actions."""

    highlight_ms: int = 5000
    """How long a highlight stays when no duration is given. (ms)"""


@dataclass(frozen=True)
class CodeLimits:
    """Code tools, which stay inside the repository."""

    max_file_bytes: int = 10485760
    """Largest file that can be read or edited. (bytes)"""

    max_search_results: int = 1000
    """Matches returned by one search at most. (entries)"""

    max_result_files: int = 100
    """Distinct files in one search result at most. (count)"""

    test_output_bytes: int = 16384
    """Tail of a test command's combined output returned. (bytes)"""

    index_ttl_seconds: int = 30
    """How long the file index is reused. (seconds)"""


@dataclass(frozen=True)
class BackendLimits:
    """Backend control of the user's services."""

    snapshot_ttl_seconds: int = 86400
    """How long a state snapshot is kept. (seconds)"""

    discovery_ttl_seconds: int = 30
    """How long a discovered service and its operations are cached. (seconds)"""


@dataclass(frozen=True)
class ResultsLimits:
    """Tool results sent to the client."""

    max_result_bytes: int = 200000
    """Largest structured result; longer results are clamped, marked, and continue through a cursor. (bytes)"""


@dataclass(frozen=True)
class Limits:
    buffers: BuffersLimits = BuffersLimits()
    capture: CaptureLimits = CaptureLimits()
    queries: QueriesLimits = QueriesLimits()
    timeouts: TimeoutsLimits = TimeoutsLimits()
    pilot: PilotLimits = PilotLimits()
    code: CodeLimits = CodeLimits()
    backend: BackendLimits = BackendLimits()
    results: ResultsLimits = ResultsLimits()


LIMITS: Final = Limits()


@dataclass(frozen=True)
class ApprovalClass:
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
    "dom_query": 10000,
    "page_info": 10000,
}

# Generated from spec/policy/goals.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""What each benchmark figure must reach, for `python3 tasks.py bench` and its --check."""

from __future__ import annotations

from typing import Final, NamedTuple


class Goal(NamedTuple):
    """Each bound given must hold: the figure in its unit (at_most, at_least), the figure divided by
    its same-run reference (ratio_at_most), or the figure minus it (added_at_most)."""

    name: str
    unit: str
    description: str
    at_most: float | None = None
    at_least: float | None = None
    ratio_at_most: float | None = None
    added_at_most: float | None = None
    source: str | None = None


GOALS: Final[dict[str, Goal]] = {
    "mcp.stdio_call_small_p50": Goal(
        "mcp.stdio_call_small_p50",
        "ms",
        "stdio tools/call with a small result, p50, beside the SDK server's.",
        ratio_at_most=0.5,
    ),
    "mcp.stdio_tools_list_p50": Goal(
        "mcp.stdio_tools_list_p50",
        "ms",
        "stdio tools/list, p50, beside the SDK server's.",
        ratio_at_most=0.5,
    ),
    "mcp.stdio_tools_list_p95": Goal(
        "mcp.stdio_tools_list_p95",
        "ms",
        "stdio tools/list, p95.",
        at_most=80,
        source="agent panel specification: tools/list p95 < 80 ms",
    ),
    "mcp.http_call_small_p50": Goal(
        "mcp.http_call_small_p50",
        "ms",
        "HTTP tools/call with a small result, p50, beside the SDK server's.",
        ratio_at_most=0.5,
    ),
    "mcp.http_initialize_p95": Goal(
        "mcp.http_initialize_p95",
        "ms",
        "An MCP session opened over HTTP on a running daemon, p95.",
        at_most=120,
        source="agent panel specification: initialize p95 < 120 ms with the daemon warm",
    ),
    "mcp.spawn_to_initialize": Goal(
        "mcp.spawn_to_initialize",
        "ms",
        "A client starts the stdio bridge, and its initialize is answered (median).",
        at_most=150,
    ),
    "mcp.restart_after_kill": Goal(
        "mcp.restart_after_kill",
        "s",
        "The daemon is killed while a stdio client's call waits; the client's next call is answered by a new daemon.",
        at_most=0.5,
    ),
    "mcp.rss_idle": Goal(
        "mcp.rss_idle",
        "MiB",
        "The daemon's resident memory once it has started and answered one health check.",
        at_most=45,
    ),
    "mcp.rss_after_calls": Goal(
        "mcp.rss_after_calls",
        "MiB",
        "The daemon's resident memory after 3,100 HTTP calls.",
        at_most=45,
    ),
    "mcp.approval_cli_p95": Goal(
        "mcp.approval_cli_p95",
        "ms",
        "An approval asked through MCP, given with `gasoline approve`, and the call repeated, p95.",
        at_most=250,
    ),
    "redaction.mixed_100kb_p95": Goal(
        "redaction.mixed_100kb_p95",
        "ms",
        "100 KB of mixed text (JSON bodies, log lines, headers, a secret now and then) redacted, p95.",
        at_most=10,
    ),
    "capture.ingest_batches": Goal(
        "capture.ingest_batches",
        "/s",
        "Events taken in, in batches of 100 realistic events.",
        at_least=10000,
    ),
    "capture.ingest_large_bodies": Goal(
        "capture.ingest_large_bodies",
        "/s",
        "Network body events with about 9 KB of JSON bodies taken in, in batches of 20.",
        at_least=2400,
    ),
    "capture.observe_full_buffers": Goal(
        "capture.observe_full_buffers",
        "/s",
        "observe calls over HTTP that read full capture buffers, in rotation.",
        at_least=156,
    ),
    "capture.rss_full_buffers": Goal(
        "capture.rss_full_buffers",
        "MiB",
        "The daemon's resident memory with every capture buffer full.",
        at_most=60,
    ),
    "capture.page_fetch_bodies_off": Goal(
        "capture.page_fetch_bodies_off",
        "ms",
        "What capturing adds to each fetch of a page, bodies off.",
        added_at_most=0.5,
    ),
    "capture.page_fetch_bodies_on": Goal(
        "capture.page_fetch_bodies_on",
        "ms",
        "What capturing adds to each fetch of a page, bodies on.",
        added_at_most=2,
        source="capture specification: network bodies ~2 ms per request",
    ),
    "capture.event_to_mcp_p95": Goal(
        "capture.event_to_mcp_p95",
        "ms",
        "A page logs; the entry is readable through MCP, p95.",
        at_most=50,
    ),
    "capture.event_to_mcp_busy_p95": Goal(
        "capture.event_to_mcp_busy_p95",
        "ms",
        "The same, while another MCP client calls as fast as it can, every call recorded in its session.",
        at_most=50,
    ),
    "commands.dom_query_p50": Goal(
        "commands.dom_query_p50",
        "ms",
        "analyze(dom), the call until its result, p50.",
        at_most=60,
    ),
    "commands.dom_query_p95": Goal(
        "commands.dom_query_p95",
        "ms",
        "analyze(dom), the call until its result, p95.",
        at_most=100,
        source="capture specification: DOM queries 10-100 ms",
    ),
    "commands.accessibility_first": Goal(
        "commands.accessibility_first",
        "ms",
        "The first accessibility audit of a page.",
        at_most=1500,
        source="capture specification: a full page audit in 1-5 s",
    ),
    "commands.concurrent": Goal(
        "commands.concurrent",
        "ms",
        "Browser commands sent at once, all of them, beside the same commands one by one.",
        ratio_at_most=1,
    ),
    "code.search_p50": Goal(
        "code.search_p50",
        "ms",
        "code_search over a project of 5,000 files, p50.",
        at_most=100,
        source="code tools specification: file search < 100 ms for a typical project",
    ),
    "code.search_vs_rg": Goal(
        "code.search_vs_rg",
        "ms",
        "code_search p50 beside ripgrep run directly.",
        ratio_at_most=1.2,
    ),
    "code.read_p50": Goal(
        "code.read_p50",
        "ms",
        "code_read of a file of about 100 KB, p50.",
        at_most=50,
        source="code tools specification: file read < 50 ms for files < 100 KB",
    ),
    "code.modify_p50": Goal(
        "code.modify_p50",
        "ms",
        "code_modify, staging included, p50.",
        at_most=100,
        source="code tools specification: code modify < 100 ms",
    ),
    "code.modification_log_first": Goal(
        "code.modification_log_first",
        "ms",
        "modification_log of 10,000 entries, the first query.",
        at_most=50,
        source="code tools specification: modification log query < 50 ms",
    ),
    "code.modification_log_p50": Goal(
        "code.modification_log_p50",
        "ms",
        "modification_log of 10,000 entries, p50.",
        at_most=50,
        source="code tools specification: modification log query < 50 ms",
    ),
    "backend.read_p50": Goal(
        "backend.read_p50",
        "ms",
        "A read operation through MCP, p50.",
        at_most=50,
        source="backend control specification: reads < 50 ms",
    ),
    "backend.read_overhead_p50": Goal(
        "backend.read_overhead_p50",
        "ms",
        "What MCP adds to a read operation, p50, beside calling the service directly.",
        added_at_most=5,
    ),
    "backend.write_p50": Goal(
        "backend.write_p50",
        "ms",
        "A write operation through MCP, p50.",
        at_most=200,
        source="backend control specification: writes < 200 ms",
    ),
    "backend.discovery_cached_p50": Goal(
        "backend.discovery_cached_p50",
        "ms",
        "A service's operations from the cache, p50.",
        at_most=1,
        source="backend control specification: discovery < 100 ms, cached",
    ),
    "backend.snapshot_create_p50": Goal(
        "backend.snapshot_create_p50",
        "ms",
        "A snapshot taken, p50.",
        at_most=500,
        source="backend control specification: snapshot creation < 500 ms",
    ),
    "backend.snapshot_restore_p50": Goal(
        "backend.snapshot_restore_p50",
        "ms",
        "A snapshot restored, the person's approval included, p50.",
        at_most=1000,
        source="backend control specification: snapshot restore < 1 s",
    ),
    "backend.audit_log_first": Goal(
        "backend.audit_log_first",
        "ms",
        "audit_log of 10,000 entries, the first query.",
        at_most=50,
        source="backend control specification: audit log query < 50 ms for < 10K entries",
    ),
    "backend.audit_log_p50": Goal(
        "backend.audit_log_p50",
        "ms",
        "audit_log of 10,000 entries, p50.",
        at_most=50,
        source="backend control specification: audit log query < 50 ms for < 10K entries",
    ),
    "panel.context_build_p95": Goal(
        "panel.context_build_p95",
        "ms",
        "A turn's context built from 100 KB of merged evidence and redacted, p95 (the agent panel specification asks < 180 ms).",
        at_most=20,
    ),
    "panel.approval_round_trip_p95": Goal(
        "panel.approval_round_trip_p95",
        "ms",
        "Approve clicked in the panel until the action's result shows there, p95.",
        at_most=250,
        source="agent panel specification: approval round trip p95 < 250 ms",
    ),
    "panel.first_token_p50": Goal(
        "panel.first_token_p50",
        "ms",
        "The provider's first byte until the first streamed text shows in the panel, p50.",
        at_most=50,
    ),
    "panel.stream_first_words_p95": Goal(
        "panel.stream_first_words_p95",
        "ms",
        "At a real model's pace (50 tokens/s), the model's first token until the first words are passed on to the panel, p95.",
        at_most=100,
    ),
    "panel.memory_overhead": Goal(
        "panel.memory_overhead",
        "MiB",
        "The daemon's memory after 40 turns beside the same daemon at rest.",
        at_most=40,
        source="agent panel specification: memory overhead < 40 MB steady state",
    ),
    "generator.check_gen": Goal(
        "generator.check_gen",
        "s",
        "check-gen: the spec loaded, checked and every target compared.",
        at_most=10,
    ),
    "generator.tools_list_chars": Goal(
        "generator.tools_list_chars",
        "chars",
        "The published tools/list payload, in characters.",
        at_most=17000,
    ),
}

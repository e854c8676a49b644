"""The agent panel beside references from the same run: building and redacting a turn's context from
100 KB of merged evidence beside redacting the same text alone; in real Chromium with the panel
paired, the approval round trip (the person's click on Approve until the action's result shows in
the panel) and the first streamed token (the fake provider's first byte until the text shows in
the panel), each beside one fetch from the panel to the daemon; and the daemon's memory after 40
turns through the OpenAI SDK with a stream open, beside the same daemon at rest."""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import measure  # noqa: F401  (first: it puts the integration tests' helpers on sys.path)
from fakes.model_provider import FakeProvider
from measure import free_port, mixed_payload, percentiles, report, rss_mib, timed
from playwright.sync_api import Page, expect

from gasoline.local_http import request_json
from gasoline.panel.egress import redacted_request
from gasoline.panel.evidence import as_prompt
from gasoline.safety.redaction import build_redactor
from gasoline_generated.models import EvidenceCard, ProviderMessage
from tests.integration.browsers import EXTENSION_PAGE, chromium_with_extension
from tests.integration.processes import Daemon, gasoline_cli, running_daemon, wait_for

TRIPS = 30
TURNS = 40
# In the panel's page: when the person clicked, and when the tool's result showed; when the first
# streamed text showed. Epoch milliseconds, the fake provider's clock too.
WATCH = """() => {
  window.marks = {};
  document.addEventListener("click", (e) => {
    if (e.target.matches("button.approve")) window.marks.clicked = performance.timeOrigin + performance.now();
  }, true);
  new MutationObserver(() => {
    const now = performance.timeOrigin + performance.now();
    if (!window.marks.done && document.querySelector("section.card.tool details.outcome")) window.marks.done = now;
    const text = document.querySelector("article.msg.assistant .text");
    if (!window.marks.token && text && text.textContent) window.marks.token = now;
  }).observe(document.body, {subtree: true, childList: true, characterData: true});
}"""
FETCH = """async (port) => {
  const t = performance.now();
  await fetch(`http://127.0.0.1:${port}/health`);
  return performance.now() - t;
}"""


def panel() -> None:
    context_build()
    with FakeProvider().running() as fake, tempfile.TemporaryDirectory() as work:
        state = Path(work) / "state"
        state.mkdir()
        provider = {"OPENAI_BASE_URL": fake.openai_base_url, "OPENAI_API_KEY": fake.api_key}
        with running_daemon(state, port=free_port(), forked=False, **provider) as daemon:
            with chromium_with_extension(daemon.port, Path(work), paired=False) as browser:  # the panel pairs
                page = paired(browser.new_page(), daemon)
                round_trips(page, fake, daemon.port)
                first_tokens(page, fake, daemon.port)
            memory(daemon, fake)


def context_build() -> None:
    """A turn's context from 100 KB of evidence: cards, the prompt, the egress stage (redaction, masks counted)."""
    payload = mixed_payload()
    redactor = build_redactor(b"bench-key" * 4)
    lines = payload.splitlines()
    third = len(lines) // 3
    cards = [
        EvidenceCard(kind=kind, title=kind, summary="", count=len(part), lines=part)
        for kind, part in (
            ("errors", lines[:third]),
            ("network", lines[third : 2 * third]),
            ("actions", lines[2 * third :]),
        )
    ]

    def build() -> None:
        prompt = as_prompt("Why does checkout fail?", cards)
        redacted_request(redactor, "openai", "m", "system", [ProviderMessage(role="user", content=prompt)], [], 1024)

    ours = timed(build, 40)
    alone = timed(lambda: redactor.text(payload), 40)
    p95, ref95 = percentiles(ours)[1], percentiles(alone)[1]
    report(
        "panel context build + redact 100 KB, p95",
        p95,
        ref95,
        "ms",
        "reference: redact alone",
        goal="panel.context_build_p95",
    )


def paired(page: Page, daemon: Daemon) -> Page:
    page.goto(EXTENSION_PAGE.format("sidepanel.html"))
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", gasoline_cli(daemon.state_dir, daemon.port, "pair").stdout)
    assert code
    page.locator("#pair-code").fill(code.group(0))
    page.keyboard.press("Enter")
    expect(page.locator("#question")).to_be_visible(timeout=15_000)
    page.locator("#provider").select_option("openai")
    return page


@contextmanager
def new_session(page: Page) -> Iterator[None]:
    """A fresh session (an empty timeline), the page's marks reset."""
    before = page.locator("body").get_attribute("data-session")
    page.locator("#new-session").click()
    wait_for(lambda: page.locator("body").get_attribute("data-session") not in (None, before), 15, "a new session")
    expect(page.locator("#timeline > *")).to_have_count(0)
    page.evaluate(WATCH)
    yield


def ask(page: Page, text: str) -> None:
    page.locator("#question").fill(text)
    page.keyboard.press("Enter")


def fetch_times(page: Page, port: int) -> list[float]:
    return [page.evaluate(FETCH, port) / 1000 for _ in range(TRIPS)]


def round_trips(page: Page, fake: FakeProvider, port: int) -> None:
    """Approve clicked -> the approved action ran -> its result shows in the panel."""
    trips = []
    for _ in range(TRIPS):
        with new_session(page):
            fake.reply(tool_calls=[{"name": "configure", "arguments": {"action": "clear", "buffers": ["logs"]}}])
            fake.reply(text="Done.")
            ask(page, "Empty the logs.")
            page.locator("button.approve").click(timeout=20_000)
            wait_for(lambda: page.evaluate("window.marks.done"), 20, "the approved action's result")
            marks = page.evaluate("window.marks")
            trips.append((marks["done"] - marks["clicked"]) / 1000)
            wait_for(lambda: page.locator("article.msg.assistant[aria-busy='false']").count(), 20, "the turn's end")
    p95, ref95 = percentiles(trips)[1], percentiles(fetch_times(page, port))[1]
    report(
        "panel approval round trip, p95",
        p95,
        ref95,
        "ms",
        "reference: one fetch to the daemon",
        goal="panel.approval_round_trip_p95",
    )


def first_tokens(page: Page, fake: FakeProvider, port: int) -> None:
    """The provider's first byte -> the first streamed text in the panel."""
    delays = []
    for index in range(TRIPS):
        with new_session(page):
            fake.reply(text=f"Streaming answer number {index}, " + "word " * 40)
            ask(page, "Stream something.")
            wait_for(lambda: page.evaluate("window.marks.token"), 20, "the first streamed text")
            shown = page.evaluate("window.marks.token") / 1000
            delays.append(shown - fake.first_bytes[-1])
            wait_for(lambda: page.locator("article.msg.assistant[aria-busy='false']").count(), 20, "the turn's end")
    p50, p95 = percentiles(delays)
    ref50, ref95 = percentiles(fetch_times(page, port))
    report(
        "panel first token after first byte, p50",
        p50,
        ref50,
        "ms",
        "reference: one fetch to the daemon",
        goal="panel.first_token_p50",
    )
    report("panel first token after first byte, p95", p95, ref95, "ms")


def memory(daemon: Daemon, fake: FakeProvider) -> None:
    """The daemon's RSS after turns through the OpenAI SDK (sessions, logs, a stream), beside at rest."""
    with tempfile.TemporaryDirectory() as work, running_daemon(Path(work), port=free_port(), forked=False) as rest:
        at_rest = rss_mib(rest.process.pid)  # a daemon that never served the panel
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", gasoline_cli(daemon.state_dir, daemon.port, "pair").stdout)
    assert code
    token = request_json(daemon.port, "POST", "/panel/pair", None, {"code": code.group(0)})[1]["token"]
    opened = request_json(daemon.port, "POST", "/panel/sessions", token, {"provider": "openai"})[1]
    events = f"/panel/sessions/{opened['session']['session_id']}"
    for index in range(TURNS):
        fake.reply(text=f"Answer {index}: " + "the cart total reads a missing price. " * 10)
        turn = request_json(daemon.port, "POST", events + "/messages", token, {"text": f"Question {index}?"})[1]

        def ended(number: int = turn["turn"]) -> bool:
            kept = request_json(daemon.port, "GET", events + "/events?format=json", token)[1]["events"]
            return any(
                e["type"] == "turn" and e["turn"] == number and e["turn_state"]["state"] != "started" for e in kept
            )

        wait_for(ended, 20, "a turn's end")
    used = rss_mib(daemon.process.pid)
    report(
        f"panel daemon RSS after {TURNS} turns, MiB",
        used - at_rest,
        at_rest,
        "MiB",
        "reference: at rest",
        goal="panel.memory_overhead",
    )

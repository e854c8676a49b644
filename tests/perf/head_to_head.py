"""python3 tasks.py bench, after bench.py: Gasoline beside chrome-devtools-mcp and @playwright/mcp.

The same six questions about one fixture page (head_to_head_site.py) go to each server, each
answered with that server's own natural tool calls, all through one client: the official Python
SDK's ClientSession over stdio. Every browser is Debian's Chromium, headless. For each answer we
report the tool calls' own latency, the characters the model reads (the text of the `content`
items; structuredContent is counted apart), whether it is correct (checked against the fixture's
known facts) and whether a fake secret of the page appears in it verbatim. The table is printed
and written to build/head_to_head.json, every answer's text to build/head_to_head_answers.json.

The peers run on Node 22 from tests/perf/peers (installed by the bench task); a peer that fails or
times out is marked failed and the run goes on. Every wait has a deadline, and every process the
run started is killed at the end, found by a marker in its environment.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import subprocess
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import anyio
from head_to_head_site import FACTS, Site, head_to_head_site
from mcp import ClientSession, StdioServerParameters, stdio_client
from measure import ROOT, free_port
from playwright.async_api import BrowserContext, async_playwright

from gasoline.demo.headless_chromium import CHROMIUM_FLAGS, chromium_path, extension_args, extension_for_port
from gasoline_generated.policy import EXTENSION_ORIGIN
from tests.integration.processes import environment, gasoline_cli, health

PEERS = Path(__file__).with_name("peers")
PEER_BIN = PEERS / "node_modules" / ".bin"
REPORT = ROOT / "build" / "head_to_head.json"
ANSWERS = ROOT / "build" / "head_to_head_answers.json"
LOGS = ROOT / "build" / "head_to_head_logs"
MARKER = "GASOLINE_HEAD_TO_HEAD_RUN"
# Deadlines: one tool call, a server's start-up, opening the page, and everything a server does.
CALL_SECONDS = 60
START_SECONDS = 60
OPEN_SECONDS = 90
SERVER_SECONDS = 240
# Between the page saying its start-up is complete and the first question, the same for every server.
SETTLE_SECONDS = 1.0
SUBMIT = "button[type=submit]"
COUNT_SCRIPT = "() => document.querySelectorAll('ul > li.item').length"


# ---- the questions and their checks -------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, and what the check saw."""

    correct: bool
    note: str


def near(text: str, needle: str, other: str, span: int = 300) -> bool:
    """Whether `other` occurs within `span` characters of some occurrence of `needle`."""
    return any(other in text[max(0, m.start() - span) : m.end() + span] for m in re.finditer(re.escape(needle), text))


def check_errors(text: str, site: Site) -> Verdict:
    error, exception = FACTS.console_error in text, FACTS.exception in text
    return Verdict(
        error and exception,
        f"console error {'yes' if error else 'MISSING'}, exception {'yes' if exception else 'MISSING'}",
    )


def check_failed(text: str, site: Site) -> Verdict:
    named = [f"{path} {status}" for path, status in FACTS.failed if near(text, path, str(status))]
    return Verdict(len(named) == len(FACTS.failed), f"{len(named)}/{len(FACTS.failed)} failed requests with status")


def check_body(text: str, site: Site) -> Verdict:
    seen = sum(sku in text for sku in FACTS.skus)
    return Verdict(seen == len(FACTS.skus), f"{seen}/{len(FACTS.skus)} items of the body")


def check_count(text: str, site: Site) -> Verdict:
    count = str(FACTS.count)
    stated = re.search(
        rf"(?m)^\s*{count}\s*$|\"?(?:matchCount|count|length|total)\"?\s*[:=]\s*{count}\b|^{count} elements? match",
        text,
    )
    return Verdict(stated is not None, f"count {count} {'stated' if stated else 'not stated'}")


def check_accessibility(text: str, site: Site) -> Verdict:
    missing_alt = re.search(r"image-alt|\balt\b", text) is not None
    others = [rule for rule in ("button-name", "color-contrast") if rule in text]
    return Verdict(
        missing_alt,
        f"missing alt {'named' if missing_alt else 'NOT named'}; also {', '.join(others) or 'nothing else'}",
    )


def check_submit(text: str, site: Site) -> Verdict:
    navigated = FACTS.done_path in site.served
    told = FACTS.done_path in text or FACTS.done_title in text
    return Verdict(
        navigated and told,
        f"form {'submitted' if navigated else 'NOT submitted'}, outcome {'reported' if told else 'not reported'}",
    )


@dataclass(frozen=True)
class Question:
    """A question: its id (the adapters' method name), its words, and the check of its answer text."""

    id: str
    prompt: str
    check: Callable[[str, Site], Verdict]


QUESTIONS = (
    Question("errors", "What errors happened (console errors and the uncaught exception)?", check_errors),
    Question("failed_requests", "Which requests failed, with their status?", check_failed),
    Question("list_body", "What did the list request return (its response body)?", check_body),
    Question("item_count", "How many items are in the list?", check_count),
    Question("accessibility", "What accessibility problems does the page have?", check_accessibility),
    Question("submit", "Click the submit button: what happened?", check_submit),
)


# ---- one server's conversation --------------------------------------------------------------------


@dataclass
class Call:
    """One tool call: its latency, the characters of its content text and of its structuredContent."""

    tool: str
    arguments: dict[str, Any]
    ms: float
    chars: int
    structured_chars: int
    is_error: bool
    text: str = field(repr=False)
    structured: Any = field(repr=False)


class Conversation:
    """The tool calls of one question (or of the setup): each timed alone, with what it returned."""

    def __init__(self, session: ClientSession) -> None:
        self.session = session
        self.calls: list[Call] = []
        self.approvals = 0

    async def ask(self, tool: str, arguments: dict[str, Any]) -> Call:
        started = time.perf_counter()
        with deadline(CALL_SECONDS, tool):
            result = await self.session.call_tool(tool, arguments)
        elapsed = (time.perf_counter() - started) * 1000
        text = "".join(item.text for item in result.content if item.type == "text")
        structured = result.structured_content
        size = len(json.dumps(structured, separators=(",", ":"))) if structured is not None else 0
        call = Call(tool, arguments, elapsed, len(text), size, bool(result.is_error), text, structured)
        self.calls.append(call)
        return call

    @property
    def text(self) -> str:
        return "\n".join(call.text for call in self.calls)

    def leaked(self) -> bool:
        seen = self.text + json.dumps([call.structured for call in self.calls])
        return any(secret in seen for secret in FACTS.secrets)


# ---- one adapter per server -----------------------------------------------------------------------


class Adapter:
    """How one server is started, how its page is opened, and its calls for each question (a method
    named after the question's id)."""

    name: ClassVar[str]

    def server(self, work: Path, env: dict[str, str]) -> StdioServerParameters:
        raise NotImplementedError

    async def open(self, talk: Conversation, site: Site, work: Path) -> None:
        raise NotImplementedError

    def discovered(self, tools: list[dict[str, Any]]) -> None:
        """What the server's tools/list offers, for an adapter that picks its calls by it."""

    async def close(self) -> None:
        """Release what open() holds beyond the server process."""


def peer_env(work: Path, env: dict[str, str]) -> dict[str, str]:
    """A peer's environment: Node 22 first on PATH, its own HOME, nothing sent anywhere."""
    home = work / "home"
    home.mkdir(exist_ok=True)
    return {
        **env,
        "PATH": f"{PEER_BIN}{os.pathsep}{env['PATH']}",
        "HOME": str(home),
        "CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS": "1",
        "CHROME_DEVTOOLS_MCP_NO_UPDATE_CHECKS": "1",
        "CHROME_DEVTOOLS_MCP_NO_CONFIG_DISCOVERY": "1",
        "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1",
    }


class Gasoline(Adapter):
    """The stdio bridge (which starts the daemon). Its user opens the page in Chromium with the
    extension, after switching "Capture Network Bodies" and "AI Web Pilot" on in the popup. A click
    waits for a human approval: `gasoline approve` stands in for the human, untimed. Modes are
    chosen by what tools/list publishes (observe failed_requests where this build has it)."""

    name = "gasoline"

    def __init__(self) -> None:
        self.port = free_port()
        self.context: BrowserContext | None = None
        self.playwright: Any = None

    def server(self, work: Path, env: dict[str, str]) -> StdioServerParameters:
        self.state = work / "state"
        self.state.mkdir()
        self.env = environment(self.state, self.port, **{MARKER: env[MARKER]})
        return StdioServerParameters(command=str(ROOT / ".venv" / "bin" / "gasoline"), env=self.env, cwd=work)

    def discovered(self, tools: list[dict[str, Any]]) -> None:
        """Each tool's published modes: the enum of its `what` or `action` parameter."""
        self.modes = {
            tool["name"]: set(prop.get("enum", ()))
            for tool in tools
            for key, prop in tool["inputSchema"].get("properties", {}).items()
            if key in ("what", "action")
        }

    async def open(self, talk: Conversation, site: Site, work: Path) -> None:
        await wait_until(lambda: health(self.port) is not None, 30, "the daemon the bridge starts")
        extension = extension_for_port(self.port, work / "extension")
        flags = [flag for flag in CHROMIUM_FLAGS if flag != "--headless"]
        self.playwright = await async_playwright().start()
        self.context = await self.playwright.chromium.launch_persistent_context(
            str(work / "profile"),
            executable_path=chromium_path(),
            headless=True,
            args=[*flags, *extension_args(extension)],
        )
        if not self.context.service_workers:
            await self.context.wait_for_event("serviceworker", timeout=15_000)
        popup = await self.context.new_page()
        said = gasoline_cli(self.state, self.port, "pair").stdout
        code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", said)
        assert code, said
        await popup.goto(f"{EXTENSION_ORIGIN}/popup.html#pair={code.group(0)}")  # paired as a person pairs it
        await popup.wait_for_selector("#status.connected", timeout=15_000)
        for switch in ("#capture-network-bodies", "#ai-web-pilot"):
            box = popup.locator(switch)
            if not await box.is_checked():
                await box.click()
            assert await box.is_checked(), switch
        await popup.close()
        page = await self.context.new_page()
        await page.goto(site.url)
        await page.wait_for_selector("body[data-ready]", timeout=15_000)
        await page.bring_to_front()

        async def targeted() -> bool:
            result = await talk.session.call_tool("observe", {"what": "page"})
            return ((result.structured_content or {}).get("url") or "").startswith(site.url)

        await wait_until(targeted, 15, "the extension to report the page")

    async def close(self) -> None:
        if self.context is not None:
            await self.context.close()
        if self.playwright is not None:
            await self.playwright.stop()
        with contextlib.suppress(Exception):
            gasoline_cli(self.state, self.port, "stop")

    async def act(self, talk: Conversation, tool: str, arguments: dict[str, Any]) -> Call:
        """A call that may need a human approval: ask, let the human approve, repeat with its id."""
        call = await talk.ask(tool, arguments)
        if call.is_error and (call.structured or {}).get("error") == "approval_required":
            request_id = call.structured["details"]["request_id"]
            approved = await anyio.to_thread.run_sync(gasoline_cli, self.state, self.port, "approve", request_id)
            assert approved.returncode == 0, approved.stderr
            talk.approvals += 1
            call = await talk.ask(tool, {**arguments, "approval_id": request_id})
        return call

    async def errors(self, talk: Conversation) -> None:
        await talk.ask("observe", {"what": "errors"})

    async def failed_requests(self, talk: Conversation) -> None:
        if "failed_requests" in self.modes.get("observe", ()):
            await talk.ask("observe", {"what": "failed_requests"})
        else:  # before that mode: the captured requests, filtered by status
            await talk.ask("observe", {"what": "network_bodies", "status_min": 400})

    async def list_body(self, talk: Conversation) -> None:
        await talk.ask("observe", {"what": "network_bodies", "url_filter": FACTS.list_path})

    async def item_count(self, talk: Conversation) -> None:
        await talk.ask("analyze", {"what": "dom", "selector": "ul > li.item", "summary_only": True})

    async def accessibility(self, talk: Conversation) -> None:
        await talk.ask("analyze", {"what": "accessibility"})

    async def submit(self, talk: Conversation) -> None:
        await self.act(talk, "interact", {"action": "click", "selector": SUBMIT})  # it reports what the click caused


class ChromeDevtools(Adapter):
    """chrome-devtools-mcp: pages are addressed by id, elements by the uid of a snapshot."""

    name = "chrome-devtools-mcp"
    page = 0

    def server(self, work: Path, env: dict[str, str]) -> StdioServerParameters:
        arguments = [
            str(PEER_BIN / "chrome-devtools-mcp"),
            "--headless",
            f"--executablePath={chromium_path()}",
            "--isolated",
            "--chromeArg=--no-sandbox",
            "--no-usage-statistics",
            "--no-performance-crux",
        ]
        return StdioServerParameters(command=str(PEER_BIN / "node"), args=arguments, env=peer_env(work, env), cwd=work)

    async def open(self, talk: Conversation, site: Site, work: Path) -> None:
        self.reports = work / "lighthouse"
        pages = await talk.ask("new_page", {"url": site.url})
        self.page = int(found(r"(?m)^(\d+): .*\[selected\]", pages.text))
        await talk.ask("wait_for", {"pageId": self.page, "text": [FACTS.ready_text]})

    async def errors(self, talk: Conversation) -> None:
        await talk.ask("list_console_messages", {"pageId": self.page, "types": ["error"]})

    async def failed_requests(self, talk: Conversation) -> None:
        await talk.ask("list_network_requests", {"pageId": self.page})

    async def list_body(self, talk: Conversation) -> None:
        listed = await talk.ask("list_network_requests", {"pageId": self.page, "resourceTypes": ["fetch", "xhr"]})
        request = int(found(rf"reqid=(\d+) GET \S*{re.escape(FACTS.list_path)}\b", listed.text))
        await talk.ask("get_network_request", {"pageId": self.page, "reqid": request})

    async def item_count(self, talk: Conversation) -> None:
        await talk.ask("evaluate_script", {"pageId": self.page, "function": COUNT_SCRIPT})

    async def accessibility(self, talk: Conversation) -> None:
        arguments = {"pageId": self.page, "mode": "snapshot", "outputDirPath": str(self.reports)}
        await talk.ask("lighthouse_audit", arguments)

    async def submit(self, talk: Conversation) -> None:
        snapshot = await talk.ask("take_snapshot", {"pageId": self.page})
        button = found(r'uid=(\S+) button "Subscribe"', snapshot.text)
        await talk.ask("click", {"pageId": self.page, "uid": button})


class PlaywrightMcp(Adapter):
    """@playwright/mcp: one page; requests by their index in the list, elements by ref or selector."""

    name = "playwright-mcp"

    def server(self, work: Path, env: dict[str, str]) -> StdioServerParameters:
        arguments = [
            str(PEER_BIN / "playwright-mcp"),
            "--headless",
            f"--executable-path={chromium_path()}",
            "--isolated",
            "--no-sandbox",
            f"--output-dir={work / 'playwright-output'}",
        ]
        return StdioServerParameters(command=str(PEER_BIN / "node"), args=arguments, env=peer_env(work, env), cwd=work)

    async def open(self, talk: Conversation, site: Site, work: Path) -> None:
        await talk.ask("browser_navigate", {"url": site.url})
        await talk.ask("browser_wait_for", {"text": FACTS.ready_text})

    async def errors(self, talk: Conversation) -> None:
        await talk.ask("browser_console_messages", {"level": "error"})

    async def failed_requests(self, talk: Conversation) -> None:
        await talk.ask("browser_network_requests", {"static": False})

    async def list_body(self, talk: Conversation) -> None:
        listed = await talk.ask("browser_network_requests", {"static": False})
        index = int(found(rf"(?m)^(\d+)\. \[GET\] \S*{re.escape(FACTS.list_path)}\b", listed.text))
        await talk.ask("browser_network_request", {"index": index, "part": "response-body"})

    async def item_count(self, talk: Conversation) -> None:
        await talk.ask("browser_evaluate", {"function": COUNT_SCRIPT})

    async def accessibility(self, talk: Conversation) -> None:
        await talk.ask("browser_snapshot", {})

    async def submit(self, talk: Conversation) -> None:
        await talk.ask("browser_click", {"target": SUBMIT, "element": "Subscribe button"})


ADAPTERS: tuple[type[Adapter], ...] = (Gasoline, ChromeDevtools, PlaywrightMcp)


def found(pattern: str, text: str) -> str:
    """The first group of pattern in a server's answer (ValueError naming the pattern if absent)."""
    match = re.search(pattern, text)
    if match is None:
        raise ValueError(f"the answer has no {pattern!r}")
    return match.group(1)


async def wait_until(condition: Callable[[], Any], seconds: float, what: str) -> None:
    """Poll a (possibly async) condition until it holds, within a deadline."""
    until = time.monotonic() + seconds
    while True:
        value = condition()
        if isinstance(value, Awaitable):
            value = await value
        if value:
            return
        if time.monotonic() > until:
            raise TimeoutError(f"{what}: not within {seconds} s")
        await anyio.sleep(0.05)


# ---- running one server ----------------------------------------------------------------------------


@dataclass
class Answer:
    """One server's answer to one question, as reported."""

    calls: list[dict[str, Any]]
    ms: float
    chars: int
    structured_chars: int
    correct: bool
    leaked: bool
    note: str
    approvals: int = 0
    failed: str | None = None


def summarize(talk: Conversation, verdict: Verdict | None, failure: str | None) -> Answer:
    calls = [
        {
            "tool": call.tool,
            "arguments": call.arguments,
            "ms": round(call.ms, 1),
            "chars": call.chars,
            "structured_chars": call.structured_chars,
            "is_error": call.is_error,
        }
        for call in talk.calls
    ]
    return Answer(
        calls=calls,
        ms=round(sum(call.ms for call in talk.calls), 1),
        chars=sum(call.chars for call in talk.calls),
        structured_chars=sum(call.structured_chars for call in talk.calls),
        correct=verdict.correct if verdict and not failure else False,
        leaked=talk.leaked(),
        note=verdict.note if verdict else "",
        approvals=talk.approvals,
        failed=failure,
    )


def describe(error: BaseException) -> str:
    """One line for an error, the first leaf of an exception group."""
    while isinstance(error, BaseExceptionGroup) and error.exceptions:
        error = error.exceptions[0]
    if isinstance(error, TimeoutError):
        return f"timeout: {error}"
    return f"{type(error).__name__}: {error}"[:300]


@contextlib.contextmanager
def deadline(seconds: float, what: str) -> Iterator[None]:
    """Cancel the block after `seconds`, with a TimeoutError that says what did not answer."""
    try:
        with anyio.fail_after(seconds):
            yield
    except TimeoutError as error:
        if str(error):
            raise
        raise TimeoutError(f"{what}: no answer within {seconds:g} s") from None


async def run_server(adapter: Adapter, site: Site, env: dict[str, str]) -> dict[str, Any]:
    """Start the server, open the page, ask every question; whatever fails is recorded, not raised."""
    outcome: dict[str, Any] = {"startup": {}, "answers": {}, "texts": {}, "failed": None}
    LOGS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="h2h-") as scratch, (LOGS / f"{adapter.name}.stderr.log").open("w") as log:
        work = Path(scratch)
        try:
            with deadline(SERVER_SECONDS, "the whole run of this server"):
                await converse(adapter, site, work, env, log, outcome)
        except Exception as error:
            outcome["failed"] = describe(error)
        finally:
            with anyio.move_on_after(30, shield=True), contextlib.suppress(Exception):
                await adapter.close()
    for question in QUESTIONS:
        outcome["answers"].setdefault(question.id, asdict(summarize_failed(outcome["failed"] or "not asked")))
    return outcome


def summarize_failed(reason: str) -> Answer:
    return Answer([], 0.0, 0, 0, False, False, "", failed=reason)


async def converse(
    adapter: Adapter, site: Site, work: Path, env: dict[str, str], log: Any, outcome: dict[str, Any]
) -> None:
    parameters = adapter.server(work, env)
    started = time.perf_counter()
    async with stdio_client(parameters, errlog=log) as (read, write), ClientSession(read, write) as session:
        with deadline(START_SECONDS, "initialize"):
            initialized = await session.initialize()
        ready = time.perf_counter()
        with deadline(START_SECONDS, "tools/list"):
            tools = await session.list_tools()
        listed = time.perf_counter()
        payload = [tool.model_dump(mode="json", by_alias=True, exclude_none=True) for tool in tools.tools]
        outcome["version"] = initialized.server_info.version
        adapter.discovered(payload)
        outcome["startup"] = {
            "initialize_ms": round((ready - started) * 1000, 1),
            "tools_list_ms": round((listed - ready) * 1000, 1),
            "tools": len(payload),
            "tools_list_chars": len(json.dumps(payload, separators=(",", ":"))),
        }
        setup = Conversation(session)
        opening = time.perf_counter()
        with deadline(OPEN_SECONDS, "opening the page"):
            await adapter.open(setup, site, work)
        outcome["startup"]["open_page_ms"] = round((time.perf_counter() - opening) * 1000, 1)
        outcome["startup"]["open_page_calls"] = [call.tool for call in setup.calls]
        await anyio.sleep(SETTLE_SECONDS)  # the user asks once the page has loaded, not within its first instant
        for question in QUESTIONS:
            talk = Conversation(session)
            site.reset()
            failure: str | None = None
            try:
                await getattr(adapter, question.id)(talk)
            except Exception as error:
                failure = describe(error)
            if question.id == "submit":  # the navigation may land just after the click answers
                with contextlib.suppress(TimeoutError):
                    await wait_until(lambda: FACTS.done_path in site.served, 5, "the form's page")
            verdict = question.check(talk.text, site)
            outcome["answers"][question.id] = asdict(summarize(talk, verdict, failure))
            outcome["texts"][question.id] = [
                {"tool": call.tool, "arguments": call.arguments, "text": call.text, "structured": call.structured}
                for call in talk.calls
            ]


# ---- reporting -------------------------------------------------------------------------------------


def cell(answer: dict[str, Any]) -> str:
    if answer["failed"]:
        return f"FAILED ({answer['failed'].split(':')[0]})"
    verdict = "ok" if answer["correct"] else "WRONG"
    leak = " LEAK" if answer["leaked"] else ""
    return f"{answer['ms']:7.0f} ms {answer['chars']:6d} ch {verdict}{leak}"


def totals(answers: dict[str, dict[str, Any]]) -> dict[str, Any]:
    done = [answer for answer in answers.values() if not answer["failed"]]
    return {
        "ms": round(sum(answer["ms"] for answer in done), 1),
        "chars": sum(answer["chars"] for answer in done),
        "structured_chars": sum(answer["structured_chars"] for answer in done),
        "correct": sum(answer["correct"] for answer in answers.values()),
        "questions": len(answers),
        "leaks": sum(answer["leaked"] for answer in answers.values()),
        "failed": sum(bool(answer["failed"]) for answer in answers.values()),
        "approvals": sum(answer["approvals"] for answer in answers.values()),
    }


def total_cell(total: dict[str, Any]) -> str:
    return f"{total['ms']:7.0f} ms {total['chars']:6d} ch {total['correct']}/{total['questions']} ok"


def call_name(call: dict[str, Any]) -> str:
    """A call as the table names it: the tool, and its mode where it has one."""
    mode = call["arguments"].get("what") or call["arguments"].get("action")
    return f"{call['tool']}({mode})" if mode else call["tool"]


def print_report(results: dict[str, dict[str, Any]], seconds: float, chromium: str) -> None:
    """The table: start-up, then a row per question (latency of its calls, characters read, check,
    LEAK when a fake secret shows verbatim), totals, and what each answer's check found."""
    names = list(results)
    sums = {name: totals(results[name]["answers"]) for name in names}

    def row(label: str, cells: list[str]) -> None:
        print(f"{label:<22}" + "".join(f"{text:<34}" for text in cells).rstrip())

    print(f"\nhead-to-head: {len(QUESTIONS)} questions about one page, one MCP client (stdio), {chromium} headless")
    print(f"(latency: the tool calls only; ch: characters of content text; questions start {SETTLE_SECONDS:g} s after")
    print(" the page says its start-up is complete; human approvals are not timed)\n")
    row("", names)
    row("version", [str(results[name].get("version")) for name in names])
    for label, key, unit in (
        ("spawn -> initialize", "initialize_ms", " ms"),
        ("tools/list", "tools_list_ms", " ms"),
        ("tools/list size", "tools_list_chars", " chars"),
        ("tools listed", "tools", ""),
        ("open the page (setup)", "open_page_ms", " ms"),
    ):
        row(label, [f"{results[name]['startup'].get(key, '-')}{unit}" for name in names])
    row("question", ["latency   chars   correct" for _ in names])
    for question in QUESTIONS:
        row(question.id, [cell(results[name]["answers"][question.id]) for name in names])
    row("total", [total_cell(total) for total in sums.values()])
    row("answers with a secret", [str(total["leaks"]) for total in sums.values()])
    row("structuredContent", [f"{total['structured_chars']} chars" for total in sums.values()])
    row("human approvals", [str(total["approvals"]) for total in sums.values()])
    print("\nper answer: the calls made and what the check found")
    for question in QUESTIONS:
        for name in names:
            answer = results[name]["answers"][question.id]
            calls = ", ".join(call_name(call) for call in answer["calls"]) or "-"
            print(f"  {question.id:<16} {name:<20} {calls:<52} {answer['failed'] or answer['note']}")
    for name in names:
        if results[name]["failed"]:
            print(f"  {name} failed: {results[name]['failed']} (stderr: {LOGS / (name + '.stderr.log')})")


def kill_marked(run: str) -> None:
    """Kill every process this run started (browsers included), found by the marker it inherited."""
    marker = f"{MARKER}={run}".encode()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        with contextlib.suppress(OSError):
            if marker in (entry / "environ").read_bytes().split(b"\0"):
                os.kill(int(entry.name), signal.SIGKILL)


def chromium_version() -> str:
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        shown = subprocess.run([chromium_path(), "--version"], capture_output=True, text=True, timeout=30)
        return shown.stdout.split(" built on ")[0].strip()
    return "unknown"


async def run_all(run: str) -> dict[str, dict[str, Any]]:
    env = {**os.environ, MARKER: run}
    results: dict[str, dict[str, Any]] = {}
    with head_to_head_site() as site:
        for adapter_type in ADAPTERS:
            adapter = adapter_type()
            print(f"head-to-head: {adapter.name} ...", end=" ", flush=True)
            started = time.monotonic()
            results[adapter.name] = await run_server(adapter, site, env)
            state = f"failed: {results[adapter.name]['failed']}" if results[adapter.name]["failed"] else "done"
            print(f"{state} in {time.monotonic() - started:.1f} s", flush=True)
    return results


def main() -> None:
    run = uuid.uuid4().hex
    os.environ[MARKER] = run  # every process started from here on carries it
    started = time.monotonic()
    try:
        results = anyio.run(run_all, run, backend="asyncio")
    finally:
        kill_marked(run)
    seconds = time.monotonic() - started
    chromium = chromium_version()
    print_report(results, seconds, chromium)
    report = {
        "seconds": round(seconds, 1),
        "chromium": chromium,
        "settle_seconds": SETTLE_SECONDS,
        "questions": [{"id": question.id, "prompt": question.prompt} for question in QUESTIONS],
        "servers": {
            name: {
                "version": result.get("version"),
                "failed": result["failed"],
                "startup": result["startup"],
                "answers": result["answers"],
                "totals": totals(result["answers"]),
            }
            for name, result in results.items()
        },
    }
    REPORT.parent.mkdir(parents=True, exist_ok=True)
    REPORT.write_text(json.dumps(report, indent=2) + "\n")
    ANSWERS.write_text(json.dumps({name: result["texts"] for name, result in results.items()}, indent=1) + "\n")
    print(f"\nwritten: {REPORT.relative_to(ROOT)}, every answer's text: {ANSWERS.relative_to(ROOT)}")


if __name__ == "__main__":
    main()

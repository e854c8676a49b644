"""The composition root: every service of a daemon is built here, once, and each handler, route and
transport is handed only the services it uses. The daemon and the tests build through create_daemon."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import MISSING

from gasoline_generated.dispatch import MODES, handler_table
from gasoline_generated.handler_protocols import ToolHandlers
from gasoline_generated.models import ProjectConfig
from gasoline_generated.policy import APPROVAL_CLASSES, APPROVAL_REQUEST_TTL_SECONDS, LIMITS

from .capture.extension import ExtensionLink
from .capture.store import CaptureStore
from .code.tools import CodeTools
from .commands.browser import Browser
from .commands.channel import CommandChannel
from .control.backend import Backend
from .core.background import BackgroundCalls
from .core.catalog import SERVER_INFO
from .core.clock import ServerClock
from .core.dispatch import Dispatcher
from .core.local_tools import LocalTools
from .core.protocol import McpServer
from .core.results import Continuations
from .handlers.analyze import AnalyzeHandlers
from .handlers.configure import ConfigureHandlers
from .handlers.interact import InteractHandlers
from .handlers.observe import ObserveHandlers
from .panel.actions import RecentActions
from .panel.agent import AgentLoop, RunLimits
from .panel.evidence import Evidence
from .panel.mcp_sessions import McpSessions
from .panel.pairing import Pairing
from .panel.panel_tools import PanelTools
from .panel.providers.registry import Providers
from .panel.sessions import SessionLog
from .panel.watch import AgentWatch
from .panel.watch_poster import WatchPoster
from .safety.approvals import Allowance, ApprovalEngine
from .safety.audit import AuditTrail
from .safety.redaction import Redactor, UnavailableRedactor, build_redactor
from .state import DaemonFiles, installation_key
from .text_forms import ModelText
from .transports.http import Sessions
from .transports.status import TransportStatus
from .workspace.config import CONFIG_FILE, ProjectConfigError, load_project_config
from .workspace.workspaces import Workspaces


@dataclass(frozen=True)
class DaemonConfig:
    """What a daemon is built from."""

    files: DaemonFiles | None = None  # its state directory; None: nothing on disk, and fresh keys (tests)
    # whose .gasoline/config.yaml gives the daemon-wide sections (redaction, approvals, panel); None: none
    project: Path | None = None


@dataclass(frozen=True)
class Services:
    """The daemon's long-lived state and the services around it, one of each."""

    clock: ServerClock
    redactor: Redactor
    approvals: ApprovalEngine
    extension: ExtensionLink
    captured: CaptureStore
    commands: CommandChannel
    browser: Browser
    background: BackgroundCalls
    continuations: Continuations
    transports: TransportStatus
    workspaces: Workspaces
    code: CodeTools
    backend: Backend
    sessions: SessionLog
    actions: RecentActions
    watch: AgentWatch
    pairing: Pairing
    providers: Providers


@dataclass(frozen=True)
class Panel:
    """The agent panel's daemon side: what its routes use."""

    sessions: SessionLog
    loop: AgentLoop
    watch: AgentWatch
    pairing: Pairing
    providers: Providers


@dataclass(frozen=True)
class Daemon:
    """A built daemon: its services, the one tool-call path, and the MCP server every transport serves."""

    config: DaemonConfig
    services: Services
    handlers: ToolHandlers
    dispatcher: Dispatcher
    tools: LocalTools
    server: McpServer
    sessions: Sessions
    panel: Panel


def create_daemon(config: DaemonConfig | None = None, services: Services | None = None) -> Daemon:
    """A daemon built from its configuration, or around the given services (a test's, to replace one)."""
    config = config or DaemonConfig()
    services = services or create_services(config)
    handlers = create_handlers(config, services)
    dispatcher = Dispatcher(
        MODES,
        handler_table(handlers, services.browser),
        services.approvals,
        services.extension,
        services.background,
        ModelText(),
    )
    recorder = McpSessions(services.sessions, services.actions, LIMITS.panel.recorded_result_chars)
    tools = LocalTools(dispatcher, services.redactor, services.continuations, LIMITS.results.max_result_bytes, recorder)
    server = McpServer(SERVER_INFO, tools, opened=recorder.opened)
    return Daemon(
        config,
        services,
        handlers,
        dispatcher,
        tools,
        server,
        Sessions(LIMITS.mcp.session_idle_seconds, LIMITS.mcp.max_sessions),
        create_panel(services, dispatcher),
    )


def create_panel(services: Services, dispatcher: Dispatcher) -> Panel:
    """The panel's agent loop over the one dispatcher, and agent_watch's runs through it, read-only."""
    limits = LIMITS.panel
    tools = PanelTools(dispatcher, services.redactor, limits.tool_result_chars, services.actions)
    evidence = Evidence(tools, services.actions, limits.evidence_entries)
    question = RunLimits(steps=limits.agent_steps, tokens=None, most="destructive")
    loop = AgentLoop(
        services.sessions, tools, evidence, services.providers, services.redactor, services.approvals,
        limits.answer_tokens, question,
    )  # fmt: skip
    watched = RunLimits(steps=limits.watch_steps, tokens=limits.watch_tokens, most="read_only")
    WatchPoster(services.sessions, loop, evidence, services.redactor, watched, services.watch).start()
    return Panel(services.sessions, loop, services.watch, services.pairing, services.providers)


def create_handlers(config: DaemonConfig, services: Services) -> ToolHandlers:
    """Each tool's handler, holding only the services its modes use."""
    return ToolHandlers(
        observe=ObserveHandlers(
            services.captured,
            services.extension,
            services.background,
            services.continuations,
            services.backend,
            services.code,
        ),
        analyze=AnalyzeHandlers(services.browser),
        interact=InteractHandlers(services.browser, services.workspaces, services.code, services.backend),
        configure=ConfigureHandlers(
            MODES.values(),
            services.clock,
            services.captured,
            services.extension,
            services.redactor,
            services.approvals,
            services.background,
            services.transports,
            config.files.log if config.files else None,
            services.backend,
            services.watch,
        ),
    )


def create_services(config: DaemonConfig) -> Services:
    files = config.files
    key = installation_key(files.root) if files else secrets.token_bytes(32)
    try:
        project = load_project_config(config.project) if config.project else ProjectConfig()
        source = str(config.project / CONFIG_FILE) if config.project else "the project's config"
        redactor = build_redactor(key, project_patterns(project), source)
    except ProjectConfigError as error:
        project, redactor = ProjectConfig(), UnavailableRedactor(str(error), "unavailable")
    audit = AuditTrail(files.root / f"approvals-{files.port}.jsonl" if files else None, redactor)
    extension = ExtensionLink()
    approvals = ApprovalEngine(
        APPROVAL_CLASSES,
        APPROVAL_REQUEST_TTL_SECONDS,
        redactor,
        audit,
        project_allowances(project),
        extension.tab_scope,
    )
    commands = CommandChannel()
    panel = LIMITS.panel
    watch = AgentWatch(panel.watch_fingerprints)
    captured = CaptureStore()
    captured.listen(watch.observe)
    workspaces = Workspaces()
    return Services(
        clock=ServerClock(),
        redactor=redactor,
        approvals=approvals,
        extension=extension,
        captured=captured,
        commands=commands,
        browser=Browser(commands, extension),
        background=BackgroundCalls(),
        continuations=Continuations(LIMITS.results.continuation_seconds, LIMITS.results.continuations),
        transports=TransportStatus(),
        workspaces=workspaces,
        code=CodeTools(workspaces),
        backend=Backend(redactor, workspaces),
        sessions=SessionLog(
            files.sessions if files else None,
            redactor,
            panel.session_idle_seconds,
            panel.max_sessions,
            panel.session_events,
        ),
        actions=RecentActions(),
        watch=watch,
        pairing=Pairing(files.panel_token if files else None, panel.pairing_code_seconds, panel.pairing_attempts),
        providers=Providers(project.panel if project.panel is not MISSING else None),
    )


def project_patterns(config: ProjectConfig) -> list[dict[str, Any]]:
    """The project's own secret patterns (none when the file leaves the section out)."""
    if config.redaction is MISSING or config.redaction.patterns is MISSING:
        return []
    return [pattern.model_dump() for pattern in config.redaction.patterns]


def project_allowances(config: ProjectConfig) -> list[Allowance]:
    """The modes the project lets run without asking (none when the file leaves the section out)."""
    if config.approvals is MISSING or config.approvals.allow is MISSING:
        return []
    return [Allowance(a.tool, a.mode, None if a.scope is MISSING else a.scope) for a in config.approvals.allow]

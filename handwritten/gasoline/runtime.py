"""Process-wide facts and services, handed to every handler class when it is built."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import MISSING

from gasoline_generated.models import ProjectConfig
from gasoline_generated.policy import APPROVAL_CLASSES, APPROVAL_REQUEST_TTL_SECONDS, LIMITS

from . import __version__
from .capture.extension import ExtensionLink
from .capture.store import CaptureStore
from .commands.background import BackgroundCalls
from .commands.browser import Browser
from .commands.channel import CommandChannel
from .core.results import Continuations
from .project import CONFIG_FILE, ProjectConfigError, load_project_config
from .safety.approvals import Allowance, ApprovalEngine
from .safety.audit import AuditTrail
from .safety.redaction import Redactor, UnavailableRedactor, build_redactor
from .state import DaemonFiles, installation_key

# What the daemon's transports report for health: {"http": {...}, "stdio": {...}}.
TransportStatus = Callable[[], dict]


def _continuations() -> Continuations:
    return Continuations(LIMITS.results.continuation_seconds, LIMITS.results.continuations)


@dataclass
class Runtime:
    version: str
    started_at: datetime
    started_monotonic: float
    redactor: Redactor
    approvals: ApprovalEngine
    extension: ExtensionLink
    captured: CaptureStore = field(default_factory=CaptureStore)
    commands: CommandChannel = field(default_factory=CommandChannel)
    background: BackgroundCalls = field(default_factory=BackgroundCalls)
    continuations: Continuations = field(default_factory=_continuations)
    transport_status: TransportStatus | None = None
    log_file: Path | None = None

    @classmethod
    def start(cls, files: DaemonFiles | None = None, project: Path | None = None) -> Runtime:
        """The runtime of a daemon (with its state files) or of a test (with none, and fresh keys)."""
        key = installation_key(files.root) if files else secrets.token_bytes(32)
        try:
            config = load_project_config(project) if project else ProjectConfig()
            source = str(project / CONFIG_FILE) if project else "the project's config"
            redactor = build_redactor(key, _project_patterns(config), source)
        except ProjectConfigError as error:
            config, redactor = ProjectConfig(), UnavailableRedactor(str(error), "unavailable")
        allowances = _project_allowances(config)
        audit = AuditTrail(files.root / f"approvals-{files.port}.jsonl" if files else None, redactor)
        extension = ExtensionLink()
        approvals = ApprovalEngine(
            APPROVAL_CLASSES, APPROVAL_REQUEST_TTL_SECONDS, redactor, audit, allowances, extension.tab_scope
        )
        return cls(
            __version__,
            datetime.now(UTC),
            time.monotonic(),
            redactor,
            approvals,
            extension,
            log_file=files.log if files else None,
        )

    @property
    def browser(self) -> Browser:
        """Runs commands in the browser for the handlers."""
        return Browser(self.commands, self.extension)

    def uptime_seconds(self) -> float:
        return time.monotonic() - self.started_monotonic


def _project_patterns(config: ProjectConfig) -> list[dict[str, Any]]:
    """The project's own secret patterns (none when the file leaves the section out)."""
    if config.redaction is MISSING or config.redaction.patterns is MISSING:
        return []
    return [pattern.model_dump() for pattern in config.redaction.patterns]


def _project_allowances(config: ProjectConfig) -> list[Allowance]:
    """The modes the project lets run without asking (none when the file leaves the section out)."""
    if config.approvals is MISSING or config.approvals.allow is MISSING:
        return []
    return [Allowance(a.tool, a.mode, None if a.scope is MISSING else a.scope) for a in config.approvals.allow]

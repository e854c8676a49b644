"""agent_watch's poster: what the watch let through goes to the panel's conversation as an
AgentContextEnvelope, and a run starts whose tool calls may only read, on the poster's own thread."""

from __future__ import annotations

import contextlib
import json
import logging
import secrets
import threading
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from gasoline.safety.redaction import Redactor
from gasoline_generated.models import AgentContextEnvelope, EvidenceCard

from .agent import AgentLoop, RunLimits, SessionBusy, Turn
from .evidence import Evidence, context_evidence
from .sessions import SessionLog, UnknownSession
from .watch import Admitted, AgentWatch, WatchSettings

logger = logging.getLogger(__name__)


class WatchPoster:
    """Posts what the watch let through to the panel's conversation, and starts a read-only run."""

    def __init__(
        self,
        log: SessionLog,
        loop: AgentLoop,
        evidence: Evidence,
        redactor: Redactor,
        limits: RunLimits,
        watch: AgentWatch,
    ) -> None:
        self.log = log
        self.loop = loop
        self.evidence = evidence
        self.redactor = redactor
        self.limits = limits
        self.watch = watch

    def start(self) -> None:
        """Take what the watch lets through, one at a time, for as long as the daemon runs."""
        threading.Thread(target=self._work, name="gasoline-watch-poster", daemon=True).start()

    def _work(self) -> None:
        while True:
            admitted = self.watch.admitted.get()
            try:
                self.post(admitted)
            except Exception:  # the poster goes on whatever one post did
                logger.exception("agent_watch could not post an event")

    def post(self, admitted: Admitted) -> None:
        session_id = self._session(admitted.settings)
        cards = self.evidence.gather()
        envelope = self._envelope(admitted, session_id, cards)
        session = self.log.get(session_id)
        turn = session.turns + 1
        provider = session.provider if isinstance(session.provider, str) else self.loop.providers.default
        self.log.update(session_id, turns=turn)
        self.log.append(session_id, "watch", turn, watch=envelope)
        question = f"agent_watch saw {envelope.summary}. What went wrong, and what should the developer look at?"
        with contextlib.suppress(SessionBusy):  # the envelope is in the conversation; the run under way goes on
            self.loop.start(Turn(session_id, turn, provider, question, "watch", self.limits, cards))

    def _envelope(self, admitted: Admitted, session_id: str, cards: Sequence[EvidenceCard]) -> AgentContextEnvelope:
        """Seed 002's Agent Context Envelope: what fired, where, the evidence, and its masks counted."""
        event = admitted.event
        where = {"tab_id": event.get("tabId"), "url": event.get("url") or event.get("pageUrl")}
        drafted: dict[str, Any] = {
            "context_id": "ctx_" + secrets.token_hex(8),
            "session_id": session_id,
            "trigger": admitted.trigger,
            "fingerprint": admitted.fingerprint,
            "summary": f"{admitted.trigger.replace('_', ' ')}: {admitted.message}"[:500],
            "evidence": context_evidence(cards).model_dump(),
            "redaction": {"policy_version": self.redactor.version, "redacted_count": 0, "blocked": False},
            "created_at": datetime.now(UTC),
        } | {key: value for key, value in where.items() if value}
        masks = sum(found["count"] for found in self.redactor.masks_in(json.dumps(drafted, default=str)))
        drafted["redaction"] = {**drafted["redaction"], "redacted_count": masks}
        return AgentContextEnvelope.model_validate(drafted)

    def _session(self, settings: WatchSettings) -> str:
        """The session to post to: the one set, else the panel's latest, else a new one."""
        if settings.session_id is not None:
            try:
                return self.log.get(settings.session_id).session_id
            except UnknownSession:
                pass
        panels = [session for session in self.log.sessions() if session.transport == "panel"]
        session_id = panels[0].session_id if panels else self.log.open("panel", "agent-watch").session_id
        self.watch.use_session(session_id)
        return session_id

"""The evidence a turn starts from: the page, its errors, its failed requests and the actions taken
in it, read through the same read-only tool modes an MCP client would call, redacted. Each kind is
a card the panel shows, and the lines of every card are what the model reads: all of them in one
fence that marks them as the page's data, not instructions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

from gasoline.text_forms.untrusted import fenced
from gasoline_generated.models import ContextEvidence, EvidenceCard

from .actions import RecentActions
from .panel_tools import PanelTools, Ran
from .providers.base import EVIDENCE_HEADING

Kind = Literal["errors", "network", "actions", "page", "tool_result"]


class Evidence:
    def __init__(self, tools: PanelTools, actions: RecentActions, entries: int) -> None:
        self.tools = tools
        self.actions = actions
        self.entries = entries

    def gather(self) -> list[EvidenceCard]:
        page = self.tools.run("observe", {"what": "page"}, fence=False)
        errors = self.tools.run("observe", {"what": "errors", "limit": self.entries}, fence=False)
        network = self.tools.run("observe", {"what": "failed_requests", "limit": self.entries}, fence=False)
        actions = self.actions.newest(self.entries)
        return [
            card("page", "Page", page),
            card("errors", "Errors", errors),
            card("network", "Failed requests", network),
            EvidenceCard(
                kind="actions",
                title="Actions",
                summary=f"{len(actions)} recent" if actions else "none taken",
                count=len(actions),
                lines=actions,
            ),
        ]


def card(kind: Kind, title: str, ran: Ran) -> EvidenceCard:
    lines = ran.text.splitlines() if ran.ok else [f"unavailable: {ran.text}"]
    total = ran.structured.get("total", ran.structured.get("count"))
    count = total if isinstance(total, int) else (1 if ran.ok else 0)
    shown: dict[str, Any] = {"kind": kind, "title": title, "count": count, "lines": lines}
    if ran.ok:
        shown["detail"] = ran.structured
    shown["summary"] = summary_of(kind, count, lines)
    return EvidenceCard.model_validate(shown)


def summary_of(kind: Kind, count: int, lines: list[str]) -> str:
    """A card's one line: for a list, how many and the newest (its text form's first line is a count)."""
    if kind not in ("errors", "network"):
        return lines[0] if lines else "none"
    if not count:
        return "none"
    newest = lines[1] if len(lines) > 1 else lines[0]
    return f"{count}, newest: {newest[:160]}"


def as_prompt(question: str, cards: Sequence[EvidenceCard], question_from_page: bool = False) -> str:
    """The question, then each card's lines in one fence: what the model is asked. The person's
    question stands outside the fence; one that quotes the page (agent_watch's) has its own."""
    lines = []
    for shown in cards:
        lines.append(f"## {shown.title} ({shown.count})")
        lines.extend(shown.lines or ["none"])
    asked = fenced(question) if question_from_page else question
    return "\n".join(
        [asked, "", f"{EVIDENCE_HEADING} (secrets are masked as [REDACTED:...]):", fenced("\n".join(lines))]
    )


def context_evidence(cards: Sequence[EvidenceCard]) -> ContextEvidence:
    """The cards in a context envelope's form."""
    by_kind = {shown.kind: shown.lines for shown in cards if shown.count}
    return ContextEvidence(
        errors=by_kind.get("errors", []),
        network=by_kind.get("network", []),
        actions=by_kind.get("actions", []),
        command_results=[],
    )

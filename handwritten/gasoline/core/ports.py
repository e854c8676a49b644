"""What core needs from the layers above it, said as protocols: the composition root hands core
the concrete services (the approval engine, the extension link, the redactor, the text forms), so
core imports none of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # annotations only: a result's module stays light to import (the bridge's start)
    from pydantic import BaseModel

    from gasoline.contract import ModeEntry, MutationClass
    from gasoline_generated.models import HealthRedaction, SyncRequest

    from .requesters import Requester


class ApprovalGate(Protocol):
    def check(
        self,
        entry: ModeEntry,
        mutation: MutationClass,
        params: BaseModel,
        arguments: Mapping[str, Any],
        approval_id: str | None,
        describe: Callable[[], str] | None = None,
        requester: Requester | None = None,
        allow_list: bool = True,
    ) -> int | None:
        """Let the call run (the tab a redeemed approval binds it to, None: the tab in front), or
        raise the ToolFailure that stops it."""
        ...


class ExtensionState(Protocol):
    def current(self) -> SyncRequest | None:
        """The extension's last sync while it counts as connected (its settings: AI Web Pilot's switch)."""
        ...


class ResultRedactor(Protocol):
    version: str

    def value(self, data: Any) -> Any:
        """The data with every secret masked; raises RedactionUnavailable when it cannot be."""
        ...

    def masks_in(self, text: str) -> list[dict[str, Any]]:
        """How many masks of each class the text carries."""
        ...

    def stats(self) -> HealthRedaction: ...


class TextForms(Protocol):
    """How a successful result reads for a model."""

    def text(self, form: tuple[str, str], structured: dict[str, Any], model: BaseModel | None = None) -> str:
        """The (tool, mode)'s compact text of the structured result; model: the same result as its
        generated model, when the caller has it (read instead of validating `structured` again)."""
        ...

    def from_page(self, form: tuple[str, str], structured: dict[str, Any]) -> bool:
        """Whether the text holds what a page wrote."""
        ...

    def fenced(self, text: str) -> str:
        """The text fenced as the page's data, not instructions."""
        ...

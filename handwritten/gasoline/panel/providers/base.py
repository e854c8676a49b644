"""What every model provider offers the agent loop, and how its failures look."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from gasoline_generated.models import ProviderHealth, ProviderReply, ProviderRequest

# Called with each piece of the answer's text as it arrives, for the panel's stream.
TextSink = Callable[[str], None]

# Generating is not idempotent (a second try is a second answer, and a second bill): it is sent
# once. Asking whether a provider answers is, and is tried this many times in all.
HEALTH_ATTEMPTS = 3


class ProviderFailure(Exception):
    """A provider did not answer usably. The message is safe to show: it names the provider, what
    happened and the HTTP status, never a key or the request."""


@dataclass(frozen=True)
class ProviderSettings:
    """Where a provider is and which model to ask. A key or base URL left None comes from the SDK's
    own environment variables (OPENAI_API_KEY, OPENAI_BASE_URL, ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL)."""

    model: str
    base_url: str | None = None
    api_key: str | None = None
    timeout_s: float = 60.0


class ModelProvider(Protocol):
    name: str

    def health(self) -> ProviderHealth:
        """Whether the provider answers (its model list), never raising."""
        ...

    def generate(self, request: ProviderRequest, on_text: TextSink) -> ProviderReply:
        """The model's answer to a redacted request, its text streamed to on_text; ProviderFailure
        when there is none."""
        ...

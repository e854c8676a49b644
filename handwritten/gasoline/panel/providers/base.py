"""What every model provider offers the agent loop, and how its failures look."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, Literal, Protocol, Self, TypeVar

from gasoline_generated.models import ProviderHealth, ProviderReply, ProviderRequest
from gasoline_generated.policy import LIMITS

# Where the evidence begins in a turn's question: what the offline provider reads.
EVIDENCE_HEADING = "Evidence from the page"

# Called with each piece of the answer's text as it arrives, for the panel's stream.
TextSink = Callable[[str], None]

# Generating is not idempotent (a second try is a second answer, and a second bill): it is sent
# once. Asking whether a provider answers is, and is tried this many times in all, each try
# waiting this long at most (the panel's header asks; it must not hang on a dead provider).


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
    @property
    def name(self) -> str: ...

    def health(self) -> ProviderHealth:
        """Whether the provider answers (its model list), never raising."""
        ...

    def generate(self, request: ProviderRequest, on_text: TextSink) -> ProviderReply:
        """The model's answer to a redacted request, its text streamed to on_text; ProviderFailure
        when there is none."""
        ...


def safe(error: BaseException) -> str:
    """What went wrong, without anything the request carried: the error's kind and HTTP status."""
    status = getattr(error, "status_code", None)
    kind = type(error).__name__
    return f"{kind} (HTTP {status})" if status else kind


class SdkClient(Protocol):
    """What both official SDKs' clients offer the adapters in common."""

    @property
    def models(self) -> Any: ...

    def with_options(self, *, max_retries: int, timeout: float | None = None) -> Self: ...


Client = TypeVar("Client", bound=SdkClient)


class SdkProvider(Generic[Client]):
    """A provider reached through its official SDK: one client, made on first use (the SDK is
    imported then, so the daemon starts without it), and health as its model list."""

    name: Literal["openai", "anthropic"]

    def __init__(self, settings: ProviderSettings) -> None:
        self.settings = settings
        self._client: Client | None = None

    def new_client(self) -> Client:
        raise NotImplementedError

    def client(self, retries: int = 0, timeout: float | None = None) -> Client:
        if self._client is None:
            self._client = self.new_client()
        return self._client.with_options(max_retries=retries, timeout=timeout or self.settings.timeout_s)

    def health(self) -> ProviderHealth:
        started = time.perf_counter()
        answer = {"provider": self.name, "model": self.settings.model}
        try:
            self.client(
                LIMITS.panel.provider_health_attempts - 1, LIMITS.panel.provider_health_timeout_seconds
            ).models.list()
        except Exception as error:  # a provider's failure is an answer here
            return ProviderHealth.model_validate(answer | {"reachable": False, "error": safe(error)})
        latency = round((time.perf_counter() - started) * 1000, 1)
        return ProviderHealth.model_validate(answer | {"reachable": True, "latency_ms": latency})

"""Which providers the panel can ask, as the project's config and the SDKs' environment variables
say, and whether each answers. Keys come from the daemon's environment only: never from the
extension, a page or the project's file."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Mapping
from typing import Literal, get_args

from pydantic import MISSING

from gasoline_generated.models import ProjectPanel, ProjectProvider, ProviderHealth
from gasoline_generated.policy import LIMITS

from .anthropic_provider import AnthropicProvider
from .base import ModelProvider, ProviderSettings
from .offline import OfflineProvider
from .openai_provider import OpenAIProvider

ProviderName = Literal["openai", "anthropic", "none"]
PROVIDER_NAMES: tuple[ProviderName, ...] = get_args(ProviderName)
DEFAULT_MODELS = {"openai": "gpt-4.1-mini", "anthropic": "claude-sonnet-4-5", "none": "evidence"}
# What says a provider is set up: one of its SDK's variables.
SDK_VARIABLES = {
    "openai": ("OPENAI_API_KEY", "OPENAI_BASE_URL"),
    "anthropic": ("ANTHROPIC_API_KEY", "ANTHROPIC_BASE_URL"),
}


class Providers:
    def __init__(self, config: ProjectPanel | None = None, environ: Mapping[str, str] = os.environ) -> None:
        self.config = config or ProjectPanel()
        self.environ = environ
        self._made: dict[ProviderName, ModelProvider] = {}
        self._health: tuple[float, list[ProviderHealth]] | None = None
        self._lock = threading.Lock()

    @property
    def default(self) -> ProviderName:
        if self.config.provider is not MISSING:
            return self.config.provider
        return next((name for name in ("openai", "anthropic") if self.configured(name)), "none")

    def configured(self, name: ProviderName) -> bool:
        """Whether the provider has somewhere to go: a base URL, or a key, in the config or the environment."""
        if name == "none":
            return True
        own = self._own(name)
        if own.base_url is not MISSING or (own.api_key_env is not MISSING and self.environ.get(own.api_key_env)):
            return True
        return any(self.environ.get(variable) for variable in SDK_VARIABLES[name])

    def model(self, name: ProviderName) -> str:
        own = self._own(name) if name != "none" else ProjectProvider()
        return own.model if own.model is not MISSING else DEFAULT_MODELS[name]

    def get(self, name: ProviderName) -> ModelProvider:
        with self._lock:
            if name not in self._made:
                self._made[name] = self._make(name)
            return self._made[name]

    def health(self) -> list[ProviderHealth]:
        """Each provider and whether it answers; one not set up is not asked."""
        with self._lock:
            if self._health is not None and time.monotonic() - self._health[0] < LIMITS.panel.provider_health_seconds:
                return self._health[1]
        answers = [self._health_of(name) for name in PROVIDER_NAMES]
        with self._lock:
            self._health = (time.monotonic(), answers)
        return answers

    def _health_of(self, name: ProviderName) -> ProviderHealth:
        if not self.configured(name):
            variables = " or ".join(SDK_VARIABLES[name])
            return ProviderHealth(
                provider=name, model=self.model(name), reachable=False, error=f"not set up: set {variables}"
            )
        return self.get(name).health()

    def _own(self, name: Literal["openai", "anthropic"]) -> ProjectProvider:
        own = self.config.openai if name == "openai" else self.config.anthropic
        return own if own is not MISSING else ProjectProvider()

    def _make(self, name: ProviderName) -> ModelProvider:
        if name == "none":
            return OfflineProvider()
        own = self._own(name)
        settings = ProviderSettings(
            model=self.model(name),
            base_url=own.base_url if own.base_url is not MISSING else None,
            api_key=self.environ.get(own.api_key_env) if own.api_key_env is not MISSING else None,
        )
        return OpenAIProvider(settings) if name == "openai" else AnthropicProvider(settings)

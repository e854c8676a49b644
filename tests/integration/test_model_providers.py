"""The agent panel's model providers, through the providers' official SDKs, against a fake
provider on 127.0.0.1 that speaks the real OpenAI and Anthropic APIs: answers stream, tool calls
arrive whole, only the redacted request is ever sent (nothing at all when redaction fails), every
failure of a provider is a safe ProviderFailure that leaves the adapter usable, and the SDKs are
not imported until a provider is used."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from gasoline.panel.egress import EgressBlocked, ProviderName, redacted_request
from gasoline.panel.providers.anthropic_provider import AnthropicProvider
from gasoline.panel.providers.base import ModelProvider, ProviderFailure, ProviderSettings
from gasoline.panel.providers.offline import OfflineProvider
from gasoline.panel.providers.openai_provider import OpenAIProvider
from gasoline.safety.redaction import UnavailableRedactor, build_redactor
from gasoline_generated.models import ProviderMessage, ProviderRequest, ProviderTool

from ..fakes.model_provider import FakeProvider
from ..unit.secret_corpus import corpus

OBSERVE = ProviderTool(name="observe", description="Read what was captured.", input_schema={"type": "object"})


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with FakeProvider().running() as running:
        yield running


def provider(name: str, fake: FakeProvider, key: str | None = None) -> ModelProvider:
    if name == "openai":
        return OpenAIProvider(ProviderSettings("gpt-test", fake.openai_base_url, key or fake.api_key, timeout_s=2))
    return AnthropicProvider(ProviderSettings("claude-test", fake.anthropic_base_url, key or fake.api_key, timeout_s=2))


def ask(name: ProviderName, text: str, redactor: Any = None) -> ProviderRequest:
    messages = [ProviderMessage(role="user", content=text)]
    redactor = redactor or build_redactor(b"k" * 32, [], "test")
    return redacted_request(redactor, name, "model-x", "You help with the page.", messages, [OBSERVE], 256)


@pytest.mark.parametrize("name", ["openai", "anthropic"])
def test_an_answer_streams_and_tool_calls_arrive_whole(name: ProviderName, fake: FakeProvider) -> None:
    adapter = provider(name, fake)
    fake.reply(text="The total reads the price of a line that has none.")
    pieces: list[str] = []
    answer = adapter.generate(ask(name, "Why does checkout fail?"), pieces.append)
    assert answer.text == "The total reads the price of a line that has none." == "".join(pieces)
    assert len(pieces) > 1 and answer.stop_reason == "end" and answer.tool_calls == []

    fake.reply(tool_calls=[{"name": "observe", "arguments": {"what": "errors", "limit": 5}}])
    called = adapter.generate(ask(name, "Look at the errors."), pieces.append)
    assert called.stop_reason == "tool_calls"
    assert [(c.name, c.arguments) for c in called.tool_calls] == [("observe", {"what": "errors", "limit": 5})]
    assert called.tool_calls[0].id, "the call's id, which its result will name"
    sent = fake.requests[-1]["body"]
    assert json.dumps(sent).count("observe") >= 1 and sent["model"] == "model-x"


@pytest.mark.parametrize("name", ["openai", "anthropic"])
def test_only_the_redacted_request_reaches_the_provider(name: ProviderName, fake: FakeProvider) -> None:
    secrets = corpus()
    evidence = "\n".join(secret.line for secret in secrets)
    request = ask(name, f"The page logged this:\n{evidence}")
    assert request.redaction.redacted_count >= len(secrets) and request.redaction.blocked is False
    provider(name, fake).generate(request, lambda text: None)
    received = json.dumps(fake.requests[-1])
    leaks = [s.format for s in secrets if any(len(f) >= 12 and f in received for f in s.value.split())]
    assert not leaks, leaks
    assert "[REDACTED:" in received


def test_nothing_is_sent_when_redaction_fails(fake: FakeProvider) -> None:
    with pytest.raises(EgressBlocked) as blocked:
        ask("openai", "token ghp_" + "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x", UnavailableRedactor("no policy", "v"))
    assert blocked.value.redaction.blocked is True
    assert fake.requests == [], "no request was built, so none was sent"


@pytest.mark.parametrize("name", ["openai", "anthropic"])
@pytest.mark.parametrize("kind", ["status_500", "status_429", "timeout", "malformed_stream", "drop"])
def test_a_failing_provider_is_a_safe_error_and_the_next_call_works(
    name: ProviderName, kind: str, fake: FakeProvider
) -> None:
    adapter = provider(name, fake)
    fake.fail_next(kind)
    with pytest.raises(ProviderFailure) as failure:
        adapter.generate(ask(name, "Why?"), lambda text: None)
    message = str(failure.value)
    assert message.startswith(f"{name}: ") and fake.api_key not in message and "Why?" not in message
    assert len(fake.requests) == 1, "generating is not retried: a second try would be a second answer"
    fake.release()
    fake.reply(text="fine now")
    assert adapter.generate(ask(name, "And now?"), lambda text: None).text == "fine now"


@pytest.mark.parametrize("name", ["openai", "anthropic"])
def test_health_says_whether_the_provider_answers(name: ProviderName, fake: FakeProvider) -> None:
    healthy = provider(name, fake).health()
    assert healthy.reachable is True and healthy.latency_ms >= 0
    refused = provider(name, fake, key="wrong-key").health()
    assert refused.reachable is False and "401" in refused.error and "wrong-key" not in refused.error


def test_the_offline_provider_answers_from_the_evidence() -> None:
    evidence = "Page: /checkout\nTypeError: Cannot read properties of undefined\nGET /api/cart -> 500\nAll else fine"
    pieces: list[str] = []
    answer = OfflineProvider().generate(ask("none", evidence), pieces.append)
    assert "TypeError: Cannot read properties of undefined" in answer.text and "/api/cart -> 500" in answer.text
    assert "All else fine" not in answer.text and answer.text == "".join(pieces) and answer.tool_calls == []


def test_the_daemon_starts_without_the_providers_sdks() -> None:
    modules = (
        "gasoline.composition, gasoline.panel.providers.openai_provider, gasoline.panel.providers.anthropic_provider"
    )
    probe = f"import sys, {modules}; print(sorted({{'openai', 'anthropic'}} & set(sys.modules)))"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "[]"

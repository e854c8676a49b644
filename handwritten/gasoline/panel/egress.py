"""The egress stage: a ProviderRequest is built only from redacted text. If the redaction policy
cannot be applied, nothing is sent (EgressBlocked), whatever the caller wanted to send."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Literal

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.redaction import Redactor
from gasoline_generated.models import EgressRedaction, ProviderMessage, ProviderRequest, ProviderTool

ProviderName = Literal["openai", "anthropic", "none"]


class EgressBlocked(Exception):
    """Redaction failed: the request was not built, and must not be sent."""

    def __init__(self, reason: str, redaction: EgressRedaction) -> None:
        super().__init__(reason)
        self.redaction = redaction


def redacted_request(
    redactor: Redactor,
    provider: ProviderName,
    model: str,
    system: str,
    messages: Sequence[ProviderMessage],
    tools: Sequence[ProviderTool],
    max_tokens: int,
) -> ProviderRequest:
    """The request as it may leave the machine: system text, messages (and the arguments of the tool
    calls they carry) through the egress stage; the tools' published schemas are the project's own."""
    raw = {"system": system, "messages": [message.model_dump(mode="json") for message in messages]}
    try:
        safe = redactor.for_model(raw)
    except RedactionUnavailable as error:
        raise EgressBlocked(str(error), EgressRedaction(policy_version=redactor.version, redacted_count=0,
                                                        blocked=True)) from error  # fmt: skip
    masks = sum(found["count"] for found in redactor.masks_in("\n".join(strings_in(safe))))
    return ProviderRequest.model_validate(
        {
            "provider": provider,
            "model": model,
            "system": safe["system"],
            "messages": safe["messages"],
            "tools": [tool.model_dump(mode="json") for tool in tools],
            "max_tokens": max_tokens,
            "redaction": {"policy_version": redactor.version, "redacted_count": masks, "blocked": False},
        }
    )


def strings_in(data: Any) -> Iterator[str]:
    """Every string in JSON-like data, keys too: the masks a JSON text of it carries, without writing
    one (a mask holds no quote, no escape and no line break, so none runs across two strings)."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings_in(key)
            yield from strings_in(value)
    elif isinstance(data, list):
        for item in data:
            yield from strings_in(item)

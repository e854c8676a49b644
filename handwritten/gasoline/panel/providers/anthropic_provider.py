"""Anthropic's messages API through its official SDK (ANTHROPIC_BASE_URL reaches any server that
speaks it)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import MISSING

from gasoline_generated.models import ProviderReply, ProviderRequest

from .base import ProviderFailure, SdkProvider, TextSink, safe

if TYPE_CHECKING:
    from anthropic import Anthropic

STOP_REASONS = {"end_turn": "end", "stop_sequence": "end", "tool_use": "tool_calls", "max_tokens": "max_tokens"}


class AnthropicProvider(SdkProvider["Anthropic"]):
    name = "anthropic"

    def new_client(self) -> Anthropic:
        from anthropic import Anthropic

        return Anthropic(
            api_key=self.settings.api_key, base_url=self.settings.base_url, timeout=self.settings.timeout_s
        )

    def generate(self, request: ProviderRequest, on_text: TextSink) -> ProviderReply:
        from anthropic import omit

        tools: Any = [tool.model_dump(mode="json") for tool in request.tools]
        system = request.system if request.system is not MISSING else ""
        try:
            with self.client().messages.stream(
                model=request.model,
                max_tokens=request.max_tokens,
                messages=wire_messages(request),
                system=system or omit,
                tools=tools or omit,
            ) as stream:
                for text in stream.text_stream:
                    on_text(text)
                final = stream.get_final_message()
        except Exception as error:
            raise ProviderFailure(f"anthropic: {safe(error)}") from error
        return ProviderReply.model_validate(
            {
                "provider": "anthropic",
                "model": request.model,
                "text": "".join(block.text for block in final.content if block.type == "text"),
                "tool_calls": [
                    {"id": block.id, "name": block.name, "arguments": block.input}
                    for block in final.content
                    if block.type == "tool_use"
                ],
                "stop_reason": STOP_REASONS.get(final.stop_reason or "end_turn", "end"),
                "input_tokens": final.usage.input_tokens,
                "output_tokens": final.usage.output_tokens,
            }
        )


def wire_messages(request: ProviderRequest) -> Any:
    """The conversation in the messages API's form: tool calls as tool_use blocks of the assistant's
    turn, and tool results as tool_result blocks of a user turn."""
    messages: list[dict[str, Any]] = []
    for message in request.messages:
        if message.role == "tool":
            answered = message.tool_call_id if message.tool_call_id is not MISSING else ""
            block = {"type": "tool_result", "tool_use_id": answered, "content": message.content}
            messages.append({"role": "user", "content": [block]})
        elif message.tool_calls is not MISSING and message.tool_calls:
            blocks: list[dict[str, Any]] = [{"type": "text", "text": message.content}] if message.content else []
            blocks += [
                {"type": "tool_use", "id": c.id, "name": c.name, "input": c.arguments} for c in message.tool_calls
            ]
            messages.append({"role": "assistant", "content": blocks})
        else:
            messages.append({"role": message.role, "content": message.content})
    return messages

"""OpenAI's chat completions through its official SDK: OpenAI itself, or any server that speaks
the API (Ollama, llama.cpp, vLLM) at OPENAI_BASE_URL."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from pydantic import MISSING

from gasoline_generated.models import ProviderReply, ProviderRequest

from .base import ProviderFailure, SdkProvider, TextSink, safe

if TYPE_CHECKING:
    from openai import OpenAI

STOP_REASONS = {"stop": "end", "tool_calls": "tool_calls", "length": "max_tokens"}


class OpenAIProvider(SdkProvider["OpenAI"]):
    name = "openai"

    def new_client(self) -> OpenAI:
        from openai import OpenAI

        return OpenAI(api_key=self.settings.api_key, base_url=self.settings.base_url, timeout=self.settings.timeout_s)

    def generate(self, request: ProviderRequest, on_text: TextSink) -> ProviderReply:
        from openai import omit

        tools: Any = [wire_tool(tool.model_dump(mode="json")) for tool in request.tools]
        try:
            stream = self.client().chat.completions.create(
                model=request.model,
                messages=wire_messages(request),
                tools=tools or omit,
                max_completion_tokens=request.max_tokens,
                stream=True,
                stream_options={"include_usage": True},
            )
            return collected(request, stream, on_text)
        except ProviderFailure:
            raise
        except Exception as error:
            raise ProviderFailure(f"openai: {safe(error)}") from error


def wire_messages(request: ProviderRequest) -> Any:
    """The conversation in chat-completions form: the system text first, tool calls as functions."""
    system = request.system if request.system is not MISSING else ""
    messages: list[dict[str, Any]] = [{"role": "system", "content": system}] if system else []
    for message in request.messages:
        entry: dict[str, Any] = {"role": message.role, "content": message.content}
        if message.tool_calls is not MISSING and message.tool_calls:
            entry["tool_calls"] = [
                {"id": call.id, "type": "function",
                 "function": {"name": call.name, "arguments": json.dumps(call.arguments)}}
                for call in message.tool_calls
            ]  # fmt: skip
        if message.tool_call_id is not MISSING:
            entry["tool_call_id"] = message.tool_call_id
        messages.append(entry)
    return messages


def wire_tool(tool: dict[str, Any]) -> dict[str, Any]:
    function = {"name": tool["name"], "description": tool["description"], "parameters": tool["input_schema"]}
    return {"type": "function", "function": function}


def collected(request: ProviderRequest, stream: Any, on_text: TextSink) -> ProviderReply:
    """The streamed chunks put together: text passed on as it comes, tool calls by their index."""
    text: list[str] = []
    calls: dict[int, dict[str, str]] = {}
    finish, usage = "stop", None
    for chunk in stream:
        usage = chunk.usage or usage
        for choice in chunk.choices:
            delta = choice.delta
            if delta.content:
                text.append(delta.content)
                on_text(delta.content)
            for call in delta.tool_calls or []:
                found = calls.setdefault(call.index, {"id": "", "name": "", "arguments": ""})
                found["id"] = call.id or found["id"]
                if call.function is not None:
                    found["name"] += call.function.name or ""
                    found["arguments"] += call.function.arguments or ""
            finish = choice.finish_reason or finish
    reply: dict[str, Any] = {
        "provider": "openai",
        "model": request.model,
        "text": "".join(text),
        "tool_calls": [tool_call(calls[index]) for index in sorted(calls)],
        "stop_reason": STOP_REASONS.get(finish, "end"),
    }
    if usage is not None:
        reply |= {"input_tokens": usage.prompt_tokens, "output_tokens": usage.completion_tokens}
    return ProviderReply.model_validate(reply)


def tool_call(call: dict[str, str]) -> dict[str, Any]:
    try:
        arguments = json.loads(call["arguments"] or "{}")
    except ValueError as error:
        raise ProviderFailure(f"openai: the arguments of {call['name']!r} are not JSON") from error
    if not isinstance(arguments, dict) or not call["id"] or not call["name"]:
        raise ProviderFailure(f"openai: a tool call without an id, a name or an arguments object ({call['name']!r})")
    return {"id": call["id"], "name": call["name"], "arguments": arguments}

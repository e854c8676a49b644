"""The fake model provider, driven by the real OpenAI and Anthropic SDKs: if they accept its answers and
raise their own errors for its failures, tests that use it exercise what real providers would do."""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import pytest

from ..fakes.model_provider import DEFAULT_TEXT, FakeProvider
from .processes import wait_for

# The SDKs are imported in the functions that use them: each takes seconds to import, and every
# test process collects this file, most of them without running a test of it.
if TYPE_CHECKING:
    import anthropic
    import openai

    Client = openai.OpenAI | anthropic.Anthropic


def sdk(api: str) -> ModuleType:
    """The SDK a test's parameter names."""
    return importlib.import_module(api)


MODEL = "fake-model"
MAX_TOKENS = 64
MESSAGES: list[Any] = [{"role": "user", "content": "What is the weather in Paris?"}]
# Multi-byte characters, so streamed pieces must join back into the same text.
TEXT = "Il fait 21 °C à Paris — ensoleillé, avec un léger vent."
WEATHER = {"name": "get_weather", "arguments": {"city": "Paris", "units": "celsius", "days": [1, 2, 3]}}
CLOCK = {"name": "get_time", "arguments": {"timezone": "Europe/Paris"}}
PARAMETERS = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
OPENAI_TOOLS: list[Any] = [{"type": "function", "function": {"name": "get_weather", "parameters": PARAMETERS}}]
ANTHROPIC_TOOLS: list[Any] = [{"name": "get_weather", "input_schema": PARAMETERS}]
APIS = ["openai", "anthropic"]


@pytest.fixture
def fake() -> Iterator[FakeProvider]:
    with FakeProvider().running() as running:
        yield running


@pytest.fixture
def make_client(fake: FakeProvider) -> Iterator[Callable[..., Client]]:
    """SDK clients of the fake: no retries and a 5 s timeout unless told otherwise; closed after the test."""
    import anthropic
    import openai

    made: list[Client] = []

    def make(api: str, **options: Any) -> Client:
        settings = {"api_key": fake.api_key, "max_retries": 0, "timeout": 5.0, **options}
        if api == "openai":
            client: Client = openai.OpenAI(base_url=fake.openai_base_url, **settings)
        else:
            client = anthropic.Anthropic(base_url=fake.anthropic_base_url, **settings)
        made.append(client)
        return client

    yield make
    for client in made:
        client.close()


@pytest.fixture
def openai_client(make_client: Callable[..., Client]) -> openai.OpenAI:
    import openai

    client = make_client("openai")
    assert isinstance(client, openai.OpenAI)
    return client


@pytest.fixture
def anthropic_client(make_client: Callable[..., Client]) -> anthropic.Anthropic:
    import anthropic

    client = make_client("anthropic")
    assert isinstance(client, anthropic.Anthropic)
    return client


def ask(client: Client, stream: bool = False) -> str:
    """Send MESSAGES; the answer's text (streamed pieces joined)."""
    import openai

    if isinstance(client, openai.OpenAI):
        if stream:
            chunks = client.chat.completions.create(model=MODEL, messages=MESSAGES, stream=True)
            return "".join(chunk.choices[0].delta.content or "" for chunk in chunks if chunk.choices)
        return client.chat.completions.create(model=MODEL, messages=MESSAGES).choices[0].message.content or ""
    if stream:
        with client.messages.stream(model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES) as events:
            return events.get_final_text()
    message = client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES)
    return "".join(block.text for block in message.content if block.type == "text")


# ---- OpenAI ----


def test_openai_text(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    fake.reply(text=TEXT)
    completion = openai_client.chat.completions.create(model=MODEL, messages=MESSAGES)

    choice = completion.choices[0]
    assert (choice.message.content, choice.message.tool_calls, choice.finish_reason) == (TEXT, None, "stop")
    assert completion.usage is not None
    assert completion.usage.total_tokens == completion.usage.prompt_tokens + completion.usage.completion_tokens
    [request] = fake.requests
    assert (request["api"], request["path"]) == ("openai", "/v1/chat/completions")
    assert request["body"] == {"model": MODEL, "messages": MESSAGES}
    assert request["headers"]["authorization"] == "Bearer test-key"


def test_openai_streamed_text_with_usage(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    fake.reply(text=TEXT)
    chunks = list(
        openai_client.chat.completions.create(
            model=MODEL, messages=MESSAGES, stream=True, stream_options={"include_usage": True}
        )
    )

    pieces = [chunk.choices[0].delta.content for chunk in chunks if chunk.choices and chunk.choices[0].delta.content]
    assert "".join(pieces) == TEXT
    assert len(pieces) > 1
    assert [chunk.choices[0].finish_reason for chunk in chunks if chunk.choices][-1] == "stop"
    assert chunks[-1].choices == []
    assert chunks[-1].usage is not None and chunks[-1].usage.completion_tokens > 0
    assert all(chunk.usage is None for chunk in chunks[:-1])
    assert fake.requests[0]["body"] == {
        "model": MODEL,
        "messages": MESSAGES,
        "stream": True,
        "stream_options": {"include_usage": True},
    }


def test_openai_streamed_tool_calls_accumulate(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    fake.reply(tool_calls=[WEATHER, CLOCK])
    calls: dict[int, dict[str, str]] = {}
    argument_pieces = 0
    finish_reasons = []
    for chunk in openai_client.chat.completions.create(model=MODEL, messages=MESSAGES, tools=OPENAI_TOOLS, stream=True):
        for choice in chunk.choices:
            for delta in choice.delta.tool_calls or []:
                call = calls.setdefault(delta.index, {"id": "", "name": "", "arguments": ""})
                call["id"] += delta.id or ""
                if delta.function is not None:
                    call["name"] += delta.function.name or ""
                    call["arguments"] += delta.function.arguments or ""
                    argument_pieces += bool(delta.function.arguments)
            finish_reasons.append(choice.finish_reason)

    assert [(call["name"], json.loads(call["arguments"])) for call in calls.values()] == [
        (WEATHER["name"], WEATHER["arguments"]),
        (CLOCK["name"], CLOCK["arguments"]),
    ]
    assert all(call["id"].startswith("call_") for call in calls.values())
    assert argument_pieces > len(calls)
    assert [reason for reason in finish_reasons if reason] == ["tool_calls"]
    assert fake.requests[0]["body"] == {"model": MODEL, "messages": MESSAGES, "tools": OPENAI_TOOLS, "stream": True}


def test_openai_text_and_tool_call(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    fake.reply(text=TEXT, tool_calls=[WEATHER])
    completion = openai_client.chat.completions.create(model=MODEL, messages=MESSAGES, tools=OPENAI_TOOLS)

    message = completion.choices[0].message
    assert message.content == TEXT
    [call] = message.tool_calls or []
    assert call.type == "function"
    assert (call.function.name, json.loads(call.function.arguments)) == (WEATHER["name"], WEATHER["arguments"])
    assert completion.choices[0].finish_reason == "tool_calls"
    assert fake.requests[0]["body"] == {"model": MODEL, "messages": MESSAGES, "tools": OPENAI_TOOLS}


def test_openai_stream_helper_builds_the_final_completion(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    fake.reply(text=TEXT, tool_calls=[WEATHER])
    with openai_client.chat.completions.stream(model=MODEL, messages=MESSAGES, tools=OPENAI_TOOLS) as stream:
        final = stream.get_final_completion()

    message = final.choices[0].message
    assert message.content == TEXT
    [call] = message.tool_calls or []
    assert json.loads(call.function.arguments) == WEATHER["arguments"]


# ---- Anthropic ----


def test_anthropic_text(fake: FakeProvider, anthropic_client: anthropic.Anthropic) -> None:
    fake.reply(text=TEXT)
    message = anthropic_client.messages.create(model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES)

    assert [(block.type, getattr(block, "text", None)) for block in message.content] == [("text", TEXT)]
    assert (message.stop_reason, message.model) == ("end_turn", MODEL)
    assert message.usage.input_tokens > 0 and message.usage.output_tokens > 0
    [request] = fake.requests
    assert (request["api"], request["path"]) == ("anthropic", "/v1/messages")
    assert request["body"] == {"model": MODEL, "max_tokens": MAX_TOKENS, "messages": MESSAGES}
    assert "anthropic-version" in request["headers"]


def test_anthropic_streamed_text(fake: FakeProvider, anthropic_client: anthropic.Anthropic) -> None:
    fake.reply(text=TEXT)
    with anthropic_client.messages.stream(model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES) as stream:
        pieces = list(stream.text_stream)
        final = stream.get_final_message()

    assert "".join(pieces) == TEXT
    assert len(pieces) > 1
    assert final.stop_reason == "end_turn"
    assert final.usage.output_tokens > 1
    assert fake.requests[0]["body"] == {"model": MODEL, "max_tokens": MAX_TOKENS, "messages": MESSAGES, "stream": True}


def test_anthropic_streamed_tool_call(fake: FakeProvider, anthropic_client: anthropic.Anthropic) -> None:
    fake.reply(text=TEXT, tool_calls=[WEATHER, CLOCK])
    with anthropic_client.messages.stream(
        model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES, tools=ANTHROPIC_TOOLS
    ) as stream:
        final = stream.get_final_message()

    assert [block.type for block in final.content] == ["text", "tool_use", "tool_use"]
    tool_uses = [block for block in final.content if block.type == "tool_use"]
    assert [(block.name, block.input) for block in tool_uses] == [
        (WEATHER["name"], WEATHER["arguments"]),
        (CLOCK["name"], CLOCK["arguments"]),
    ]
    assert all(block.id.startswith("toolu_") for block in tool_uses)
    assert final.stop_reason == "tool_use"
    assert fake.requests[0]["body"] == {
        "model": MODEL,
        "max_tokens": MAX_TOKENS,
        "messages": MESSAGES,
        "tools": ANTHROPIC_TOOLS,
        "stream": True,
    }


def test_anthropic_stream_events_come_in_the_api_order(
    fake: FakeProvider, anthropic_client: anthropic.Anthropic
) -> None:
    fake.reply(text="Hi", tool_calls=[CLOCK])
    events = list(
        anthropic_client.messages.create(
            model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES, tools=ANTHROPIC_TOOLS, stream=True
        )
    )

    arguments = "".join(
        event.delta.partial_json
        for event in events
        if event.type == "content_block_delta" and event.delta.type == "input_json_delta"
    )
    assert json.loads(arguments) == CLOCK["arguments"]
    deltas = [event.delta.type for event in events if event.type == "content_block_delta"]
    assert [event.type for event in events] == [
        "message_start",
        "content_block_start",
        "content_block_delta",
        "content_block_stop",
        "content_block_start",
        *["content_block_delta"] * deltas.count("input_json_delta"),
        "content_block_stop",
        "message_delta",
        "message_stop",
    ]
    assert deltas[0] == "text_delta"
    message_delta = events[-2]
    assert message_delta.type == "message_delta" and message_delta.delta.stop_reason == "tool_use"


def test_anthropic_tool_call(fake: FakeProvider, anthropic_client: anthropic.Anthropic) -> None:
    fake.reply(tool_calls=[WEATHER])
    message = anthropic_client.messages.create(
        model=MODEL, max_tokens=MAX_TOKENS, messages=MESSAGES, tools=ANTHROPIC_TOOLS
    )

    [block] = message.content
    assert block.type == "tool_use"
    assert (block.name, block.input) == (WEATHER["name"], WEATHER["arguments"])
    assert message.stop_reason == "tool_use"


def test_anthropic_accepts_the_key_as_x_api_key(
    fake: FakeProvider, make_client: Callable[..., Client], monkeypatch: pytest.MonkeyPatch
) -> None:
    for variable in ("ANTHROPIC_API_KEY", "ANTHROPIC_AUTH_TOKEN"):
        monkeypatch.delenv(variable, raising=False)

    assert ask(make_client("anthropic", api_key=None, default_headers={"x-api-key": fake.api_key})) == DEFAULT_TEXT
    headers = fake.requests[0]["headers"]
    assert (headers["x-api-key"], "authorization" in headers) == (fake.api_key, False)


def test_anthropic_refuses_a_wrong_x_api_key_beside_the_right_bearer(make_client: Callable[..., Client]) -> None:
    import anthropic

    with pytest.raises(anthropic.AuthenticationError):
        ask(make_client("anthropic", default_headers={"x-api-key": "wrong-key"}))


# ---- Both ----


@pytest.mark.parametrize("api", APIS)
def test_models(make_client: Callable[..., Client], api: str) -> None:
    assert [model.id for model in make_client(api).models.list()] == [MODEL]


def test_replies_are_used_in_order_then_the_default(
    fake: FakeProvider, openai_client: openai.OpenAI, anthropic_client: anthropic.Anthropic
) -> None:
    fake.reply(text="first")
    fake.reply(text="second")

    assert [ask(openai_client), ask(anthropic_client, stream=True), ask(openai_client)] == [
        "first",
        "second",
        DEFAULT_TEXT,
    ]
    assert [request["api"] for request in fake.requests] == ["openai", "anthropic", "openai"]


@pytest.mark.parametrize("api", APIS)
def test_a_wrong_key_is_refused_in_the_apis_error_shape(
    fake: FakeProvider, make_client: Callable[..., Client], api: str
) -> None:
    fake.reply(text="kept for the next answer")
    with pytest.raises(sdk(api).AuthenticationError) as refused:
        ask(make_client(api, api_key="wrong-key"))

    assert refused.value.status_code == 401
    body = refused.value.body
    assert isinstance(body, dict)
    if api == "openai":
        assert (body["type"], body["code"]) == ("invalid_request_error", "invalid_api_key")
    else:
        assert (body["type"], body["error"]["type"]) == ("error", "authentication_error")
    assert fake.requests[0]["headers"]["authorization"] == "Bearer wrong-key"
    assert ask(make_client(api)) == "kept for the next answer"


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize(
    ("kind", "error"),
    [("status_500", "InternalServerError"), ("status_429", "RateLimitError"), ("drop", "APIConnectionError")],
)
def test_a_failure_raises_the_sdks_error_and_the_next_request_is_answered(
    fake: FakeProvider, make_client: Callable[..., Client], api: str, kind: str, error: str
) -> None:
    client = make_client(api)
    fake.reply(text=TEXT)
    fake.fail_next(kind)
    with pytest.raises(getattr(sdk(api), error)) as failed:
        ask(client)

    assert not isinstance(failed.value, sdk(api).APITimeoutError)
    assert ask(client) == TEXT
    assert len(fake.requests) == 2


@pytest.mark.parametrize("api", APIS)
def test_status_errors_carry_the_request_id(fake: FakeProvider, make_client: Callable[..., Client], api: str) -> None:
    fake.fail_next("status_500")
    with pytest.raises(sdk(api).InternalServerError) as failed:
        ask(make_client(api))

    assert failed.value.request_id is not None and failed.value.request_id.startswith("req_")
    body = failed.value.body
    assert isinstance(body, dict)
    if api == "openai":
        assert body["type"] == "server_error"
    else:
        assert (body["error"]["type"], body["request_id"]) == ("api_error", failed.value.request_id)


@pytest.mark.parametrize("api", APIS)
def test_a_timeout_raises_the_sdks_timeout_error(
    fake: FakeProvider, make_client: Callable[..., Client], api: str
) -> None:
    fake.fail_next("timeout")
    with pytest.raises(sdk(api).APITimeoutError):
        ask(make_client(api, timeout=0.2))

    assert ask(make_client(api)) == DEFAULT_TEXT


def test_release_lets_go_of_a_held_request(fake: FakeProvider, openai_client: openai.OpenAI) -> None:
    import openai

    fake.fail_next("timeout")
    with ThreadPoolExecutor(1) as pool:
        held = pool.submit(ask, openai_client)
        wait_for(lambda: fake.requests, seconds=5, what="the request reaches the fake")
        assert not held.done()
        fake.release()
        with pytest.raises(openai.APIConnectionError) as dropped:
            held.result(timeout=5)

    assert not isinstance(dropped.value, openai.APITimeoutError)


@pytest.mark.parametrize("api", APIS)
def test_a_slow_first_byte_delays_a_normal_answer(
    fake: FakeProvider, make_client: Callable[..., Client], api: str
) -> None:
    fake.first_byte_delay = 0.2
    fake.fail_next("slow_first_byte")
    started = time.monotonic()

    assert ask(make_client(api), stream=True) == DEFAULT_TEXT
    assert time.monotonic() - started >= 0.2


@pytest.mark.parametrize("api", APIS)
@pytest.mark.parametrize("stream", [True, False], ids=["streamed", "whole"])
def test_a_malformed_answer_fails_to_parse_and_the_next_is_answered(
    fake: FakeProvider, make_client: Callable[..., Client], api: str, stream: bool
) -> None:
    client = make_client(api)
    fake.fail_next("malformed_stream")
    with pytest.raises(json.JSONDecodeError):
        ask(client, stream=stream)

    assert ask(client, stream=stream) == DEFAULT_TEXT


def test_failures_apply_in_order_to_either_api(
    fake: FakeProvider, openai_client: openai.OpenAI, anthropic_client: anthropic.Anthropic
) -> None:
    import anthropic
    import openai

    fake.fail_next("status_500")
    fake.fail_next("status_429", count=2)

    with pytest.raises(openai.InternalServerError):
        ask(openai_client)
    with pytest.raises(anthropic.RateLimitError):
        ask(anthropic_client)
    with pytest.raises(openai.RateLimitError):
        ask(openai_client, stream=True)
    assert ask(anthropic_client) == DEFAULT_TEXT


@pytest.mark.parametrize("api", APIS)
def test_an_sdk_retrying_a_rate_limit_gets_the_answer(
    fake: FakeProvider, make_client: Callable[..., Client], api: str
) -> None:
    fake.fail_next("status_429")

    assert ask(make_client(api, max_retries=2)) == DEFAULT_TEXT
    assert [request["headers"]["x-stainless-retry-count"] for request in fake.requests] == ["0", "1"]


def test_mistakes_in_the_script_are_refused() -> None:
    fake = FakeProvider()
    with pytest.raises(ValueError, match="unknown failure"):
        fake.fail_next("status_503")
    with pytest.raises(ValueError, match="needs text"):
        fake.reply()


def open_sockets() -> set[str]:
    """This process's sockets, by inode."""
    sockets = set()
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(FileNotFoundError):  # the descriptor listdir itself used
            target = os.readlink(f"/proc/self/fd/{fd}")
            if target.startswith("socket:"):
                sockets.add(target)
    return sockets


def test_closing_leaves_no_thread_or_socket() -> None:
    import openai

    threads_before = set(threading.enumerate())
    sockets_before = open_sockets()
    fake = FakeProvider()
    with ThreadPoolExecutor(1) as pool:
        with fake.running():
            url = urlsplit(fake.url)
            settings = {"base_url": fake.openai_base_url, "api_key": fake.api_key, "max_retries": 0, "timeout": 5}
            idle, waiting = openai.OpenAI(**settings), openai.OpenAI(**settings)
            ask(idle)  # leaves a keep-alive connection open on the fake
            fake.fail_next("timeout")
            held = pool.submit(ask, waiting)
            wait_for(lambda: len(fake.requests) == 2, seconds=5, what="the held request reaches the fake")
        with pytest.raises(openai.APIConnectionError) as dropped:
            held.result(timeout=5)
    idle.close()
    waiting.close()

    assert not isinstance(dropped.value, openai.APITimeoutError)
    assert set(threading.enumerate()) == threads_before
    assert open_sockets() == sockets_before
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection((url.hostname, url.port), timeout=1)

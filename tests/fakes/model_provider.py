"""A fake model provider: a real HTTP server on 127.0.0.1 that speaks enough of the OpenAI Chat Completions
and Anthropic Messages APIs for their official SDKs to work against it unmodified, streaming and tool calls
included.

Tests script its replies, make it fail in the ways real providers fail, and read back every request it
received: that record is how the project proves no secret ever reaches a model.
"""

from __future__ import annotations

import contextlib
import json
import socket
import sys
import threading
import time
import uuid
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal
from urllib.parse import urlsplit

Api = Literal["openai", "anthropic"]
HOST = "127.0.0.1"
FAILURES = ("status_500", "status_429", "timeout", "slow_first_byte", "malformed_stream", "drop")
DEFAULT_TEXT = "Hello from the fake provider."
# Sent with a 429 (as the real APIs send a Retry-After): an SDK that retries then waits 10 ms, not seconds.
RETRY_AFTER_MS = "10"
# Streams send text and tool arguments in pieces this long, so clients must accumulate them.
PIECE = 8
# The broken event of a "malformed_stream" (Anthropic's SDK skips events without a name, so it has one).
NOT_JSON = {"openai": b'data: {"unterminated\n\n', "anthropic": b'event: content_block_delta\ndata: {"unterminated\n\n'}


@dataclass(frozen=True)
class ToolCall:
    name: str
    arguments: Mapping[str, Any]

    def arguments_json(self) -> str:
        return json.dumps(self.arguments, separators=(",", ":"))


@dataclass(frozen=True)
class Reply:
    """What the model answers: text, tool calls, or both (text first, as the real models do)."""

    text: str | None = None
    tool_calls: tuple[ToolCall, ...] = ()


DEFAULT_REPLY = Reply(text=DEFAULT_TEXT)


class FakeProvider:
    """Both APIs on one port: OpenAI at openai_base_url, Anthropic at anthropic_base_url.

    Settable between requests: api_key (checked on every request) and first_byte_delay (seconds,
    for the "slow_first_byte" failure).
    """

    def __init__(self, api_key: str = "test-key", models: Sequence[str] = ("fake-model",)) -> None:
        self.api_key = api_key
        self.models = tuple(models)
        self.first_byte_delay = 0.5
        self._lock = threading.Lock()
        self._replies: deque[Reply] = deque()
        self._failures: deque[str] = deque()
        self._requests: list[dict[str, Any]] = []
        self.first_bytes: list[float] = []  # when each stream's first event was written (epoch seconds)
        self._held: list[threading.Event] = []
        self._closing = threading.Event()
        self._server: _Server | None = None
        self._serving: threading.Thread | None = None

    @contextlib.contextmanager
    def running(self) -> Iterator[FakeProvider]:
        self.start()
        try:
            yield self
        finally:
            self.close()

    def start(self) -> None:
        self._closing.clear()
        self._server = _Server(self)
        # serve_forever sees a shutdown only between polls: a short poll keeps close() (once a test) quick.
        self._serving = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, name="fake-provider", daemon=True
        )
        self._serving.start()

    def close(self) -> None:
        """Stop serving and return only once every handler thread and socket is gone."""
        if self._server is None or self._serving is None:
            return
        with self._lock:
            self._closing.set()
        self.release()
        self._server.shutdown()
        self._serving.join()
        self._server.disconnect_all()
        self._server.server_close()  # joins the handler threads
        self._server = self._serving = None

    @property
    def url(self) -> str:
        if self._server is None:
            raise RuntimeError("the fake provider is not running")
        return f"http://{HOST}:{self._server.server_port}"

    @property
    def openai_base_url(self) -> str:
        return f"{self.url}/v1"

    @property
    def anthropic_base_url(self) -> str:
        return self.url

    @property
    def requests(self) -> list[dict[str, Any]]:
        """Every request received, in order, failed ones too: {"api", "path" (with any query), "headers" (names
        lowercased), "body" (the parsed JSON; None without a body, the text if it is not JSON)}."""
        with self._lock:
            return list(self._requests)

    def reply(self, text: str | None = None, tool_calls: Sequence[Mapping[str, Any]] = ()) -> None:
        """Queue the next answer (of either API); tool_calls are {"name": ..., "arguments": {...}}.

        A reply is used by the next request answered in full: failed requests leave it queued.
        """
        if text is None and not tool_calls:
            raise ValueError("a reply needs text, tool calls, or both")
        calls = tuple(ToolCall(call["name"], call["arguments"]) for call in tool_calls)
        with self._lock:
            self._replies.append(Reply(text, calls))

    def fail_next(self, kind: str, count: int = 1) -> None:
        """Make the next count requests (of either API, after failures already queued) fail this way."""
        if kind not in FAILURES:
            raise ValueError(f"unknown failure {kind!r}; one of {', '.join(FAILURES)}")
        with self._lock:
            self._failures.extend([kind] * count)

    def release(self) -> None:
        """Let go of the requests a "timeout" failure holds: their connections close without an answer."""
        with self._lock:
            held, self._held = self._held, []
        for event in held:
            event.set()

    def forget(self) -> None:
        """Drop the replies and failures queued and not used (what a test that failed early left), and
        let go of held requests: the next test starts from an empty queue."""
        with self._lock:
            self._replies.clear()
            self._failures.clear()
        self.release()

    def _record(self, request: dict[str, Any]) -> str | None:
        """Record a request; the failure it is to meet, if any."""
        with self._lock:
            self._requests.append(request)
            return self._failures.popleft() if self._failures else None

    def _next_reply(self) -> Reply:
        with self._lock:
            return self._replies.popleft() if self._replies else DEFAULT_REPLY

    def _hold(self) -> None:
        """Block until release() or close()."""
        event = threading.Event()
        with self._lock:
            if self._closing.is_set():
                return
            self._held.append(event)
        event.wait()

    def _delay_first_byte(self) -> None:
        self._closing.wait(self.first_byte_delay)


class _Server(ThreadingHTTPServer):
    """Non-daemon handler threads, so server_close() joins them; open connections are tracked so
    close() can end the keep-alive ones a client left idle."""

    daemon_threads = False

    def __init__(self, fake: FakeProvider) -> None:
        self.fake = fake
        self._connections: set[socket.socket] = set()
        self._connections_lock = threading.Lock()
        super().__init__((HOST, 0), _Handler)  # port 0: a free port, no race

    def process_request(self, request: Any, client_address: Any) -> None:
        with self._connections_lock:
            self._connections.add(request)
        super().process_request(request, client_address)

    def shutdown_request(self, request: Any) -> None:
        with self._connections_lock:
            self._connections.discard(request)
        super().shutdown_request(request)

    def disconnect_all(self) -> None:
        """Wake every handler blocked reading a connection: its read ends, and so does its thread."""
        with self._connections_lock:
            connections = list(self._connections)
        for connection in connections:
            with contextlib.suppress(OSError):  # already closed by the client
                connection.shutdown(socket.SHUT_RDWR)

    def handle_error(self, request: Any, client_address: Any) -> None:
        """A client that went away mid-answer is no error of the fake's; anything else is reported."""
        if not isinstance(sys.exception(), ConnectionError):
            super().handle_error(request, client_address)


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive and chunked streams, as the SDKs get from the real APIs
    server: _Server

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: tests read fake.requests, not access logs."""

    def _handle(self) -> None:
        fake = self.server.fake
        self.request_id = _new_id("req_")
        raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        headers = {name.lower(): value for name, value in self.headers.items()}
        route = urlsplit(self.path).path
        api: Api = "anthropic" if route.startswith("/v1/messages") or "anthropic-version" in headers else "openai"
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode(errors="replace")
        failure = fake._record({"api": api, "path": self.path, "headers": headers, "body": body})
        try:
            self._answer(api, route, headers, body, failure)
        except OSError:
            self.close_connection = True  # the client went away, or the fake is closing

    def _answer(self, api: Api, route: str, headers: dict[str, str], body: Any, failure: str | None) -> None:
        fake = self.server.fake
        if failure == "drop":
            self.close_connection = True
            return
        if failure == "timeout":
            fake._hold()
            self.close_connection = True
            return
        if failure == "slow_first_byte":
            fake._delay_first_byte()
        if failure in ("status_500", "status_429"):
            self._send_error(api, int(failure.removeprefix("status_")))
            return
        if not _authorized(api, headers, fake.api_key):
            self._send_error(api, 401)
            return
        if self.command == "POST" and not isinstance(body, dict):
            self._send_error(api, 400)
            return
        if failure == "malformed_stream":
            self._send_malformed(api, body)
            return
        if (self.command, route) == ("GET", "/v1/models"):
            self._send_json(api, 200, _models(api, fake.models))
            return
        if (self.command, route) not in (("POST", "/v1/chat/completions"), ("POST", "/v1/messages")):
            self._send_error(api, 404)
            return
        reply = fake._next_reply()
        if body.get("stream") is True:
            self._send_stream(api, _frames(api, body, reply))
        else:
            self._send_json(api, 200, _answer_body(api, body, reply))

    def _send_json(self, api: Api, status: int, payload: Any, extra: Mapping[str, str] | None = None) -> None:
        self._send_body(api, status, json.dumps(payload).encode(), extra or {})

    def _send_error(self, api: Api, status: int) -> None:
        extra = {"retry-after-ms": RETRY_AFTER_MS} if status == 429 else {}
        self._send_json(api, status, _error_body(api, status, self.request_id), extra)

    def _send_body(self, api: Api, status: int, data: bytes, extra: Mapping[str, str]) -> None:
        self._send_head(api, status, "application/json", {"Content-Length": str(len(data)), **extra})
        self.wfile.write(data)

    def _send_stream(self, api: Api, frames: Iterator[bytes], complete: bool = True) -> None:
        """Server-sent events in chunked encoding, one chunk per event; an incomplete stream ends with
        the connection closed before the terminating chunk, as when a proxy cuts a stream."""
        self._send_head(api, 200, "text/event-stream; charset=utf-8", {"Transfer-Encoding": "chunked"})
        for index, frame in enumerate(frames):
            if index == 0:
                self.server.fake.first_bytes.append(time.time())
            self._write_chunk(frame)
        if complete:
            self._write_chunk(b"")
        else:
            self.close_connection = True

    def _send_malformed(self, api: Api, body: Any) -> None:
        """Start a valid answer, then break it: a stream gets a line that is not JSON, a JSON answer is cut short;
        then close the connection."""
        if isinstance(body, dict) and body.get("stream") is True:
            first = next(_frames(api, body, DEFAULT_REPLY))
            self._send_stream(api, iter([first, NOT_JSON[api]]), complete=False)
        else:
            # Said in the head, so that a client never sends its next request on this connection.
            self._send_body(api, 200, b'{"unterminated', {"Connection": "close"})
            self.close_connection = True

    def _send_head(self, api: Api, status: int, content_type: str, extra: Mapping[str, str]) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("x-request-id" if api == "openai" else "request-id", self.request_id)
        for name, value in extra.items():
            self.send_header(name, value)
        self.end_headers()

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))


def _authorized(api: Api, headers: Mapping[str, str], api_key: str) -> bool:
    """OpenAI takes the key as a bearer token. Anthropic documents x-api-key, and its SDK (2.x) sends the key as
    a bearer token: either is accepted, but every credential sent must be the key."""
    bearer = headers.get("authorization")
    if api == "openai":
        return bearer == f"Bearer {api_key}"
    credentials = [credential for credential in (bearer, headers.get("x-api-key")) if credential is not None]
    return bool(credentials) and all(credential in (api_key, f"Bearer {api_key}") for credential in credentials)


def _new_id(prefix: str) -> str:
    return prefix + uuid.uuid4().hex[:24]


def _pieces(text: str) -> list[str]:
    return [text[start : start + PIECE] for start in range(0, len(text), PIECE)]


def _token_estimate(text: str) -> int:
    """About four characters a token, as the providers' rule of thumb; never zero."""
    return max(1, len(text) // 4)


def _usage(body: Mapping[str, Any], reply: Reply) -> tuple[int, int]:
    """Input and output token counts: estimates from the request and the reply, stable for a given pair."""
    output = (reply.text or "") + "".join(call.name + call.arguments_json() for call in reply.tool_calls)
    return _token_estimate(json.dumps(body)), _token_estimate(output)


# ---- OpenAI Chat Completions ----


def _openai_usage(body: Mapping[str, Any], reply: Reply) -> dict[str, int]:
    prompt, completion = _usage(body, reply)
    return {"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion}


def _openai_finish_reason(reply: Reply) -> str:
    return "tool_calls" if reply.tool_calls else "stop"


def _openai_completion(body: Mapping[str, Any], reply: Reply) -> dict[str, Any]:
    message: dict[str, Any] = {"role": "assistant", "content": reply.text, "refusal": None, "annotations": []}
    if reply.tool_calls:
        message["tool_calls"] = [
            {
                "id": _new_id("call_"),
                "type": "function",
                "function": {"name": call.name, "arguments": call.arguments_json()},
            }
            for call in reply.tool_calls
        ]
    return {
        "id": _new_id("chatcmpl-"),
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model"),
        "choices": [{"index": 0, "message": message, "logprobs": None, "finish_reason": _openai_finish_reason(reply)}],
        "usage": _openai_usage(body, reply),
        "service_tier": "default",
        "system_fingerprint": None,
    }


def _openai_chunks(body: Mapping[str, Any], reply: Reply) -> Iterator[dict[str, Any]]:
    """A role delta, the text in pieces, each tool call's id and name then its arguments in pieces, the
    finish reason; then, if stream_options.include_usage, a last chunk with no choices and the usage."""
    include_usage = bool((body.get("stream_options") or {}).get("include_usage"))
    envelope = {
        "id": _new_id("chatcmpl-"),
        "object": "chat.completion.chunk",
        "created": int(time.time()),
        "model": body.get("model"),
        "service_tier": "default",
        "system_fingerprint": None,
    }
    if include_usage:
        envelope["usage"] = None

    def chunk(delta: dict[str, Any], finish_reason: str | None = None) -> dict[str, Any]:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish_reason}
        return {**envelope, "choices": [choice]}

    yield chunk({"role": "assistant", "content": "" if reply.text is not None else None, "refusal": None})
    for piece in _pieces(reply.text or ""):
        yield chunk({"content": piece})
    for index, call in enumerate(reply.tool_calls):
        function = {"name": call.name, "arguments": ""}
        yield chunk(
            {"tool_calls": [{"index": index, "id": _new_id("call_"), "type": "function", "function": function}]}
        )
        for piece in _pieces(call.arguments_json()):
            yield chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
    yield chunk({}, _openai_finish_reason(reply))
    if include_usage:
        yield {**envelope, "choices": [], "usage": _openai_usage(body, reply)}


# ---- Anthropic Messages ----


def _anthropic_stop_reason(reply: Reply) -> str:
    return "tool_use" if reply.tool_calls else "end_turn"


def _anthropic_blocks(reply: Reply) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = [{"type": "text", "text": reply.text}] if reply.text is not None else []
    blocks += [
        {"type": "tool_use", "id": _new_id("toolu_"), "name": call.name, "input": dict(call.arguments)}
        for call in reply.tool_calls
    ]
    return blocks


def _anthropic_message(body: Mapping[str, Any], reply: Reply, content: list[dict[str, Any]]) -> dict[str, Any]:
    input_tokens, output_tokens = _usage(body, reply)
    return {
        "id": _new_id("msg_"),
        "type": "message",
        "role": "assistant",
        "model": body.get("model"),
        "content": content,
        "stop_reason": _anthropic_stop_reason(reply),
        "stop_sequence": None,
        "usage": {"input_tokens": input_tokens, "output_tokens": output_tokens},
    }


def _anthropic_events(body: Mapping[str, Any], reply: Reply) -> Iterator[dict[str, Any]]:
    """message_start (empty content, no stop reason), a ping, each block's start, deltas and stop,
    message_delta with the stop reason and output usage, message_stop."""
    input_tokens, output_tokens = _usage(body, reply)
    start = _anthropic_message(body, reply, [])
    start |= {"stop_reason": None, "usage": {"input_tokens": input_tokens, "output_tokens": 1}}
    yield {"type": "message_start", "message": start}
    yield {"type": "ping"}
    for index, block in enumerate(_anthropic_blocks(reply)):
        if block["type"] == "text":
            yield {"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}
            deltas = [{"type": "text_delta", "text": piece} for piece in _pieces(block["text"])]
        else:
            yield {"type": "content_block_start", "index": index, "content_block": {**block, "input": {}}}
            arguments = json.dumps(block["input"], separators=(",", ":"))
            deltas = [{"type": "input_json_delta", "partial_json": piece} for piece in ["", *_pieces(arguments)]]
        for delta in deltas:
            yield {"type": "content_block_delta", "index": index, "delta": delta}
        yield {"type": "content_block_stop", "index": index}
    yield {
        "type": "message_delta",
        "delta": {"stop_reason": _anthropic_stop_reason(reply), "stop_sequence": None},
        "usage": {"output_tokens": output_tokens},
    }
    yield {"type": "message_stop"}


# ---- What both APIs share ----


def _frames(api: Api, body: Mapping[str, Any], reply: Reply) -> Iterator[bytes]:
    """The answer as server-sent events: OpenAI's are data lines ending with [DONE], Anthropic's are named."""
    if api == "openai":
        for chunk in _openai_chunks(body, reply):
            yield b"data: %s\n\n" % json.dumps(chunk).encode()
        yield b"data: [DONE]\n\n"
    else:
        for event in _anthropic_events(body, reply):
            yield b"event: %s\ndata: %s\n\n" % (event["type"].encode(), json.dumps(event).encode())


def _answer_body(api: Api, body: Mapping[str, Any], reply: Reply) -> dict[str, Any]:
    if api == "openai":
        return _openai_completion(body, reply)
    return _anthropic_message(body, reply, _anthropic_blocks(reply))


def _models(api: Api, models: Sequence[str]) -> dict[str, Any]:
    if api == "openai":
        return {
            "object": "list",
            "data": [{"id": model, "object": "model", "created": 0, "owned_by": "fake"} for model in models],
        }
    return {
        "data": [
            {
                "type": "model",
                "id": model,
                "display_name": model,
                "created_at": "2025-01-01T00:00:00Z",
                "lifecycle": "active",
            }
            for model in models
        ],
        "has_more": False,
        "first_id": models[0] if models else None,
        "last_id": models[-1] if models else None,
    }


# Per status: the OpenAI error's type and code, the Anthropic error's type, and the message.
ERRORS = {
    400: ("invalid_request_error", None, "invalid_request_error", "The request body is not a JSON object."),
    401: ("invalid_request_error", "invalid_api_key", "authentication_error", "Incorrect API key provided."),
    404: ("invalid_request_error", "unknown_url", "not_found_error", "Unknown request URL."),
    429: ("requests", "rate_limit_exceeded", "rate_limit_error", "Rate limit reached (fake provider)."),
    500: ("server_error", None, "api_error", "Internal server error (fake provider)."),
}


def _error_body(api: Api, status: int, request_id: str) -> dict[str, Any]:
    openai_type, code, anthropic_type, message = ERRORS[status]
    if api == "openai":
        return {"error": {"message": message, "type": openai_type, "param": None, "code": code}}
    return {"type": "error", "error": {"type": anthropic_type, "message": message}, "request_id": request_id}

"""JSON-RPC 2.0 framing: parse one message, build responses, the standard error codes."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from gasoline.core.json_text import TooDeep, loads

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603

RequestId = str | int


class RpcError(Exception):
    """An error the peer gets as a JSON-RPC error response."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data

    def to_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.data is not None:
            error["data"] = self.data
        return error


@dataclass(frozen=True)
class Request:
    id: RequestId
    method: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Notification:
    method: str
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Reply:
    """A response the peer sent to one of our own requests."""

    id: RequestId
    result: Any = None
    error: dict[str, Any] | None = None


Message = Request | Notification | Reply


class InvalidMessage(RpcError):
    """The message cannot be handled; `id` is the request id when one could be read."""

    def __init__(self, code: int, message: str, id: RequestId | None = None) -> None:
        super().__init__(code, message)
        self.id = id


def parse(raw: str | bytes) -> Message:
    """One JSON-RPC message from its text. Raises InvalidMessage (parse error or invalid request)."""
    try:
        data = loads(raw)
    except TooDeep as error:
        raise InvalidMessage(INVALID_REQUEST, f"Invalid Request: {error}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidMessage(PARSE_ERROR, f"Parse error: {error}") from None
    return from_json(data)


def from_json(data: Any) -> Message:
    if isinstance(data, list):
        raise InvalidMessage(INVALID_REQUEST, "Invalid Request: batches are not supported; send one message at a time")
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0":
        raise InvalidMessage(INVALID_REQUEST, 'Invalid Request: expected an object with "jsonrpc": "2.0"', _id_of(data))
    id_ = data.get("id")
    if "id" in data and not _valid_id(id_):
        raise InvalidMessage(INVALID_REQUEST, "Invalid Request: id must be a string or an integer")
    if "method" not in data:
        if _valid_id(id_) and ("result" in data) != ("error" in data):
            if "error" in data and not _valid_error(data["error"]):
                raise InvalidMessage(
                    INVALID_REQUEST,
                    "Invalid Request: error must be an object with an integer code and a string message",
                    id_,
                )
            return Reply(id_, data.get("result"), data.get("error"))
        raise InvalidMessage(INVALID_REQUEST, "Invalid Request: no method", id_)
    method, params = data["method"], data.get("params", {})
    if not isinstance(method, str) or not method:
        raise InvalidMessage(INVALID_REQUEST, "Invalid Request: method must be a non-empty string", id_)
    if not isinstance(params, dict):
        raise InvalidMessage(INVALID_REQUEST, "Invalid Request: params must be an object", id_)
    return Request(id_, method, params) if _valid_id(id_) else Notification(method, params)


def _valid_id(value: Any) -> TypeGuard[RequestId]:
    return isinstance(value, str) or (isinstance(value, int) and not isinstance(value, bool))


def _valid_error(value: Any) -> TypeGuard[dict[str, Any]]:
    return isinstance(value, dict) and _valid_code(value.get("code")) and isinstance(value.get("message"), str)


def _valid_code(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _id_of(data: Any) -> RequestId | None:
    return data["id"] if isinstance(data, dict) and _valid_id(data.get("id")) else None


def result(id: RequestId, value: Any) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "result": value}


def error(id: RequestId | None, failure: RpcError) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "error": failure.to_json()}


def notification(method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "method": method, "params": params}


def request(id: RequestId, method: str, params: dict[str, Any]) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": id, "method": method, "params": params}


def response_head(id: RequestId | None) -> bytes:
    """How the encoding of a response to `id` begins, up to its result or error: what a relay swaps
    to pass a response on under another id (result() and error() put these keys first)."""
    return b'{"jsonrpc":"2.0","id":' + json.dumps(id, ensure_ascii=False).encode() + b","


def encode(message: dict[str, Any]) -> str:
    """Compact, single-line JSON: what line framing needs. The daemon writes the same with pydantic_core's
    faster to_json; this is for the bridge and the CLI, which must start without importing it."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)

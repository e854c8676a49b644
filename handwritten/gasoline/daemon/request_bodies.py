"""JSON bodies and refusals for the daemon's own routes (all but /mcp, which speaks JSON-RPC).

A refused request is answered with a RequestError ({"error": code, "message": ...}), as
generated/openapi/daemon.json declares for every route but /mcp.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import falcon
from pydantic import BaseModel, ValidationError

from gasoline.capture.ingest import reason
from gasoline.core.json_text import TooDeep, loads

TokenCheck = Callable[[str], bool]
"""Whether a bearer token is one a route takes."""

CHALLENGE = 'Bearer realm="gasoline"'


def bearer_token(req: falcon.Request) -> str | None:
    """The token of an Authorization: Bearer header (the scheme is case-insensitive, RFC 9110 11.1)."""
    scheme, _, sent = (req.get_header("Authorization") or "").strip().partition(" ")
    return sent.strip() if scheme.lower() == "bearer" else None


def has_token(req: falcon.Request, check: TokenCheck) -> bool:
    sent = bearer_token(req)
    return sent is not None and check(sent)


class RequestRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status, self.code = status, code


def request_error(resp: falcon.Response, status: int, code: str, message: str) -> None:
    """A RequestError answer: the request was refused as a whole."""
    resp.status = status
    resp.media = {"error": code, "message": message}


def refused(req: falcon.Request, resp: falcon.Response, refusal: RequestRefused) -> None:
    """Answer a refusal, leaving the connection clean for the client's next request."""
    req.bounded_stream.exhaust()
    request_error(resp, refusal.status, refusal.code, str(refusal))


def read_json(req: falcon.Request, max_bytes: int) -> Any:
    """The request's JSON body, within the size limit."""
    # A declared length says it before anything is read; a chunked body shows it by reading one byte more.
    declared = req.content_length or 0
    if declared > max_bytes or len(body := req.bounded_stream.read(max_bytes + 1)) > max_bytes:
        raise RequestRefused(413, "too_large", f"the body is larger than {max_bytes} bytes")
    try:
        return loads(body, parse_float=json_number, parse_constant=not_json)
    except TooDeep as error:
        raise RequestRefused(400, "bad_request", f"the body is refused: its {error}") from None
    except (UnicodeDecodeError, ValueError) as error:
        raise RequestRefused(400, "bad_request", f"the body is not JSON: {error}") from None


Body = TypeVar("Body", bound=BaseModel)


def parse(model: type[Body], body: Any) -> Body:
    """The body as its spec model, or a bad_request refusal that says what is wrong with it."""
    try:
        return model.model_validate(body)
    except ValidationError as error:
        problem = reason(error, skip=0)
        raise RequestRefused(400, "bad_request", f"the body is not a valid {model.__name__}: {problem}") from None


def json_number(text: str) -> int | float:
    """JSON has one kind of number: 7.0 is the integer 7, as JSON Schema reads it."""
    value = float(text)
    return int(value) if value.is_integer() and abs(value) < 2**63 else value


def not_json(name: str) -> None:
    raise ValueError(f"{name} is not a JSON number")

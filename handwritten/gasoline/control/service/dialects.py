"""What differs between versions of the control protocol: the dialect a service speaks, named by
its OPTIONS answer (X-Gasoline-Control). Every request to a service is written, and every answer
read, through its dialect, so the rest of the daemon speaks only today's protocol.

1.y (y >= 1) is today's protocol, read with the generated models; a service at a minor newer
than this daemon's may send fields the daemon does not know (a minor only adds optional ones),
which are left out before its answers are read. 1.0, the first release, is checked against its
released schemas and read into today's models: an operation says `safe` instead of read_only,
destructive and idempotent; a request carries the idempotency key as request_id; a checksum is
any string; and the snapshot, state and restore operations return shapes of the service's own."""

from __future__ import annotations

import base64
import functools
import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from gasoline.core.json_text import loads
from gasoline_generated.control_models import (
    PROTOCOL_VERSION,
    VERSION_HEADER,
    ControlDiscovery,
    ControlOperation,
    ControlRequest,
    ControlResponse,
    ControlRestored,
    ControlSnapshot,
    ControlStateValues,
)

from . import released
from .client import ServiceProtocolError

FIRST_RELEASE = "1.0"
SPOKEN = (FIRST_RELEASE, PROTOCOL_VERSION)
MAJOR, MINOR = (int(part) for part in PROTOCOL_VERSION.split("."))
VERSION = re.compile(r"([0-9]+)\.([0-9]+)")
SHA256_HEX = re.compile(r"[0-9a-f]{64}")
# The format under which a 1.0 snapshot result, of the service's own shape, is kept whole.
KEPT_WHOLE = "control-1.0-result"

Model = TypeVar("Model", bound=BaseModel)


class Misfit(ValueError):
    """An answer that does not have the shape its protocol version gives it."""

    def __init__(self, shape: str, version: str, problem: str) -> None:
        super().__init__(f"not a {shape} of control protocol {version}: {problem}")


def dialect_for(endpoint: str, header: str) -> Dialect:
    """The dialect of a service whose OPTIONS answer named `header`; ServiceProtocolError naming
    the version it sent and those this daemon speaks when it is none of them."""
    version = header.strip()
    numbered = VERSION.fullmatch(version)
    if version == "1" or (numbered and int(numbered[1]) == MAJOR and int(numbered[2]) == 0):  # 1.0 said "1"
        return FirstRelease()
    if numbered and int(numbered[1]) == MAJOR:
        return Dialect(version, newer=int(numbered[2]) > MINOR)
    raise ServiceProtocolError(
        f"OPTIONS {endpoint} answered {VERSION_HEADER}: {version}, a version of the control protocol "
        f"this daemon does not speak (it speaks {' and '.join(SPOKEN)})"
    )


class Dialect:
    """Today's protocol (1.y)."""

    def __init__(self, version: str = PROTOCOL_VERSION, newer: bool = False) -> None:
        self.version = version
        self.newer = newer

    def discovery(self, body: Any) -> ControlDiscovery:
        return self.read(ControlDiscovery, body)

    def request(self, request: ControlRequest) -> dict[str, Any]:
        """The body of a POST."""
        return request.model_dump(mode="json")

    def response(self, body: Any) -> ControlResponse:
        return self.read(ControlResponse, body)

    def snapshot(self, result: dict[str, Any]) -> ControlSnapshot:
        """The state a snapshot operation returned, as the daemon keeps it."""
        return self.read(ControlSnapshot, result)

    def restored(self, result: dict[str, Any]) -> ControlRestored | None:
        """What a restore operation reports; None when the protocol gives it no shape."""
        return self.read(ControlRestored, result)

    def state_params(self, keys: list[str] | None) -> dict[str, Any]:
        return {"keys": keys} if keys else {}

    def state_values(self, result: dict[str, Any], keys: list[str] | None) -> ControlStateValues:
        return self.read(ControlStateValues, result)

    def read(self, model: type[Model], value: Any) -> Model:
        try:
            return model.model_validate(known_only(model, value) if self.newer else value)
        except ValidationError as error:
            raise Misfit(model.__name__, self.version, first_problem(error)) from error


class FirstRelease(Dialect):
    """Protocol 1.0, as released (spec/releases/control/1.0.json)."""

    def __init__(self) -> None:
        super().__init__(FIRST_RELEASE)

    def discovery(self, body: Any) -> ControlDiscovery:
        self.check("ControlDiscovery", body)
        named = {name: body[name] for name in ("service", "version") if name in body}
        operations = [operation_of(operation) for operation in body["operations"]]
        return ControlDiscovery.model_validate(named | {"protocol_version": FIRST_RELEASE, "operations": operations})

    def request(self, request: ControlRequest) -> dict[str, Any]:
        """Only what 1.0's closed ControlRequest accepts; the idempotency key goes as request_id."""
        body = super().request(request)
        if "idempotency_key" in body:
            body["request_id"] = body.pop("idempotency_key")
        accepted = released.fields(FIRST_RELEASE, "ControlRequest")
        return {name: value for name, value in body.items() if name in accepted}

    def response(self, body: Any) -> ControlResponse:
        """A checksum that is not a SHA-256 in hex is left out: it cannot be compared as one."""
        self.check("ControlResponse", body)
        kept = {name: value for name, value in body.items() if name != "checksum" or SHA256_HEX.fullmatch(value)}
        return ControlResponse.model_validate(kept)

    def snapshot(self, result: dict[str, Any]) -> ControlSnapshot:
        """The whole result, kept as its canonical JSON, to be given back to restore as it was."""
        text = json.dumps(result, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        return ControlSnapshot(format=KEPT_WHOLE, data=base64.b64encode(text.encode()).decode("ascii"))

    def restored(self, result: dict[str, Any]) -> ControlRestored | None:
        return None

    def state_params(self, keys: list[str] | None) -> dict[str, Any]:
        return {}

    def state_values(self, result: dict[str, Any], keys: list[str] | None) -> ControlStateValues:
        """The whole result is the service's values; the keys asked for are picked out of it."""
        if not keys:
            return ControlStateValues(values=result)
        return ControlStateValues(
            values={key: result[key] for key in keys if key in result},
            missing_keys=[key for key in keys if key not in result],
        )

    def check(self, shape: str, value: Any) -> None:
        problem = released.problem(FIRST_RELEASE, shape, value)
        if problem is not None:
            raise Misfit(shape, FIRST_RELEASE, problem)


def operation_of(released_operation: dict[str, Any]) -> ControlOperation:
    """A 1.0 operation in today's terms: safe means it only reads (and so can be repeated);
    otherwise it can destroy data and is not retried. Examples were JSON text."""
    safe = released_operation["safe"]
    kept = {name: value for name, value in released_operation.items() if name not in ("safe", "examples")}
    kept |= {"read_only": safe, "destructive": not safe, "idempotent": safe}
    if "examples" in released_operation:
        parsed = [json_object(text) for text in released_operation["examples"]]
        kept["examples"] = [example for example in parsed if example is not None]
    return ControlOperation.model_validate(kept)


def json_object(text: str) -> dict[str, Any] | None:
    try:
        value = loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def restore_params(state: ControlSnapshot) -> dict[str, Any]:
    """What a restore operation takes back: the snapshot operation's result, as the service gave it."""
    if state.format == KEPT_WHOLE:
        kept: dict[str, Any] = json.loads(base64.b64decode(state.data))
        return kept
    return state.model_dump(mode="json")


def known_only(model: type[BaseModel], value: Any) -> Any:
    """`value` without the properties `model` does not know, at every depth of its closed objects."""
    schema = model_schema(model)
    return pruned(value, schema, schema.get("$defs", {}))


def pruned(value: Any, schema: dict[str, Any], definitions: dict[str, Any]) -> Any:
    if "$ref" in schema:
        schema = definitions[schema["$ref"].rsplit("/", 1)[-1]]
    if isinstance(value, dict) and schema.get("additionalProperties") is False:
        properties = schema.get("properties", {})
        return {name: pruned(item, properties[name], definitions) for name, item in value.items() if name in properties}
    if isinstance(value, list) and "items" in schema:
        return [pruned(item, schema["items"], definitions) for item in value]
    return value


@functools.cache
def model_schema(model: type[BaseModel]) -> dict[str, Any]:
    return model.model_json_schema()


def first_problem(error: ValidationError) -> str:
    detail = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in detail["loc"]) or "the body"
    return f"{where}: {detail['msg']}"

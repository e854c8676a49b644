"""The JSON depth limit: every reader of a peer's JSON refuses nesting past it, by name, and
nothing downstream (framing, redaction) can be driven into RecursionError."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gasoline.core import jsonrpc
from gasoline.core.errors import RedactionUnavailable
from gasoline.core.json_text import MAX_DEPTH, TooDeep, deeper_than, loads
from gasoline.core.jsonrpc import InvalidMessage
from gasoline.safety.redaction import build_redactor

KEY = b"k" * 32
# Just past the limit, around Python's recursion limit, and far past it.
TOO_DEEP = [MAX_DEPTH + 1, 990, 1_000, 50_000]


def arrays(depth: int, inner: str = "0") -> str:
    return "[" * depth + inner + "]" * depth


def objects(depth: int, inner: str = "0") -> str:
    return '{"a":' * depth + inner + "}" * depth


def value(depth: int) -> Any:
    """A parsed value nested `depth` levels, built without recursion."""
    data: Any = 0
    for level in range(depth):
        data = [data] if level % 2 else {"a": data}
    return data


@pytest.mark.parametrize("depth", TOO_DEEP)
@pytest.mark.parametrize("shape", [arrays, objects])
def test_loads_refuses_deep_text_by_name(depth: int, shape: Any) -> None:
    for text in (shape(depth), shape(depth).encode()):
        with pytest.raises(TooDeep, match=f"nested deeper than {MAX_DEPTH} levels"):
            loads(text)


def test_loads_takes_text_at_the_limit_and_many_shallow_brackets() -> None:
    assert loads(arrays(MAX_DEPTH)) == json.loads(arrays(MAX_DEPTH))
    wide = json.dumps([[i] for i in range(10 * MAX_DEPTH)])
    assert loads(wide) == json.loads(wide)
    assert loads('"[[[[[[[["') == "[[[[[[[["


def test_depth_counts_arrays_and_objects_alike() -> None:
    assert not deeper_than(value(MAX_DEPTH), MAX_DEPTH)
    assert deeper_than(value(MAX_DEPTH + 1), MAX_DEPTH)
    assert not deeper_than("[[[", 0) and not deeper_than(7, 0)


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_a_deep_json_rpc_message_is_an_invalid_request(depth: int) -> None:
    with pytest.raises(InvalidMessage, match=f"Invalid Request: .*nested deeper than {MAX_DEPTH} levels") as raised:
        jsonrpc.parse(f'{{"jsonrpc":"2.0","id":1,"method":"ping","params":{{"a":{arrays(depth)}}}}}')
    assert raised.value.code == jsonrpc.INVALID_REQUEST
    with pytest.raises(InvalidMessage, match="nested deeper"):
        jsonrpc.parse(arrays(depth).encode())


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_redaction_reads_a_deep_json_string_as_text(depth: int) -> None:
    """A captured body nested past the limit is redacted by the text rules, secrets and all."""
    secret = "sk-" + "a1B2c3D4" * 5
    body = arrays(depth, json.dumps({"password": secret}))
    redacted = build_redactor(KEY).value({"responseBody": body})["responseBody"]
    assert secret not in redacted and redacted.startswith("[[[")


def test_redaction_counts_a_json_string_from_where_it_sits() -> None:
    """Documents inside strings inside documents cannot add up to a walk deeper than the limit."""
    inner = json.dumps(value(MAX_DEPTH // 2))
    outer = value(MAX_DEPTH // 2 + 1)
    redacted = build_redactor(KEY).value([outer, inner])
    assert redacted == [outer, inner]
    assert build_redactor(KEY).value(value(MAX_DEPTH)) == value(MAX_DEPTH)
    secret = "sk-" + "a1B2c3D4" * 5
    nested_secret = json.dumps(value(MAX_DEPTH - 1)).replace("0", json.dumps({"password": secret}))
    compounded = build_redactor(KEY).value(value(MAX_DEPTH - 1) | {"b": nested_secret})["b"]
    assert secret not in compounded and compounded.startswith('{"a"'), "read as text, masked by the field rules"


@pytest.mark.parametrize("depth", TOO_DEEP)
def test_redaction_withholds_data_nested_past_the_limit(depth: int) -> None:
    redactor = build_redactor(KEY)
    with pytest.raises(RedactionUnavailable, match=f"nested deeper than {MAX_DEPTH} levels"):
        redactor.value(value(depth))
    with pytest.raises(RedactionUnavailable, match="nested deeper"):
        redactor.value({"password": value(depth)})  # a sensitive key's value is walked too

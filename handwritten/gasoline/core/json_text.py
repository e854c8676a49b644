"""JSON text from a peer, read with a nesting limit.

The json module parses recursively and so does everything downstream (validation, redaction,
encoding), so a message of a few thousand brackets would raise RecursionError wherever it
first went deep. Every reader of untrusted JSON goes through `loads`, which refuses such
input with TooDeep, a ValueError whose message names the limit, before anything walks it.
"""

from __future__ import annotations

import json
from typing import Any

from gasoline_generated.policy import LIMITS

MAX_DEPTH = LIMITS.json.max_depth


class TooDeep(ValueError):
    def __init__(self, max_depth: int) -> None:
        super().__init__(f"arrays and objects are nested deeper than {max_depth} levels")


def loads(text: str | bytes, max_depth: int = MAX_DEPTH, **options: Any) -> Any:
    """The JSON value of `text` (json.loads with `options`), or TooDeep when it nests past `max_depth`."""
    try:
        value = json.loads(text, **options)
    except RecursionError:
        raise TooDeep(max_depth) from None
    # A text with no more brackets than the limit cannot nest past it: most messages stop here.
    opened = text.count(b"[") + text.count(b"{") if isinstance(text, bytes) else text.count("[") + text.count("{")
    if opened > max_depth and deeper_than(value, max_depth):
        raise TooDeep(max_depth)
    return value


def deeper_than(value: Any, max_depth: int) -> bool:
    """Whether arrays and objects in `value` nest more than `max_depth` levels (walked without recursion)."""
    pending = [(value, 1)] if isinstance(value, dict | list) else []
    while pending:
        node, depth = pending.pop()
        if depth > max_depth:
            return True
        children = node.values() if isinstance(node, dict) else node
        pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False

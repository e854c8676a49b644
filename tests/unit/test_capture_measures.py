"""What ingestion measures with one JSON encoding per event: an event's size as json.dumps writes
it, and the bytes it counts against its buffer. Each must be exactly what json.dumps says."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gasoline.capture.buffers import RingBuffer
from gasoline.capture.ingest import MAX_EVENT_BYTES, separator_spaces, size_over_limit
from gasoline.capture.store import CaptureStore, compact_size

VALUES: list[Any] = [
    {},
    [],
    {"a": []},
    {"type": "console", "level": "log", "message": "café, ☕: 1", "n": [1, 2.5, None, True, {"x": {}}]},
    [[[]], [{}], {"k": [1, "a, b: c"]}],
    {"nested": {"deeper": {"list": [1e300, -0.0, float("inf"), '\n\t"quoted"']}}},
    "just a string",
    7,
]


@pytest.mark.parametrize("value", VALUES)
def test_compact_size_and_spaces_add_up_to_what_json_dumps_writes(value: Any) -> None:
    assert compact_size(value) == len(json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode())
    assert compact_size(value) + separator_spaces(value) == len(json.dumps(value, ensure_ascii=False).encode())


@pytest.mark.parametrize("filler", [MAX_EVENT_BYTES // 2 - 100, MAX_EVENT_BYTES // 2, MAX_EVENT_BYTES - 60])
@pytest.mark.parametrize("members", [1, 40, 4000])
def test_an_event_over_the_limit_is_told_by_its_json_dumps_size(filler: int, members: int) -> None:
    event = {"type": "console", "message": "x" * (filler // members), **{f"k{i}": i for i in range(members)}}
    size = len(json.dumps(event, ensure_ascii=False).encode())
    assert size_over_limit(event, compact_size(event)) == (size if size > MAX_EVENT_BYTES else None)


def test_the_store_counts_an_event_by_its_compact_size_unless_told() -> None:
    store = CaptureStore()
    event = {"type": "console", "level": "log", "message": "a, b: c"}
    store.add(event, 1.0)
    store.add(event, 2.0, size=1000)
    assert store.buffers["logs"].usage().bytes == compact_size(event) + 1000


def test_a_ring_buffer_evicts_by_entries_and_by_bytes_and_counts_it() -> None:
    buffer = RingBuffer("b", max_entries=3, max_bytes=10)
    for index, size in enumerate([4, 4, 1, 1, 6]):
        buffer.append(index, size)
    assert buffer.newest_first() == [4, 3, 2]
    usage = buffer.usage()
    assert (usage.entries, usage.bytes, usage.evicted) == (3, 8, 2)
    assert buffer.clear() == 3 and buffer.usage().bytes == 0

"""The snapshot store's reserved ids: a snapshot given out while it is still being taken is read once
saved (or found missing once it will not be), and one caller at most takes it as its own: the
state-changing call that comes while the snapshot after the last one is being taken."""

from __future__ import annotations

import base64
import threading
import time
from pathlib import Path
from typing import cast

from gasoline.control.service.client import ControlClient
from gasoline.control.service.dialects import Dialect
from gasoline.control.service.link import Sent, ServiceLink
from gasoline.control.snapshots.store import SnapshotStore, StoredSnapshot
from gasoline.control.snapshots.taking import snapshot_after, snapshot_before
from gasoline_generated.control_models import ControlRequest, ControlResponse, ControlSnapshot

STATE = ControlSnapshot(format="sqlite-json/1", data=base64.b64encode(b'{"users": []}').decode(), rows=0)


def test_a_reserved_snapshot_is_read_once_it_is_saved(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path)
    reservation = store.reserve("shop")
    read: list[object] = []
    reader = threading.Thread(target=lambda: read.append(store.get(reservation.snapshot_id)))
    reader.start()
    time.sleep(0.2)
    assert read == [] and store.list("shop") == [], "waiting, and not listed yet"
    saved = store.save("shop", STATE, "c" * 64, None, reservation)
    store.settle(reservation)
    reader.join(5)
    assert saved.snapshot_id == reservation.snapshot_id and read == [saved]
    assert [s.snapshot_id for s in store.list("shop")] == [saved.snapshot_id]


def test_a_reserved_snapshot_that_was_not_taken_is_missing(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path)
    reservation = store.reserve("shop")
    store.settle(reservation)
    assert store.get(reservation.snapshot_id) is None


def test_a_snapshot_being_taken_is_claimed_once_and_only_while_it_is(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path)
    taking = store.reserve("shop")
    assert store.claim("orders") is None, "another service's"
    assert store.claim("shop") is taking
    assert store.claim("shop") is None, "claimed already"
    store.settle(taking)
    store.reserve("shop")
    done = store.reserve("shop")
    store.settle(done)
    claimed = store.claim("shop")
    assert claimed is not None and claimed is not done, "a settled one is not being taken"


def test_each_snapshot_names_the_one_before_it_as_its_parent(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path)
    first = store.save("shop", STATE, None, "clean", None)
    other = store.save("orders", STATE, None, None, None)
    second = store.save("shop", STATE, None, None, None)
    assert first.parent is None and other.parent is None and second.parent == first.snapshot_id
    assert store.delete(first.snapshot_id) and store.get(first.snapshot_id) is None
    assert [s.snapshot_id for s in SnapshotStore(tmp_path).list()] == [second.snapshot_id, other.snapshot_id]


class Service:
    """A service link whose snapshot operation answers when the test lets it, counting what it is asked."""

    name = "shop"
    dialect = Dialect()
    client = ControlClient()

    def __init__(self) -> None:
        self.asked = 0
        self.answer = threading.Event()

    def operation(self, name: str) -> str:
        return name

    def execute(self, operation: str, request: ControlRequest, timeout_s: float) -> Sent:
        self.asked += 1
        assert self.answer.wait(5)
        response = ControlResponse(status="success", result=STATE.model_dump(), checksum="c" * 64)
        return Sent(response, attempts=1, duration_ms=1)


def test_a_call_that_comes_while_the_snapshot_after_the_last_is_taken_runs_after_that_one(tmp_path: Path) -> None:
    store, service = SnapshotStore(tmp_path), Service()
    link = cast(ServiceLink, service)
    after = snapshot_after(link, store, "corr-1")
    before: list[StoredSnapshot] = []
    waiting = threading.Thread(target=lambda: before.append(snapshot_before(link, store, "corr-2")))
    waiting.start()
    time.sleep(0.2)
    assert before == [] and service.asked == 1, "waits for the snapshot being taken"
    service.answer.set()
    waiting.join(5)
    assert [s.snapshot_id for s in before] == [after] and service.asked == 1
    fresh = snapshot_before(link, store, "corr-3")
    assert fresh.snapshot_id != after and fresh.parent == after and service.asked == 2, "none being taken: its own"

"""The project's .gasoline/snapshots/: each service state a snapshot operation returned, compressed,
with its metadata (service, checksum, parent: that service's snapshot before it). Written to a
temporary name and renamed, data before metadata, so a crash leaves no snapshot half there; kept
for backend.snapshot_ttl_seconds, so they survive restarts of the daemon and of the service. A
snapshot can be given out by its id while it is still being taken (reserved): reading it waits."""

from __future__ import annotations

import base64
import binascii
import gzip
import os
import secrets
import threading
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path

from pydantic import BaseModel, ValidationError

from gasoline.workspace.jsonl_log import ignore_in_git
from gasoline_generated.control_models import ControlSnapshot
from gasoline_generated.policy import LIMITS

SNAPSHOT_DIR = Path(".gasoline") / "snapshots"
TTL = timedelta(seconds=LIMITS.backend.snapshot_ttl_seconds)
# Fast compression: a 10,000-row database is a few hundred kilobytes either way.
COMPRESSION_LEVEL = 1
# How long reading a reserved snapshot waits for it at most: a snapshot operation's own time limit.
RESERVED_WAIT_S = LIMITS.timeouts.backend_control_ms / 1000


class StoredSnapshot(BaseModel):
    """A snapshot's metadata, as its .json file keeps it."""

    snapshot_id: str
    name: str | None = None
    service: str
    timestamp: datetime
    expires_at: datetime
    checksum: str | None = None
    format: str
    rows: int | None = None
    size_bytes: int
    parent: str | None = None


@dataclass
class Reservation:
    """The id of a snapshot being taken; `done` once it is saved or never will be."""

    snapshot_id: str
    service: str
    done: threading.Event = field(default_factory=threading.Event)
    claimed: bool = False


class SnapshotStore:
    """A repository's snapshots; its workspace keeps one (Workspace.kept), so saves take turns."""

    def __init__(self, root: Path) -> None:
        self.directory = root / SNAPSHOT_DIR
        self._lock = threading.Lock()
        self._reserved: dict[str, Reservation] = {}
        self._reserving = threading.Lock()
        # Each metadata file read once: it is written whole, once, and a save lists them all.
        self._read: dict[str, StoredSnapshot] = {}

    def reserve(self, service: str) -> Reservation:
        """An id for a snapshot of the service about to be taken (saved with it, or settled unsaved)."""
        reservation = Reservation(new_id(datetime.now(UTC)), service)
        with self._reserving:
            self._reserved[reservation.snapshot_id] = reservation
        return reservation

    def settle(self, reservation: Reservation) -> None:
        """The reserved snapshot is saved, or will not be: whoever waits for it reads what there is."""
        with self._reserving:
            self._reserved.pop(reservation.snapshot_id, None)
        reservation.done.set()

    def claim(self, service: str) -> Reservation | None:
        """The service's snapshot still being taken, for one caller to use as its own, if there is one."""
        with self._reserving:
            taking = [r for r in self._reserved.values() if r.service == service and not r.claimed]
            if not taking:
                return None
            taking[-1].claimed = True
            return taking[-1]

    def save(
        self,
        service: str,
        state: ControlSnapshot,
        checksum: str | None,
        name: str | None,
        reservation: Reservation | None = None,
    ) -> StoredSnapshot:
        try:
            data = base64.b64decode(state.data, validate=True)
        except (binascii.Error, ValueError) as error:
            raise ValueError(f"the snapshot's data is not base64: {error}") from error
        now = datetime.now(UTC)
        snapshot_id = reservation.snapshot_id if reservation else new_id(now)
        compressed = gzip.compress(data, COMPRESSION_LEVEL, mtime=0)
        with self._lock:
            ignore_in_git(self.directory.parent)
            self.directory.mkdir(exist_ok=True)
            self.prune()
            latest = self.list(service)
            stored = StoredSnapshot(
                snapshot_id=snapshot_id,
                name=name,
                service=service,
                timestamp=now,
                expires_at=now + TTL,
                checksum=checksum,
                format=state.format,
                rows=state.rows if isinstance(state.rows, int) else None,
                size_bytes=len(compressed),
                parent=latest[0].snapshot_id if latest else None,
            )
            write_whole(self._data(snapshot_id), compressed)
            write_whole(self._meta(snapshot_id), stored.model_dump_json(exclude_none=True).encode())
            self._read[snapshot_id] = stored
        return stored

    def get(self, snapshot_id: str) -> StoredSnapshot | None:
        """The snapshot (once saved, when it is being taken); None when none is kept under the id."""
        with self._reserving:
            reservation = self._reserved.get(snapshot_id)
        if reservation is not None:
            reservation.done.wait(RESERVED_WAIT_S)
        stored = self._metadata(snapshot_id)
        if stored is None or stored.expires_at <= datetime.now(UTC) or not self._meta(snapshot_id).exists():
            return None  # expired, or deleted (by another daemon too)
        return stored

    def _metadata(self, snapshot_id: str) -> StoredSnapshot | None:
        if not valid_id(snapshot_id):
            return None
        stored = self._read.get(snapshot_id)
        if stored is None:
            try:
                stored = StoredSnapshot.model_validate_json(self._meta(snapshot_id).read_bytes())
            except (FileNotFoundError, ValidationError):
                return None
            self._read[snapshot_id] = stored
        return stored

    def state(self, stored: StoredSnapshot) -> ControlSnapshot:
        """The state as the service's restore operation takes it back."""
        data = gzip.decompress(self._data(stored.snapshot_id).read_bytes())
        fields = {"format": stored.format, "data": base64.b64encode(data).decode("ascii")}
        return ControlSnapshot.model_validate(fields | ({"rows": stored.rows} if stored.rows is not None else {}))

    def list(self, service: str | None = None) -> list[StoredSnapshot]:
        """The snapshots kept (of one service, or all), newest first."""
        if not self.directory.is_dir():
            return []
        now = datetime.now(UTC)
        found = [self._metadata(meta.name.removesuffix(".json")) for meta in self.directory.glob("snap-*.json")]
        kept = [s for s in found if s is not None and s.expires_at > now and (service is None or s.service == service)]
        return sorted(kept, key=lambda s: (s.timestamp, s.snapshot_id), reverse=True)

    def delete(self, snapshot_id: str) -> bool:
        if not valid_id(snapshot_id):
            return False
        with self._lock:
            existed = self._meta(snapshot_id).exists()
            for path in (self._meta(snapshot_id), self._data(snapshot_id)):
                path.unlink(missing_ok=True)
            self._read.pop(snapshot_id, None)
        return existed

    def prune(self) -> None:
        """Remove the expired snapshots (and data whose metadata a crash never wrote)."""
        now = datetime.now(UTC)
        for meta in self.directory.glob("snap-*.json"):
            snapshot_id = meta.name.removesuffix(".json")
            stored = self._metadata(snapshot_id)
            if stored is not None and stored.expires_at <= now:
                meta.unlink(missing_ok=True)
                self._read.pop(snapshot_id, None)
        for data in self.directory.glob("snap-*.data.gz"):
            if not self._meta(data.name.removesuffix(".data.gz")).exists():
                data.unlink(missing_ok=True)

    def _meta(self, snapshot_id: str) -> Path:
        return self.directory / f"{snapshot_id}.json"

    def _data(self, snapshot_id: str) -> Path:
        return self.directory / f"{snapshot_id}.data.gz"


def new_id(now: datetime) -> str:
    return f"snap-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"


def valid_id(snapshot_id: str) -> bool:
    """An id names a file in the directory and nothing else (no separators, no ..)."""
    return snapshot_id.startswith("snap-") and all(c.isalnum() or c == "-" for c in snapshot_id)


def write_whole(path: Path, data: bytes) -> None:
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    with temporary.open("wb") as file:
        file.write(data)
        file.flush()
        os.fsync(file.fileno())
    os.replace(temporary, path)

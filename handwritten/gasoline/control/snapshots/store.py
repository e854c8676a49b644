"""The project's .gasoline/snapshots/: each service state a snapshot operation returned, compressed,
with its metadata (service, checksum, parent: that service's snapshot before it). Written to a
temporary name and renamed, data before metadata, so a crash leaves no snapshot half there; kept
for backend.snapshot_ttl_seconds, so they survive restarts of the daemon and of the service."""

from __future__ import annotations

import base64
import binascii
import contextlib
import gzip
import os
import secrets
import threading
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
    taken_before: str | None = None  # the audit_id of the operation it was taken before


class SnapshotStore:
    """A repository's snapshots; its workspace keeps one (Workspace.kept), so saves take turns."""

    def __init__(self, root: Path) -> None:
        self.directory = root / SNAPSHOT_DIR
        self._lock = threading.Lock()

    def save(
        self, service: str, state: ControlSnapshot, checksum: str | None, name: str | None, taken_before: str | None
    ) -> StoredSnapshot:
        try:
            data = base64.b64decode(state.data, validate=True)
        except (binascii.Error, ValueError) as error:
            raise ValueError(f"the snapshot's data is not base64: {error}") from error
        now = datetime.now(UTC)
        snapshot_id = f"snap-{now:%Y%m%d-%H%M%S}-{secrets.token_hex(3)}"
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
                taken_before=taken_before,
            )
            write_whole(self._data(snapshot_id), compressed)
            write_whole(self._meta(snapshot_id), stored.model_dump_json(exclude_none=True).encode())
        return stored

    def get(self, snapshot_id: str) -> StoredSnapshot | None:
        if not valid_id(snapshot_id):
            return None
        try:
            stored = StoredSnapshot.model_validate_json(self._meta(snapshot_id).read_bytes())
        except (FileNotFoundError, ValidationError):
            return None
        return stored if stored.expires_at > datetime.now(UTC) else None

    def state(self, stored: StoredSnapshot) -> ControlSnapshot:
        """The state as the service's restore operation takes it back."""
        data = gzip.decompress(self._data(stored.snapshot_id).read_bytes())
        fields = {"format": stored.format, "data": base64.b64encode(data).decode("ascii")}
        return ControlSnapshot.model_validate(fields | ({"rows": stored.rows} if stored.rows is not None else {}))

    def list(self, service: str | None = None) -> list[StoredSnapshot]:
        """The snapshots kept (of one service, or all), newest first."""
        if not self.directory.is_dir():
            return []
        found = [self.get(meta.name.removesuffix(".json")) for meta in self.directory.glob("snap-*.json")]
        kept = [s for s in found if s is not None and (service is None or s.service == service)]
        return sorted(kept, key=lambda s: (s.timestamp, s.snapshot_id), reverse=True)

    def delete(self, snapshot_id: str) -> bool:
        if not valid_id(snapshot_id):
            return False
        with self._lock:
            existed = self._meta(snapshot_id).exists()
            for path in (self._meta(snapshot_id), self._data(snapshot_id)):
                path.unlink(missing_ok=True)
        return existed

    def prune(self) -> None:
        """Remove the expired snapshots (and data whose metadata a crash never wrote)."""
        now = datetime.now(UTC)
        for meta in self.directory.glob("snap-*.json"):
            with contextlib.suppress(FileNotFoundError, ValidationError):
                if StoredSnapshot.model_validate_json(meta.read_bytes()).expires_at <= now:
                    meta.unlink(missing_ok=True)
        for data in self.directory.glob("snap-*.data.gz"):
            if not self._meta(data.name.removesuffix(".data.gz")).exists():
                data.unlink(missing_ok=True)

    def _meta(self, snapshot_id: str) -> Path:
        return self.directory / f"{snapshot_id}.json"

    def _data(self, snapshot_id: str) -> Path:
        return self.directory / f"{snapshot_id}.data.gz"


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

"""Sessions: one numbered event log per client of the daemon (an MCP client on stdio or HTTP, or the
panel), kept in the state directory so that it outlives a restart.

The panel is a view of a session's log; resuming is reading it from a cursor, and an export is a
replay of it. Every event passes the redactor before it is kept, so nothing in a log is
unredacted. A delta (a piece of an answer as it streams) is sent to readers and not kept: the
answer's message holds it all. A session unused for `idle_seconds` is closed and its files
removed; past `most` sessions, the one unused longest goes; past `max_events`, a log drops its
oldest tenth.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import queue
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal

from pydantic import ValidationError

from gasoline.core.errors import RedactionUnavailable
from gasoline.safety.redaction import Redactor
from gasoline.state import write_private
from gasoline.workspace.jsonl_log import parsed
from gasoline_generated.models import PanelSession, SessionEvent
from gasoline_generated.policy import LIMITS

Transport = Literal["stdio", "http", "panel"]
EventType = Literal[
    "message", "delta", "evidence", "tool_call", "tool_result", "approval", "provider_request", "watch", "notice",
    "turn",
]  # fmt: skip
# How often a session's last_seen_at is written to disk while it is only being used (every change
# of anything else is written at once).
SEEN_WRITE_SECONDS = 30.0
TRANSIENT_KEPT = 512  # deltas a slow reader can still catch up on (its answer's message has them all)
TAIL_BYTES = 65536  # how much of a log's end is read at start for its count
LATER_BATCH = 256  # records kept together at most, so readers see a busy client's calls as they come
SHOWN_TEXT = ("client_name", "url")  # the metadata a client names, redacted like every event
WITHHELD = "[withheld: redaction unavailable]"


def utc_now() -> datetime:
    """Now, to the millisecond (UTC)."""
    now = datetime.now(UTC)
    return now.replace(microsecond=now.microsecond // 1000 * 1000)


def new_session_id() -> str:
    return "sess_" + secrets.token_hex(12)


OWN_ID = re.compile(r"sess_[0-9a-f]{24}")


def own_ids_kept(raw: Any, safe: Any) -> Any:
    """The redacted data with the session ids the daemon made put back: a session id is a key the
    redactor masks wherever it finds one, but ours name a log and grant nothing."""
    if isinstance(raw, str) and OWN_ID.fullmatch(raw):
        return raw
    if isinstance(raw, dict) and isinstance(safe, dict):
        return {key: own_ids_kept(raw.get(key), value) for key, value in safe.items()}
    if isinstance(raw, list) and isinstance(safe, list) and len(raw) == len(safe):
        return [own_ids_kept(r, s) for r, s in zip(raw, safe, strict=True)]
    return safe


def seq_of(event: SessionEvent) -> int:
    """A kept event's number; 0 for a delta, which has none."""
    return event.seq if isinstance(event.seq, int) else 0


class UnknownSession(KeyError):
    """No session has this id: it expired, was closed, or never existed."""


@dataclass
class _Kept:
    meta: PanelSession
    # Each kept event as its JSON line, by seq: a fraction of a model's memory, parsed when read.
    events: list[tuple[int, bytes]] | None = None  # read from disk when first needed
    counted: bool = True  # False for a session from the last run until its file was read once
    seen_saved: float = field(default_factory=time.monotonic)


@dataclass(frozen=True)
class _Record:
    """An event to keep later, on the log's own thread (an MCP call's, which does not wait for it)."""

    session_id: str
    type: EventType
    turn: int
    redacted: bool
    part: dict[str, Any]


@dataclass(frozen=True)
class Update:
    """What a reader of a session's stream gets: the kept events after its cursor, the deltas after
    its tick, and the tick to wait from next."""

    events: list[SessionEvent]
    deltas: list[SessionEvent]
    tick: int


class SessionLog:
    def __init__(
        self,
        directory: Path | None,
        redactor: Redactor,
        idle_seconds: float,
        most: int,
        max_events: int,
        clock: Callable[[], float] = time.time,
    ) -> None:
        """directory: where the logs are kept (None: in memory only, for tests)."""
        self.directory = directory
        self.redactor = redactor
        self.idle_seconds = idle_seconds
        self.most = most
        self.max_events = max_events
        self.clock = clock
        self._sessions: dict[str, _Kept] = {}
        self._in_memory: collections.OrderedDict[str, None] = collections.OrderedDict()  # used last, last
        self._changed = threading.Condition()
        self._tick = 0
        self._transient: collections.deque[tuple[int, str, SessionEvent]] = collections.deque(maxlen=TRANSIENT_KEPT)
        self._later: queue.SimpleQueue[_Record | Callable[[], object]] = queue.SimpleQueue()
        self._writer: threading.Thread | None = None
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True, mode=0o700)
            self._load(directory)

    # Sessions

    def open(
        self,
        transport: Transport,
        client_name: str,
        *,
        tab_id: int | None = None,
        url: str | None = None,
        provider: str | None = None,
    ) -> PanelSession:
        now = utc_now()
        fields: dict[str, Any] = {
            "session_id": new_session_id(),
            "transport": transport,
            "client_name": self._shown(client_name),
            "created_at": now,
            "last_seen_at": now,
            "state": "ready",
            "events": 0,
            "turns": 0,
            "pending": [],
        }
        optional = {"tab_id": tab_id, "url": self._shown(url) if url else None, "provider": provider}
        session = PanelSession.model_validate(fields | {k: v for k, v in optional.items() if v is not None})
        with self._changed:
            self._expire()
            if len(self._sessions) >= self.most:
                oldest = min(self._sessions.values(), key=lambda kept: kept.meta.last_seen_at)
                self._remove(oldest.meta.session_id)
            # With a directory, events are read from the file when asked for: none yet.
            self._sessions[session.session_id] = _Kept(session, events=None if self.directory else [])
            self._save_meta(session)
        return session

    def get(self, session_id: str) -> PanelSession:
        with self._changed:
            self._expire()
            return self._kept(session_id).meta

    def sessions(self) -> list[PanelSession]:
        """Every session kept, the one used last first."""
        with self._changed:
            self._expire()
            kept = [k.meta for k in self._sessions.values()]
        return sorted(kept, key=lambda meta: meta.last_seen_at, reverse=True)

    def touch(self, session_id: str) -> PanelSession:
        """The client used the session now."""
        with self._changed:
            kept = self._kept(session_id)
            kept.meta = kept.meta.model_copy(update={"last_seen_at": utc_now()})
            if time.monotonic() - kept.seen_saved > SEEN_WRITE_SECONDS:
                self._save_meta(kept.meta)
                kept.seen_saved = time.monotonic()
            return kept.meta

    def update(self, session_id: str, **fields: Any) -> PanelSession:
        """Change a session's metadata (state, provider, tab, url, turns, pending), written at once."""
        fields = {key: self._shown(value) if key in SHOWN_TEXT and isinstance(value, str) else value
                  for key, value in fields.items()}  # fmt: skip
        with self._changed:
            kept = self._kept(session_id)
            kept.meta = PanelSession.model_validate(kept.meta.model_dump(mode="json") | fields)
            self._save_meta(kept.meta)
            self._changed.notify_all()
            return kept.meta

    def close(self, session_id: str) -> None:
        with self._changed:
            if session_id in self._sessions:
                self._remove(session_id)
                self._changed.notify_all()

    # Events

    def append(
        self, session_id: str, type: EventType, turn: int = 0, *, redacted: bool = False, **part: Any
    ) -> SessionEvent:
        """Keep one event, redacted (unless the caller's redactor did that already: a tool's result as
        the client got it), numbered after the last; readers waiting on the session wake."""
        return self._keep(session_id, [self._prepared(type, turn, part, redacted)])[-1]

    def _keep(self, session_id: str, prepared: list[dict[str, Any]]) -> list[SessionEvent]:
        """Number and keep prepared events, written to the session's file in one append."""
        with self._changed:
            kept = self._kept(session_id)
            if not kept.counted:
                self._events(kept)  # an event the last run wrote and did not count keeps its number
            seq = kept.meta.events
            events, lines = [], []
            for fields in prepared:
                seq += 1
                event = SessionEvent.model_validate(fields | {"seq": seq})
                events.append(event)
                lines.append(event.model_dump_json().encode())
            kept.meta = kept.meta.model_copy(update={"events": seq, "last_seen_at": events[-1].at})
            self._write_events(session_id, lines)
            if kept.events is not None:
                kept.events.extend(zip(range(seq - len(lines) + 1, seq + 1), lines, strict=True))
                self._trimmed(session_id, kept.events)
            elif seq // max(1, self.max_events // 10) > (seq - len(lines)) // max(1, self.max_events // 10):
                self._trim_file(session_id)  # a log nobody reads: its file, now and then
            # The count is in the file too (read again at the next start), so the metadata is
            # written only now and then: an MCP client's every call costs one append, no rename.
            if time.monotonic() - kept.seen_saved > SEEN_WRITE_SECONDS:
                self._save_meta(kept.meta)
                kept.seen_saved = time.monotonic()
            self._tick += 1
            self._changed.notify_all()
        return events

    def record(self, session_id: str, type: EventType, turn: int = 0, *, redacted: bool = False, **part: Any) -> None:
        """append, later, on the log's own thread: what an MCP call records costs it nothing, and the
        records that wait meanwhile are kept together (one append to each session's file)."""
        self._do_later(_Record(session_id, type, turn, redacted, part))

    def record_update(self, session_id: str, **fields: Any) -> None:
        """update, later, on the log's own thread."""
        self._do_later(lambda: self.update(session_id, **fields))

    def _do_later(self, action: _Record | Callable[[], object]) -> None:
        self._later.put(action)
        if self._writer is None:
            with self._changed:
                if self._writer is None:
                    self._writer = threading.Thread(target=self._write_later, name="gasoline-sessions", daemon=True)
                    self._writer.start()

    def stream(self, session_id: str, turn: int, delta: str) -> None:
        """Pass a piece of an answer to the session's readers, without keeping it."""
        try:
            text = self.redactor.text(delta)
        except RedactionUnavailable:
            return  # the answer's message (kept, redacted) still carries it, or says it was withheld
        event = SessionEvent(at=utc_now(), type="delta", turn=turn, delta=text)
        with self._changed:
            self._tick += 1
            self._transient.append((self._tick, session_id, event))
            self._changed.notify_all()

    def events(self, session_id: str, after: int = 0) -> list[SessionEvent]:
        """The kept events numbered after `after`, oldest first."""
        with self._changed:
            return parsed_events(self._events(self._kept(session_id)), after)

    @property
    def tick(self) -> int:
        """The number of the latest change (kept event or delta) of any session."""
        with self._changed:
            return self._tick

    def wait(self, session_id: str, after: int, tick: int, timeout: float) -> Update:
        """The events after the cursor and the deltas after the tick, waiting up to timeout for any."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                kept = self._kept(session_id)
                events = parsed_events(self._events(kept), after) if kept.meta.events > after else []
                deltas = [event for t, sid, event in self._transient if t > tick and sid == session_id]
                remaining = deadline - time.monotonic()
                if events or deltas or remaining <= 0:
                    return Update(events, deltas, self._tick)
                self._changed.wait(remaining)

    def flush(self, timeout: float = 5.0) -> None:
        """Wait until what was recorded for later is kept, then write every session's metadata as it
        stands (tests, and a daemon stopping)."""
        done = threading.Event()
        self._later.put(done.set)
        if self._writer is not None:
            done.wait(timeout)
        with self._changed:
            for kept in self._sessions.values():
                self._save_meta(kept.meta)

    # Inside

    def _shown(self, text: str) -> str:
        """Text of a session's metadata, redacted; withheld when redaction fails."""
        try:
            return self.redactor.text(text)
        except RedactionUnavailable:
            return WITHHELD

    def _trimmed(self, session_id: str, events: list[tuple[int, bytes]]) -> None:
        """Past max_events, a log's oldest tenth goes, at once, so that its file is rewritten seldom."""
        if len(events) > self.max_events:
            del events[: len(events) - self.max_events * 9 // 10]
            self._rewrite(session_id, events)

    def _trim_file(self, session_id: str) -> None:
        """_trimmed for a log that is not in memory: its lines counted and cut as bytes, none parsed
        (a busy client's log is thousands of lines, and this runs beside its calls)."""
        if self.directory is None:
            return
        path = self.directory / f"{session_id}.jsonl"
        data = path.read_bytes()
        if data.count(b"\n") <= self.max_events:
            return
        cut = len(data)
        for _ in range(self.max_events * 9 // 10 + 1):
            cut = data.rfind(b"\n", 0, cut)
        write_private(path, data[cut + 1 :].rstrip(b"\n").decode())

    def _write_later(self) -> None:
        while True:
            batch = [self._later.get()]
            with contextlib.suppress(queue.Empty):
                while len(batch) < LATER_BATCH:
                    batch.append(self._later.get_nowait())
            self._run_later(batch)

    def _run_later(self, batch: list[_Record | Callable[[], object]]) -> None:
        """What was recorded for later, in order: runs of records kept together, session by session."""
        records: list[_Record] = []
        for item in [*batch, None]:
            if isinstance(item, _Record):
                records.append(item)
                continue
            by_session: dict[str, list[dict[str, Any]]] = {}
            for record in records:
                prepared = self._prepared(record.type, record.turn, record.part, record.redacted)
                by_session.setdefault(record.session_id, []).append(prepared)
            records = []
            for session_id, prepared_events in by_session.items():
                with contextlib.suppress(UnknownSession):  # the session ended meanwhile
                    self._keep(session_id, prepared_events)
            if item is not None:
                with contextlib.suppress(UnknownSession):
                    item()

    def _prepared(self, type: EventType, turn: int, part: dict[str, Any], redacted: bool) -> dict[str, Any]:
        """An event's fields, redacted unless they were already (a notice in its place if redaction fails)."""
        if redacted:
            return {"at": utc_now(), "type": type, "turn": turn} | part
        raw = {key: value.model_dump(mode="json") if hasattr(value, "model_dump") else value
               for key, value in part.items()}  # fmt: skip
        try:
            safe: dict[str, Any] = own_ids_kept(raw, self.redactor.value(raw))
        except RedactionUnavailable as error:
            notice = {"level": "error", "code": "redaction_failed", "text": f"a {type} event was withheld: {error}"}
            return {"at": utc_now(), "type": "notice", "turn": turn, "notice": notice}
        return {"at": utc_now(), "type": type, "turn": turn} | safe

    def _kept(self, session_id: str) -> _Kept:
        kept = self._sessions.get(session_id)
        if kept is None or kept.meta.state == "closed":
            raise UnknownSession(session_id)
        return kept

    def _events(self, kept: _Kept) -> list[tuple[int, bytes]]:
        """A session's events, in memory while it is among the last used; read again from its file
        after that (an idle session costs the daemon no memory)."""
        if kept.events is None:
            kept.events = list(self._read_events(kept.meta.session_id))
            last = kept.events[-1][0] if kept.events else 0
            if last > kept.meta.events:  # kept, but not yet counted, when the daemon stopped
                kept.meta = kept.meta.model_copy(update={"events": last})
            kept.counted = True
        if self.directory is not None:
            self._in_memory[kept.meta.session_id] = None
            self._in_memory.move_to_end(kept.meta.session_id)
            while len(self._in_memory) > LIMITS.panel.sessions_in_memory:
                gone = self._sessions.get(self._in_memory.popitem(last=False)[0])
                if gone is not None:
                    gone.events = None
        return kept.events

    def _expire(self) -> None:
        cutoff = datetime.fromtimestamp(self.clock() - self.idle_seconds, UTC)
        for session_id, kept in list(self._sessions.items()):
            if kept.meta.last_seen_at < cutoff and not kept.meta.pending:
                self._remove(session_id)

    def _remove(self, session_id: str) -> None:
        del self._sessions[session_id]
        self._in_memory.pop(session_id, None)
        if self.directory is not None:
            for suffix in (".json", ".jsonl"):
                (self.directory / f"{session_id}{suffix}").unlink(missing_ok=True)

    # Files: <id>.json (the metadata, replaced whole) and <id>.jsonl (the events, appended)

    def _load(self, directory: Path) -> None:
        interrupted = []
        for path in directory.glob("sess_*.json"):
            try:
                meta = PanelSession.model_validate_json(path.read_bytes())
            except (OSError, ValidationError):
                continue  # a session whose metadata cannot be read is not offered
            if meta.state != "closed":
                kept = _Kept(meta.model_copy(update={"pending": []}), counted=False)
                self._sessions[meta.session_id] = kept
                self._count_from_tail(kept)
                if meta.pending:
                    interrupted.append(meta)
        for meta in interrupted:
            self._interrupted(meta)

    def _count_from_tail(self, kept: _Kept) -> None:
        """The metadata is written now and then; the log's last line says how far it really went
        (when that line is in the file's last 64 KB; else the log is counted when first read)."""
        path = self.directory / f"{kept.meta.session_id}.jsonl" if self.directory else None
        try:
            with open(path or "", "rb") as log:
                size = log.seek(0, os.SEEK_END)
                log.seek(max(0, size - TAIL_BYTES))
                tail = log.read()
        except OSError:
            return
        for line in reversed(tail.split(b"\n")[1 if size > TAIL_BYTES else 0 :]):
            record = parsed(line)
            if isinstance(record, dict) and isinstance(record.get("seq"), int) and isinstance(record.get("at"), str):
                if record["seq"] >= kept.meta.events:
                    update = {"events": record["seq"], "last_seen_at": datetime.fromisoformat(record["at"])}
                    kept.meta = kept.meta.model_copy(update=update)
                return

    def _interrupted(self, meta: PanelSession) -> None:
        """A session that waited for something when the daemon stopped: what it waited for is gone
        (the turn's thread, the approval requests), and its log says so."""
        text = f"The daemon stopped while this session waited ({', '.join(meta.pending)}); nothing more of it ran."
        self.append(meta.session_id, "notice", notice={"level": "warning", "code": "turn_interrupted", "text": text})
        for waited in meta.pending:
            kind, _, number = waited.partition(":")
            if kind == "turn" and number.isdigit():
                ended = {"state": "failed", "trigger": "question", "steps": 0}
                self.append(meta.session_id, "turn", int(number), turn_state=ended)
        self._save_meta(self._sessions[meta.session_id].meta)  # said once, not at every start

    def _save_meta(self, meta: PanelSession) -> None:
        if self.directory is not None:
            write_private(self.directory / f"{meta.session_id}.json", meta.model_dump_json())

    def _write_events(self, session_id: str, lines: list[bytes]) -> None:
        if self.directory is None:
            return
        descriptor = os.open(self.directory / f"{session_id}.jsonl", os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(descriptor, b"".join(line + b"\n" for line in lines))
        finally:
            os.close(descriptor)

    def _rewrite(self, session_id: str, events: Iterable[tuple[int, bytes]]) -> None:
        if self.directory is not None:
            text = b"\n".join(line for _, line in events).decode()
            write_private(self.directory / f"{session_id}.jsonl", text)

    def _read_events(self, session_id: str) -> Iterable[tuple[int, bytes]]:
        if self.directory is None:
            return
        path = self.directory / f"{session_id}.jsonl"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return
        whole = data.rfind(b"\n") + 1
        if whole < len(data):  # a line torn by a crash: cut, so that the next event begins a line of its own
            os.truncate(path, whole)
        for line in data[:whole].splitlines():
            record = parsed(line)  # torn, or not an event: skipped, the rest is kept
            if isinstance(record, dict) and isinstance(record.get("seq"), int):
                yield record["seq"], line


def parsed_events(lines: Iterable[tuple[int, bytes]], after: int) -> list[SessionEvent]:
    """The events numbered after `after`; a line that is not an event of this version is skipped."""
    found = []
    for seq, line in lines:
        if seq > after:
            with contextlib.suppress(ValidationError):
                found.append(SessionEvent.model_validate_json(line))
    return found


def session_text(events: Iterable[SessionEvent]) -> str:
    """Every kept event as JSON text, for counting masks."""
    return json.dumps([event.model_dump(mode="json") for event in events], ensure_ascii=False)

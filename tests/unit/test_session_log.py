"""SessionLog: a numbered, redacted event log per session, in memory or kept in a directory so that it
outlives a restart; read from a cursor, its oldest tenth dropped past its limit, expired when unused."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from gasoline.panel.sessions import SessionLog, UnknownSession, utc_now
from gasoline.safety.redaction import Redactor, UnavailableRedactor, build_redactor

from .secret_corpus import corpus

SECRET = "ghp_" + "R2d2C3poBb8Yoda4LukeLeia7Han5Chewie9x"
DAY = 86400.0


@pytest.fixture(scope="module")
def redactor() -> Redactor:
    return build_redactor(b"k" * 32)


def log_in(directory: Path | None, redactor: Redactor, **options: float) -> SessionLog:
    settings = {"idle_seconds": DAY, "most": 50, "max_events": 100} | options
    return SessionLog(directory, redactor, settings["idle_seconds"], int(settings["most"]), int(settings["max_events"]))


def said(log: SessionLog, session_id: str, *texts: str, turn: int = 1) -> None:
    for text in texts:
        log.append(session_id, "message", turn, message={"role": "user", "text": text})


def texts(log: SessionLog, session_id: str, after: int = 0) -> list[str]:
    return [event.message.text for event in log.events(session_id, after)]


def test_events_are_numbered_from_one_and_read_from_a_cursor(redactor: Redactor) -> None:
    log = log_in(None, redactor)
    first, second = log.open("panel", "gasoline-panel").session_id, log.open("stdio", "claude").session_id
    said(log, first, "one", "two", "three")
    said(log, second, "other")
    assert [event.seq for event in log.events(first)] == [1, 2, 3]
    assert [event.seq for event in log.events(second)] == [1], "each session counts its own"
    assert texts(log, first, after=1) == ["two", "three"] and texts(log, first, after=3) == []
    assert log.get(first).events == 3 and log.get(second).events == 1
    assert {session.session_id for session in log.sessions()} == {first, second}
    with pytest.raises(UnknownSession):
        log.events("sess_" + "0" * 24)


def test_a_waiting_reader_gets_the_events_after_its_cursor_and_the_deltas_after_its_tick(redactor: Redactor) -> None:
    log = log_in(None, redactor)
    session_id = log.open("panel", "gasoline-panel").session_id
    said(log, session_id, "question")
    start = log.wait(session_id, after=0, tick=-1, timeout=0)
    assert [event.seq for event in start.events] == [1] and start.deltas == []
    log.stream(session_id, 1, "The ans")
    log.stream(session_id, 1, "wer.")
    update = log.wait(session_id, after=1, tick=start.tick, timeout=5)
    assert update.events == [] and [delta.delta for delta in update.deltas] == ["The ans", "wer."]
    assert all(delta.seq is None or not isinstance(delta.seq, int) for delta in update.deltas), "a delta has no seq"
    assert log.events(session_id) == start.events, "deltas are passed on, never kept"
    began = time.monotonic()
    assert log.wait(session_id, after=1, tick=update.tick, timeout=0.05).events == []
    assert time.monotonic() - began >= 0.05


def test_sessions_and_their_events_outlive_the_log(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("panel", "gasoline-panel", tab_id=7, url="http://localhost:3000/cart").session_id
    said(log, session_id, "one", "two")
    log.update(session_id, turns=1, provider="none")
    again = log_in(tmp_path, redactor)
    kept = again.get(session_id)
    assert (kept.events, kept.turns, kept.provider, kept.tab_id) == (2, 1, "none", 7)
    assert texts(again, session_id) == ["one", "two"]
    said(again, session_id, "three")
    assert [event.seq for event in again.events(session_id)] == [1, 2, 3]
    assert sorted(path.name for path in tmp_path.iterdir()) == [f"{session_id}.json", f"{session_id}.jsonl"]


def test_a_torn_last_line_is_skipped_and_the_next_event_is_kept_whole(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("panel", "gasoline-panel").session_id
    said(log, session_id, "one", "two")
    events = tmp_path / f"{session_id}.jsonl"
    with events.open("ab") as torn:  # a crash in the middle of writing a third
        torn.write(b'{"seq": 3, "at": "2026-11-26T12:00:00Z", "type": "mess')
    again = log_in(tmp_path, redactor)
    assert texts(again, session_id) == ["one", "two"]
    said(again, session_id, "three")
    assert texts(log_in(tmp_path, redactor), session_id) == ["one", "two", "three"]
    assert all(json.loads(line) for line in events.read_text().splitlines()), "every line whole"


def test_an_event_kept_before_a_crash_but_not_counted_keeps_its_number(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("panel", "gasoline-panel").session_id
    said(log, session_id, "one", "two")
    meta = (tmp_path / f"{session_id}.json").read_text()
    said(log, session_id, "three")
    (tmp_path / f"{session_id}.json").write_text(meta)  # the crash came before the count was written
    again = log_in(tmp_path, redactor)
    said(again, session_id, "four")
    assert [event.seq for event in again.events(session_id)] == [1, 2, 3, 4]
    assert again.get(session_id).events == 4


def test_a_log_past_max_events_drops_its_oldest_tenth(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor, max_events=10)
    session_id = log.open("panel", "gasoline-panel").session_id
    said(log, session_id, *[f"question {n}" for n in range(1, 11)])
    assert [event.seq for event in log.events(session_id)] == list(range(1, 11)), "up to the limit, all kept"
    said(log, session_id, "question 11")
    assert [event.seq for event in log.events(session_id)] == list(range(3, 12)), "past it, a tenth goes at once"
    assert log.get(session_id).events == 11, "the count goes on"
    again = log_in(tmp_path, redactor, max_events=10)
    assert texts(again, session_id) == [f"question {n}" for n in range(3, 12)]
    said(again, session_id, "question 12")
    assert texts(log_in(tmp_path, redactor, max_events=10), session_id)[-2:] == ["question 11", "question 12"]


def next_millisecond() -> None:
    """Until the log's clock (milliseconds) has moved on, so that two uses are told apart."""
    start = utc_now()
    deadline = time.monotonic() + 1
    while utc_now() == start and time.monotonic() < deadline:
        pass


def test_past_most_sessions_the_one_unused_longest_goes(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor, most=2)
    first = log.open("panel", "a").session_id
    next_millisecond()
    second = log.open("panel", "b").session_id
    next_millisecond()
    said(log, first, "used again")
    next_millisecond()
    third = log.open("panel", "c").session_id
    assert {session.session_id for session in log.sessions()} == {first, third}
    with pytest.raises(UnknownSession):
        log.get(second)
    assert not (tmp_path / f"{second}.jsonl").exists() and not (tmp_path / f"{second}.json").exists()


def test_an_unused_session_expires_unless_it_waits_for_something(tmp_path: Path, redactor: Redactor) -> None:
    now = [time.time()]
    log = SessionLog(tmp_path, redactor, idle_seconds=600, most=50, max_events=100, clock=lambda: now[0])
    idle = log.open("panel", "gasoline-panel").session_id
    waiting = log.open("panel", "gasoline-panel").session_id
    said(log, idle, "question")
    log.update(waiting, pending=["apr_0123456789abcdef0123"])
    now[0] += 599
    assert {session.session_id for session in log.sessions()} == {idle, waiting}
    now[0] += 2
    assert [session.session_id for session in log.sessions()] == [waiting], "a pending approval keeps it"
    with pytest.raises(UnknownSession):
        log.get(idle)
    assert not (tmp_path / f"{idle}.jsonl").exists(), "its files are removed"


def test_every_event_is_redacted_before_it_is_kept(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("panel", "gasoline-panel", url=f"http://localhost:3000/?token={SECRET}").session_id
    secrets = corpus(seed=11)[:20]
    said(log, session_id, *[secret.line for secret in secrets])
    call = {"call_id": "call_1", "tool": "observe", "arguments": {"what": "errors", "url_filter": SECRET}}
    log.append(session_id, "tool_call", 1, tool_call=call)
    log.stream(session_id, 1, f"the key is {SECRET}")
    delta = log.wait(session_id, after=99, tick=0, timeout=1).deltas
    kept = json.dumps([event.model_dump(mode="json") for event in log.events(session_id)])
    on_disk = "".join(path.read_text() for path in tmp_path.iterdir())
    for text in (kept, on_disk, delta[0].model_dump_json(), log.get(session_id).model_dump_json()):
        assert SECRET not in text
        leaks = [s.format for s in secrets if any(len(part) >= 12 and part in text for part in s.value.split())]
        assert not leaks, leaks
    assert kept.count("[REDACTED:") >= len(secrets) + 1 and "[REDACTED:" in delta[0].delta


def test_when_redaction_fails_a_session_still_opens_and_its_events_are_withheld_and_said(tmp_path: Path) -> None:
    log = SessionLog(tmp_path, UnavailableRedactor("no policy", "v0"), DAY, 50, 100)
    session = log.open("http", f"client {SECRET}", url=f"http://localhost/?key={SECRET}")
    log.update(session.session_id, url=f"http://localhost/?token={SECRET}")
    log.append(session.session_id, "message", 1, message={"role": "user", "text": SECRET})
    (event,) = log.events(session.session_id)
    assert event.type == "notice" and event.notice.code == "redaction_failed" and event.seq == 1
    assert session.client_name.startswith("[withheld") and log.get(session.session_id).url.startswith("[withheld")
    on_disk = "".join(path.read_text() for path in tmp_path.iterdir())
    assert SECRET not in on_disk and SECRET not in event.model_dump_json()


def test_what_a_client_names_is_redacted_when_a_session_opens_or_changes(tmp_path: Path, redactor: Redactor) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("http", f"client {SECRET}").session_id
    log.update(session_id, url=f"http://localhost:3000/?token={SECRET}", tab_id=3)
    kept = log.get(session_id)
    assert kept.tab_id == 3 and "[REDACTED:" in kept.url and "[REDACTED:" in kept.client_name
    assert SECRET not in (tmp_path / f"{session_id}.json").read_text()


def test_the_daemons_own_session_ids_are_kept_where_a_pattern_would_mask_them() -> None:
    masking = build_redactor(b"k" * 32, [{"name": "session_like", "pattern": "sess_[0-9a-f]{24}"}])
    log = SessionLog(None, masking, DAY, 50, 100)
    session_id = log.open("panel", "gasoline-panel").session_id
    assert masking.text(session_id) != session_id, "the project's pattern masks an id wherever it finds one"
    envelope = {
        "context_id": "ctx_0123456789abcdef",
        "session_id": session_id,
        "trigger": "errors",
        "fingerprint": "errors:TypeError",
        "summary": f"errors: TypeError in {session_id}",
        "evidence": {"errors": [], "network": [], "actions": [], "command_results": []},
        "redaction": {"policy_version": masking.version, "redacted_count": 0, "blocked": False},
        "created_at": "2026-11-26T12:00:00Z",
    }
    log.append(session_id, "watch", 1, watch=envelope)
    (event,) = log.events(session_id)
    assert event.watch.session_id == session_id, "the id of a session is kept"
    assert session_id not in event.watch.summary and "[REDACTED:" in event.watch.summary, "inside text it is masked"


def test_what_a_session_waited_for_when_the_daemon_stopped_is_ended_in_its_log(
    tmp_path: Path, redactor: Redactor
) -> None:
    log = log_in(tmp_path, redactor)
    session_id = log.open("panel", "gasoline-panel").session_id
    said(log, session_id, "Empty the buffers.", turn=2)
    log.update(session_id, turns=2, pending=["turn:2", "apr_0123456789abcdef0123"])
    again = log_in(tmp_path, redactor)  # the daemon started again: the turn's thread and the request are gone
    assert again.get(session_id).pending == []
    notice, ended = again.events(session_id, after=1)
    assert notice.notice.code == "turn_interrupted" and "apr_0123456789abcdef0123" in notice.notice.text
    assert (ended.type, ended.turn, ended.turn_state.state) == ("turn", 2, "failed")
    assert log_in(tmp_path, redactor).events(session_id, after=3) == [], "said once, not at every start"

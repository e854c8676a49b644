"""The panel's routes against clients that misbehave, on a real daemon over real HTTP: cursors that
are not a seq, more event streams than the daemon keeps open, streams dropped by the hundred, and
wrong pairing codes from another local source. The person's own requests are answered all along."""

from __future__ import annotations

import json
import os
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path
from urllib.parse import quote

import pytest

from gasoline_generated.policy import EXTENSION_ORIGIN, LIMITS

from .panel_client import Answer, Panel, pair, pairing_code, panel_daemon, send
from .processes import Daemon, wait_for

ANSWER_SECONDS = 2  # the person's requests are answered within this, whatever the streams do
CURSORS = {
    "a superscript digit": "\u00b2",
    "an Arabic-Indic digit": "\u0663",
    "5000 digits": "7" * 5000,
    "13 digits": "1" * 13,
    "a sign": "-1",
    "a plus sign": "+1",
}


@pytest.fixture(scope="module")
def daemon(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    with panel_daemon(tmp_path_factory.mktemp("panel-hostile") / "state") as running:
        yield running


@pytest.fixture(scope="module")
def panel(daemon: Daemon) -> Panel:
    return Panel(daemon, pair(daemon))


def stderr_so_far(daemon: Daemon) -> str:
    """What the daemon wrote to its stderr until now (read without waiting for more)."""
    assert daemon.process.stderr is not None
    descriptor = daemon.process.stderr.fileno()
    os.set_blocking(descriptor, False)
    chunks = []
    while True:
        try:
            chunk = os.read(descriptor, 65536)
        except BlockingIOError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode(errors="replace")


def raw_request(port: int, path: str, headers: dict[str, bytes]) -> tuple[int, bytes]:
    """A GET with header values sent as bytes (http.client would refuse those not in Latin-1): its
    status and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as sock:
        head = b"".join(name.encode() + b": " + value + b"\r\n" for name, value in headers.items())
        sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n".encode() + head + b"\r\n"
        )
        received = b""
        while chunk := sock.recv(65536):
            received += chunk
    status_line, _, rest = received.partition(b"\r\n")
    return int(status_line.split()[1]), rest.partition(b"\r\n\r\n")[2]


@pytest.mark.parametrize("raw", list(CURSORS.values()), ids=list(CURSORS))
def test_a_cursor_that_is_not_a_seq_is_refused_in_words(daemon: Daemon, panel: Panel, raw: str) -> None:
    session_id = panel.new_session(provider="none")
    path = f"/panel/sessions/{session_id}/events"
    auth = {"Authorization": f"Bearer {panel.token}".encode()}
    for where, (target, headers) in {
        "after": (f"{path}?after={quote(raw)}", auth),
        "Last-Event-ID (UTF-8)": (path, {**auth, "Last-Event-ID": raw.encode()}),
        "Last-Event-ID (Latin-1)": (path, {**auth, "Last-Event-ID": raw.encode("latin-1", errors="replace")}),
    }.items():
        status, body = raw_request(daemon.port, target, headers)
        assert status == 400, (where, status, body[:300])
        refused = json.loads(body)
        assert set(refused) == {"error", "message"} and refused["error"] == "bad_request", where
        assert where.split()[0] in refused["message"] and "digits" in refused["message"], refused
    assert stderr_so_far(daemon) == "", "the daemon's stderr carries nothing (its log is the file)"
    log = Path(daemon.state_dir) / f"daemon-{daemon.port}.log"
    for line in log.read_text().splitlines():
        assert "Traceback" not in line and json.loads(line)


def answered_within(seconds: float, request: Callable[[], Answer]) -> Answer:
    """The answer to `request`, which must come within `seconds` (waited for as a condition)."""
    got: list[Answer] = []
    done = threading.Event()

    def ask() -> None:
        got.append(request())
        done.set()

    threading.Thread(target=ask, daemon=True).start()
    assert done.wait(seconds), f"no answer within {seconds} s"
    return got[0]


def assert_people_are_answered(daemon: Daemon, panel: Panel) -> None:
    """The panel's status, and a pairing (a wrong code, from a source of its own), each answered
    within the deadline."""
    status = answered_within(ANSWER_SECONDS, lambda: panel.send("GET", "/panel/status"))
    assert status.status == 200, status
    origin = f"http://[::1]:{daemon.port}"
    paired = answered_within(
        ANSWER_SECONDS, lambda: send(daemon.port, "POST", "/panel/pair", {"code": "AAAA-AAAA"}, Origin=origin)
    )
    assert paired.error == "pairing_refused" and paired.status in (403, 429), paired


def open_stream(port: int, token: str, session_id: str) -> socket.socket:
    """A stream asked for and left open, its answer unread."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=15)
    request = (
        f"GET /panel/sessions/{session_id}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
        f"Authorization: Bearer {token}\r\n\r\n"
    )
    sock.sendall(request.encode())
    return sock


def answer_head(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """The status and headers of a stream's answer, with its body when it has a length (a refusal),
    else the body's first bytes."""
    received = b""
    while b"\r\n\r\n" not in received:
        received += received_more(sock)
    head, _, body = received.partition(b"\r\n\r\n")
    status_line, *lines = head.decode().split("\r\n")
    headers = {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)}
    while len(body) < int(headers.get("content-length", 0)):
        body += received_more(sock)
    return int(status_line.split()[1]), headers, body


def received_more(sock: socket.socket) -> bytes:
    chunk = sock.recv(65536)
    assert chunk, "the daemon closed the connection without an answer"
    return chunk


def test_streams_past_their_places_are_refused_and_people_are_answered(daemon: Daemon, panel: Panel) -> None:
    session_id = panel.new_session(provider="none")
    per_panel, most = LIMITS.panel.panel_streams, LIMITS.panel.streams
    asking = {panel.token: 12, pair(daemon): per_panel + 1, pair(daemon): per_panel + 1}
    assert sum(asking.values()) > most
    with ExitStack() as open_streams:
        asked = {
            token: [open_streams.enter_context(open_stream(daemon.port, token, session_id)) for _ in range(count)]
            for token, count in asking.items()
        }
        assert_people_are_answered(daemon, panel)
        heads = {token: [answer_head(sock) for sock in socks] for token, socks in asked.items()}
        statuses = [status for answers in heads.values() for status, _, _ in answers]
        assert statuses.count(200) == most and set(statuses) == {200, 503}, statuses
        for answers in heads.values():
            assert [status for status, _, _ in answers].count(200) <= per_panel, "no panel holds more than its places"
        for status, headers, body in [answer for answers in heads.values() for answer in answers]:
            if status == 503:
                assert headers["retry-after"] == str(LIMITS.panel.stream_retry_seconds)
                assert json.loads(body)["error"] == "too_many_streams"
        assert_people_are_answered(daemon, panel)


def test_streams_dropped_by_the_hundred_free_their_places(daemon: Daemon, panel: Panel) -> None:
    session_id = panel.new_session(provider="none")
    for _ in range(200):
        open_stream(daemon.port, panel.token, session_id).close()
    assert_people_are_answered(daemon, panel)
    for _ in range(2):  # the places of the streams dropped above, then of those held here and dropped
        held = hold_every_place(daemon, panel, session_id)
        for sock in held:
            sock.close()
    assert_people_are_answered(daemon, panel)


def hold_every_place(daemon: Daemon, panel: Panel, session_id: str) -> list[socket.socket]:
    """Streams of this panel, asked for one by one (a refused one holds no place) until it holds all
    its places: they come free soon after the streams holding them lost their client."""
    held: list[socket.socket] = []

    def all_held() -> bool:
        sock = open_stream(daemon.port, panel.token, session_id)
        if answer_head(sock)[0] == 200:
            held.append(sock)
        else:
            sock.close()
        return len(held) == LIMITS.panel.panel_streams

    keepalive = LIMITS.panel.stream_keepalive_ms / 1000
    wait_for(all_held, 3 * keepalive + ANSWER_SECONDS, "places freed by streams whose client went away")
    return held


def test_wrong_codes_from_another_source_leave_the_persons_code_open(daemon: Daemon) -> None:
    code = pairing_code(daemon)
    guesser = {"Origin": f"http://localhost:{daemon.port}"}
    guesses = [send(daemon.port, "POST", "/panel/pair", {"code": f"ZZZZ-{n:04d}"}, **guesser) for n in range(30)]
    attempts = LIMITS.panel.pairing_attempts
    assert [(g.status, g.error) for g in guesses[:attempts]] == [(403, "pairing_refused")] * attempts
    assert {(g.status, g.error) for g in guesses[attempts:]} == {(429, "pairing_refused")}, "then it must wait"
    assert int(guesses[-1].headers["retry-after"]) <= LIMITS.panel.pairing_guess_seconds
    not_heard = send(daemon.port, "POST", "/panel/pair", {"code": code}, **guesser)
    assert not_heard.status == 429, "a source that must wait is not heard, even with the right code"

    person = send(daemon.port, "POST", "/panel/pair", {"code": code}, Origin=EXTENSION_ORIGIN)
    assert person.status == 200, person
    assert send(daemon.port, "GET", "/panel/status", token=person.body["token"]).status == 200

"""The extension and the daemon are updated apart: a real daemon reads what an extension of the
released 1.0 contract sends as before, drops what a newer minor version adds, refuses another
major version whole, and says through /sync, health and its text which side to update. The built
extension in real Chromium states its contract version, keeps the daemon's verdict for the popup,
and falls back to the 1.0 shape for a daemon of that release."""

from __future__ import annotations

import contextlib
import json
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from playwright.sync_api import BrowserContext, Page

from gasoline.capture.contract import extension_contract
from gasoline_generated.contracts import EXTENSION_CONTRACT
from gasoline_generated.policy import LIMITS

from .browsers import chromium_with_extension, open_popup
from .processes import ROOT, Bridge, Daemon, post_as_extension, wait_for

MAJOR, MINOR = (int(part) for part in EXTENSION_CONTRACT.split("."))
NEWER_MINOR = f"{MAJOR}.{MINOR + 1}"  # what an extension updated before the daemon may speak
NEXT_MAJOR = f"{MAJOR + 1}.0"
PREVIOUS_MAJOR = f"{MAJOR - 1}.9"
TS = "2026-11-22T10:30:{:02d}.000Z"
SETTINGS = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}
SYNC = {"extension_version": "0.1.0", "settings": SETTINGS, "dropped_events": 0}
EVENT_TYPES = ("ConsoleEvent", "ExceptionEvent", "NetworkBodyEvent", "NetworkErrorEvent", "WebSocketEvent")
CASES = json.loads((ROOT / "generated/tests/contract_cases.json").read_text())["cases"]
RELEASED = json.loads((ROOT / "spec/releases/extension/1.0.json").read_text())["contract"]


def released(definition: str) -> Draft202012Validator:
    """A message as the released 1.0 contract defines it."""
    schema = {"$ref": f"#/$defs/{definition}", "$defs": RELEASED["definitions"]}
    return Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)


def examples(definitions: tuple[str, ...], valid: bool = True) -> list[dict[str, Any]]:
    """The spec's examples of these definitions."""
    return [case["value"] for case in CASES if case["definition"] in definitions and case["valid"] is valid]


def console(second: int, message: str, **fields: Any) -> dict[str, Any]:
    return {"type": "console", "ts": TS.format(second), "level": "log", "message": message, **fields}


def observe(bridge: Bridge, what: str) -> dict[str, Any]:
    return bridge.result("observe", what=what, limit=100)


def health_text(bridge: Bridge) -> str:
    text: str = bridge.call("configure", {"action": "health"})["result"]["content"][0]["text"]
    return text


def sync(daemon: Daemon, **fields: Any) -> dict[str, Any]:
    status, answer = post_as_extension(daemon.port, "/sync", {**SYNC, **fields})
    assert status == 200, answer
    return answer


# The released shapes


def test_the_released_event_shapes_are_stored_as_before(daemon: Daemon, bridge: Bridge) -> None:
    shapes = [event for event in examples(EVENT_TYPES) if released("CaptureEvent").is_valid(event)]
    assert {event["type"] for event in shapes} == {"console", "exception", "network_body", "network_error", "websocket"}
    status, result = post_as_extension(daemon.port, "/events", {"events": shapes})
    assert (status, result) == (200, {"accepted": len(shapes), "rejected": []})
    consoles = [event["message"] for event in shapes if event["type"] == "console"]
    assert sorted(entry["message"] for entry in observe(bridge, "logs")["entries"]) == sorted(consoles)
    assert bridge.result("configure", action="health")["ingest"] == {"accepted": len(shapes), "rejected": 0}


def test_a_released_sync_gets_the_released_answer(daemon: Daemon, bridge: Bridge) -> None:
    shapes = [
        {**shape, "wait_ms": 0} for shape in examples(("SyncRequest",)) if released("SyncRequest").is_valid(shape)
    ]
    assert shapes, "the spec has examples of the released SyncRequest"
    for shape in shapes:
        status, answer = post_as_extension(daemon.port, "/sync", shape)
        assert status == 200, answer
        assert released("SyncResponse").is_valid(answer), list(released("SyncResponse").iter_errors(answer))
    contract = bridge.result("configure", action="health")["extension"]["contract"]
    # Served as before, and told to update once it is more minor versions behind than the limit allows.
    behind = int(EXTENSION_CONTRACT.split(".")[1]) > LIMITS.extension.contract_minors_behind
    expected = "extension_too_old" if behind else "compatible"
    assert (contract["extension"], contract["daemon"], contract["status"]) == ("1.0", EXTENSION_CONTRACT, expected)


# Events of other versions


def test_a_newer_minor_version_loses_only_the_fields_the_daemon_does_not_know(daemon: Daemon, bridge: Bridge) -> None:
    body = {
        "type": "network_body",
        "ts": TS.format(2),
        "method": "GET",
        "url": "http://127.0.0.1:3000/api/cart",
        "status": 200,
        "requestHeaders": {"X-Future-Header": "kept: headers are an open map"},
        "timing": {"dns": 3},
    }
    batch = [console(1, "from a newer extension", mood="curious"), body]
    status, result = post_as_extension(daemon.port, "/events", {"events": batch, "contract_version": NEWER_MINOR})
    assert (status, result) == (200, {"accepted": 2, "rejected": []})
    [log] = observe(bridge, "logs")["entries"]
    assert log["message"] == "from a newer extension" and "mood" not in log
    [stored] = observe(bridge, "network_bodies")["entries"]
    assert "timing" not in stored and stored["requestHeaders"] == body["requestHeaders"]


def test_a_newer_minor_sync_and_batch_lose_their_own_unknown_fields(daemon: Daemon, bridge: Bridge) -> None:
    future = {"contract_version": NEWER_MINOR, "battery_saver": True}
    answer = sync(
        daemon, **future, tab={"id": 7, "url": "http://localhost/", "title": "t", "tracked": True, "pinned": 1}
    )
    assert answer["contract"]["status"] == "compatible"
    batch = {"events": [console(1, "kept")], "compression": "none", **future}
    status, result = post_as_extension(daemon.port, "/events", batch)
    assert (status, result) == (200, {"accepted": 1, "rejected": []})
    assert [entry["message"] for entry in observe(bridge, "logs")["entries"]] == ["kept"]
    current = {"contract_version": EXTENSION_CONTRACT, "battery_saver": True}
    status, refusal = post_as_extension(daemon.port, "/sync", {**SYNC, **current})
    assert status == 400 and "battery_saver" in refusal["message"]


@pytest.mark.parametrize("version", [None, "1.0", EXTENSION_CONTRACT])
def test_an_unknown_field_is_rejected_by_an_extension_of_this_version_or_older(
    daemon: Daemon, bridge: Bridge, version: str | None
) -> None:
    [colour] = [event for event in examples(("ConsoleEvent",), valid=False) if "colour" in event]
    batch: dict[str, Any] = {"events": [console(1, "fine"), colour]}
    if version is not None:
        batch["contract_version"] = version
    status, result = post_as_extension(daemon.port, "/events", batch)
    assert status == 200 and result["accepted"] == 1
    [rejected] = result["rejected"]
    assert rejected["index"] == 1 and "colour" in rejected["reason"]


@pytest.mark.parametrize(
    ("version", "update"),
    [(NEXT_MAJOR, "Update Gasoline (the daemon)"), (PREVIOUS_MAJOR, "Update the Gasoline extension")],
)
def test_a_batch_of_another_major_version_is_refused_whole(
    daemon: Daemon, bridge: Bridge, version: str, update: str
) -> None:
    batch = {"events": [console(1, "first"), console(2, "second")], "contract_version": version}
    status, answer = post_as_extension(daemon.port, "/events", batch)
    assert status == 400 and answer["error"] == "bad_request"
    assert update in answer["message"] and version in answer["message"] and EXTENSION_CONTRACT in answer["message"]
    assert observe(bridge, "logs")["total"] == 0
    assert bridge.result("configure", action="health")["ingest"] == {"accepted": 0, "rejected": 0}


# What the daemon says of the extension's version


@pytest.mark.parametrize(
    ("version", "status", "update"),
    [
        (PREVIOUS_MAJOR, "extension_too_old", "Update the Gasoline extension"),
        (NEXT_MAJOR, "extension_too_new", "Update Gasoline (the daemon)"),
    ],
)
def test_a_sync_of_a_version_that_does_not_fit_is_told_what_to_update(
    daemon: Daemon, bridge: Bridge, version: str, status: str, update: str
) -> None:
    contract = sync(daemon, contract_version=version)["contract"]
    assert (contract["extension"], contract["daemon"], contract["status"]) == (version, EXTENSION_CONTRACT, status)
    assert contract["message"].startswith(update)
    assert version in contract["message"] and EXTENSION_CONTRACT in contract["message"]
    assert bridge.result("configure", action="health")["extension"]["contract"] == contract
    assert contract["message"] in health_text(bridge)


@pytest.mark.parametrize("version", [EXTENSION_CONTRACT, NEWER_MINOR])
def test_a_sync_of_a_version_that_fits_is_compatible_and_health_says_nothing_more(
    daemon: Daemon, bridge: Bridge, version: str
) -> None:
    assert "contract" not in bridge.result("configure", action="health")["extension"], "none before any sync"
    contract = sync(daemon, contract_version=version)["contract"]
    assert (contract["extension"], contract["status"]) == (version, "compatible")
    assert bridge.result("configure", action="health")["extension"]["contract"] == contract
    assert "extension contract" not in health_text(bridge)


# The built extension in real Chromium


@dataclass
class Received:
    path: str
    body: dict[str, Any]
    status: int


Answer = Callable[[str, dict[str, Any]], tuple[int, dict[str, Any]]]


@dataclass
class StubDaemon:
    """A daemon as far as the extension can tell: /sync and /events on 127.0.0.1, answered by
    `answer`, every body recorded with the status it got. A sync is held as a long poll is."""

    port: int
    received: list[Received] = field(default_factory=list)

    def bodies(self, path: str, status: int) -> list[dict[str, Any]]:
        return [item.body for item in list(self.received) if item.path == path and item.status == status]


@contextmanager
def stub_daemon(answer: Answer) -> Iterator[StubDaemon]:
    closing = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            status, reply = answer(self.path, body)
            stub.received.append(Received(self.path, body, status))
            if status == 200 and self.path == "/sync":
                closing.wait(body.get("wait_ms", 0) / 1000)  # nothing to hand out: the poll runs its course
            data = json.dumps(reply).encode()
            with contextlib.suppress(OSError):  # a newer sync may have replaced this one: nobody reads it
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        def log_message(self, format: str, *args: object) -> None:
            """Quiet: the tests read what was received."""

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    stub = StubDaemon(server.server_address[1])
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        yield stub
    finally:
        closing.set()
        server.shutdown()
        server.server_close()


def next_major_daemon(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A daemon of the next major version: it takes every batch and answers syncs with its verdict."""
    if path == "/events":
        return 200, {"accepted": len(body["events"]), "rejected": []}
    contract = extension_contract(body.get("contract_version", "1.0"), daemon=NEXT_MAJOR)
    return 200, {"service": "gasoline", "version": "9.0.0", "contract": contract.model_dump(mode="json")}


def released_daemon(path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """A daemon of the released 1.0 contract: a body that is not a 1.0 message is refused with the
    property at fault named, as that daemon refused it."""
    name = {"/sync": "SyncRequest", "/events": "EventBatch"}[path]
    problem = next(released(name).iter_errors(body), None)
    if problem is not None:
        return 400, {"error": "bad_request", "message": f"the body is not a valid {name}: {problem.message}"}
    if path == "/events":
        return 200, {"accepted": len(body["events"]), "rejected": []}
    return 200, {"service": "gasoline", "version": "0.1.0"}


def log_in_page(context: BrowserContext, site: str, message: str) -> Page:
    page = context.new_page()
    page.goto(f"{site}dom.html")
    page.evaluate(f"console.log({json.dumps(message)})")
    return page


def logged_messages(bodies: list[dict[str, Any]]) -> list[str]:
    return [event.get("message", "") for body in bodies for event in body["events"]]


def shown_status(popup: Page, connected_to: str) -> None:
    """Wait until the popup says it is connected to this daemon."""
    popup.locator("#status", has_text=f"Connected to {connected_to}").wait_for(timeout=15_000)


def test_the_extension_states_its_version_and_a_daemon_that_fits_shows_no_warning(
    chromium: BrowserContext, bridge: Bridge, site: str
) -> None:
    contract = wait_for(
        lambda: bridge.result("configure", action="health")["extension"].get("contract"),
        what="a sync with its contract",
    )
    assert (contract["extension"], contract["daemon"], contract["status"]) == (
        EXTENSION_CONTRACT,
        EXTENSION_CONTRACT,
        "compatible",
    )
    log_in_page(chromium, site, "a batch in the current contract")
    wait_for(
        lambda: "a batch in the current contract" in [e["message"] for e in observe(bridge, "logs")["entries"]],
        what="the batch stored",
    )
    popup = open_popup(chromium)
    shown_status(popup, "Gasoline")
    assert popup.locator("#contract-warning").is_hidden()


def test_the_popup_warns_when_the_daemon_says_the_extension_is_too_old(tmp_path: Path, site: str) -> None:
    with stub_daemon(next_major_daemon) as stub, chromium_with_extension(stub.port, tmp_path) as context:
        log_in_page(context, site, "a batch for a newer daemon")
        wait_for(lambda: "a batch for a newer daemon" in logged_messages(stub.bodies("/events", 200)), what="the batch")
        wait_for(lambda: stub.bodies("/sync", 200), what="a sync")
        assert {body.get("contract_version") for body in stub.bodies("/events", 200)} == {EXTENSION_CONTRACT}
        assert {body.get("contract_version") for body in stub.bodies("/sync", 200)} == {EXTENSION_CONTRACT}

        popup = open_popup(context)
        shown_status(popup, "Gasoline 9.0.0")
        warning = popup.locator("#contract-warning")
        warning.wait_for(state="visible", timeout=15_000)
        assert warning.inner_text() == (
            f"⚠ Update the Gasoline extension: it speaks {EXTENSION_CONTRACT} and this daemon {NEXT_MAJOR}."
        )


def test_a_daemon_of_the_released_contract_gets_the_released_shapes(tmp_path: Path, site: str) -> None:
    with stub_daemon(released_daemon) as stub, chromium_with_extension(stub.port, tmp_path) as context:
        log_in_page(context, site, "a batch for a released daemon")
        wait_for(
            lambda: "a batch for a released daemon" in logged_messages(stub.bodies("/events", 200)), what="the batch"
        )
        wait_for(lambda: stub.bodies("/sync", 200), what="a sync it took")
        assert all("contract_version" not in body for body in stub.bodies("/events", 200))
        refused = stub.bodies("/sync", 400) + stub.bodies("/events", 400)  # whichever went first
        assert refused and all(body["contract_version"] == EXTENSION_CONTRACT for body in refused)
        assert all("contract_version" not in body for body in stub.bodies("/sync", 200))

        popup = open_popup(context)
        shown_status(popup, "Gasoline 0.1.0")
        assert popup.locator("#contract-warning").is_hidden()

"""The extension proves itself with the token it got by pairing, never with its origin alone (any
local process can send that header): an unpaired caller gets no mask key, stores no events and
receives no browser command; health says whether the extension is paired."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

from gasoline_generated.policy import EXTENSION_ORIGIN

from .browsers import chromium_with_extension, open_popup
from .processes import Bridge, Daemon, pairing_code, post_as_extension, request_json, wait_for
from .processes import health as daemon_health

SETTINGS = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}
SYNC = {"extension_version": "0.1.0", "settings": SETTINGS, "dropped_events": 0, "wait_ms": 0}
EVENT = {"type": "console", "ts": "2026-11-26T12:00:00.000Z", "level": "error", "message": "forged", "tabId": 7}


def mask_key(daemon: Daemon) -> str:
    return (daemon.state_dir / "redaction.key").read_text().strip()


def assert_told_to_pair(status: int, answer: dict[str, Any]) -> None:
    assert status == 401, answer
    assert answer["error"] == "unauthorized" and "gasoline pair" in answer["message"], answer


def test_the_origin_alone_gets_no_mask_key(daemon: Daemon) -> None:
    status, answer = post_as_extension(daemon.port, "/sync", SYNC, paired=False)
    assert_told_to_pair(status, answer)
    assert "redaction" not in answer and mask_key(daemon) not in str(answer)

    wrong = request_json(daemon.port, "/sync", SYNC, Origin=EXTENSION_ORIGIN, Authorization="Bearer guessed")
    assert_told_to_pair(*wrong)

    status, answer = post_as_extension(daemon.port, "/sync", SYNC)
    assert status == 200 and answer["redaction"]["key"] == mask_key(daemon), "a paired extension gets the key"


def test_forged_events_are_refused_and_nothing_is_stored(daemon: Daemon, bridge: Bridge) -> None:
    status, answer = post_as_extension(daemon.port, "/events", {"events": [EVENT]}, paired=False)
    assert_told_to_pair(status, answer)
    assert bridge.result("observe", what="logs")["total"] == 0
    assert bridge.result("configure", action="health")["ingest"] == {"accepted": 0, "rejected": 0}


def test_a_command_for_the_browser_goes_only_to_the_paired_extension(daemon: Daemon, bridge: Bridge) -> None:
    assert post_as_extension(daemon.port, "/sync", SYNC)[0] == 200  # the paired extension is connected
    called: list[dict[str, Any]] = []
    caller = threading.Thread(target=lambda: called.append(bridge.call("analyze", {"what": "page_info"})))
    caller.start()
    try:
        status, answer = post_as_extension(daemon.port, "/sync", {**SYNC, "wait_ms": 3000}, paired=False)
        assert_told_to_pair(status, answer)
        assert "commands" not in answer

        commands = wait_for(lambda: post_as_extension(daemon.port, "/sync", SYNC)[1].get("commands"), 10, "a command")
        assert [command["kind"] for command in commands] == ["page_info"]
        error = {"code": "tab_gone", "message": "the tab was closed"}
        result = {"correlation_id": commands[0]["correlation_id"], "kind": "page_info", "status": "error"}
        result["error"] = error
        assert post_as_extension(daemon.port, "/sync", {**SYNC, "results": [result]})[0] == 200
    finally:
        caller.join(30)
    assert called and called[0]["result"]["isError"], called


def test_health_says_whether_the_extension_is_paired(daemon: Daemon) -> None:
    assert "paired" not in (daemon_health(daemon.port) or {})["extension"], "no extension tried yet"
    post_as_extension(daemon.port, "/sync", SYNC, paired=False)
    extension = (daemon_health(daemon.port) or {})["extension"]
    assert extension["paired"] is False and extension["connected"] is False
    post_as_extension(daemon.port, "/sync", SYNC)
    extension = (daemon_health(daemon.port) or {})["extension"]
    assert extension["paired"] is True and extension["connected"] is True


def test_the_mask_key_is_in_no_report(daemon: Daemon, bridge: Bridge) -> None:
    post_as_extension(daemon.port, "/sync", SYNC)
    key = mask_key(daemon)
    assert key not in str(daemon_health(daemon.port))
    assert key not in str(bridge.result("configure", action="health"))
    assert key not in daemon.files.log.read_text(errors="replace")


def test_an_unpaired_extension_keeps_what_it_captures_and_sends_it_once_paired(
    daemon: Daemon, bridge: Bridge, site: str, tmp_path: Path
) -> None:
    with chromium_with_extension(daemon.port, tmp_path, paired=False) as context:
        popup = open_popup(context)
        expect(popup.locator("#status")).to_have_text(
            f"Not paired with the daemon on port {daemon.port}", timeout=15_000
        )
        expect(popup.locator("#pair-form")).to_contain_text("gasoline pair")
        page = context.new_page()
        page.goto(site + "dom.html")
        for n in range(3):
            page.evaluate(f"console.error('captured before pairing {n}')")
        wait_for(lambda: (daemon_health(daemon.port) or {})["extension"].get("paired") is False, 15, "a refused sync")
        assert bridge.result("observe", what="logs")["total"] == 0, "nothing reaches the daemon unpaired"

        popup.locator("#pair-code").fill(pairing_code(daemon.port).lower().replace("-", ""))  # as typed
        popup.locator("#pair-code").press("Enter")
        expect(popup.locator("#status")).to_contain_text("Connected", timeout=15_000)
        expect(popup.locator("#pair-form")).to_be_hidden()

        def kept() -> list[str]:
            return [entry["message"] for entry in bridge.result("observe", what="logs", limit=50)["entries"]]

        wait_for(lambda: {f"captured before pairing {n}" for n in range(3)} <= set(kept()), 15, "the kept events")
        page.evaluate("console.error('captured after pairing')")
        wait_for(lambda: "captured after pairing" in kept(), 15, "an event captured once paired")
        assert bridge.result("observe", what="page")["extension_connected"]

"""The demo's agent panel: the side panel's page open beside the demo shop in a headless Chromium,
paired with a one-time code (as `gasoline pair` shows one), and a question about the page answered
from the evidence by the offline provider (no model needed). The panel streams the session's
events; the demo prints the same conversation from the session's log."""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from gasoline.demo import headless_chromium
from gasoline.demo_app import DemoApp
from gasoline.local_http import request_json
from gasoline_generated.policy import EXTENSION_ORIGIN

WAIT_SECONDS = 30
QUESTION = "What is going wrong on this page?"


class Waited(RuntimeError):
    pass


def until(condition: Any, what: str) -> Any:
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise Waited(f"the demo waited {WAIT_SECONDS} s for {what}")


def answer(port: int, method: str, path: str, token: str | None, body: Any = None) -> Any:
    status, found = request_json(port, method, path, token, body)
    if status >= 400:
        raise RuntimeError(f"{method} {path}: {status} {found}")
    return found


def panel_session(port: int) -> None:
    with DemoApp() as shop, tempfile.TemporaryDirectory(prefix="gasoline-demo-panel-") as work:
        extension = headless_chromium.extension_for_port(port, Path(work) / "extension")
        # The side panel pairs the whole extension: its worker syncs and uploads with the same token.
        panel_url = f"{EXTENSION_ORIGIN}/sidepanel.html#pair={headless_chromium.pairing_code(port)}"
        profile = Path(work) / "profile"
        chromium = headless_chromium.launch(extension, profile, f"{shop.url}?run=all", headless_chromium.TABS_FLAG)
        try:
            headless_chromium.open_tab(profile, panel_url)
            show(port)
        finally:
            headless_chromium.stop(chromium)


def show(port: int) -> None:
    # The demo asks as the person would type it: through the panel's own routes, with a token of its own.
    token = answer(port, "POST", "/panel/pair", None, {"code": headless_chromium.pairing_code(port)})["token"]
    print(f"-> {EXTENSION_ORIGIN}/sidepanel.html#pair=XXXX-XXXX  (the panel pairs with the code and opens a session)")
    session = until(lambda: panel_of(port, token), "the panel's session")
    print(f"   panel session {session['session_id']} ({session['client_name']}, {session['transport']})")
    until(lambda: answer(port, "GET", "/panel/status", token)["extension_connected"], "the extension")
    until(lambda: errors_seen(port), "the shop's errors")
    turn = answer(port, "POST", f"/panel/sessions/{session['session_id']}/messages", token,
                  {"text": QUESTION, "provider": "none"})  # fmt: skip
    print(f"-> asked in the panel: {QUESTION!r}  <- turn {turn['turn']} with provider {turn['provider']}")
    events = until(lambda: turn_ended(port, token, session["session_id"], turn["turn"]), "the answer")
    for event in events:
        if event["type"] == "evidence":
            card = event["evidence"]
            print(f"   evidence card {card['title']}: {card['summary'][:100]}")
        elif event["type"] == "provider_request":
            masks = event["provider_request"]["redaction"]["redacted_count"]
            print(f"   request to the provider (what the model saw): {masks} secrets masked")
        elif event["type"] == "message" and event["message"]["role"] == "assistant":
            print("   answer:")
            for line in event["message"]["text"].splitlines()[:8]:
                print(f"     {line[:110]}")


def panel_of(port: int, token: str) -> dict[str, Any] | None:
    sessions = answer(port, "GET", "/panel/sessions", token)["sessions"]
    return next((s for s in sessions if s["transport"] == "panel" and s["client_name"] == "gasoline-panel"), None)


def errors_seen(port: int) -> bool:
    """Whether the shop's errors reached the daemon (its health counts what was captured)."""
    health = answer(port, "GET", "/health", None)
    return any(buffer["name"] == "errors" and buffer["entries"] >= 5 for buffer in health["buffers"])


def turn_ended(port: int, token: str, session_id: str, turn: int) -> list[dict[str, Any]] | None:
    events = answer(port, "GET", f"/panel/sessions/{session_id}/events?format=json", token)["events"]
    mine = [event for event in events if event["turn"] == turn]
    done = any(e["type"] == "turn" and e["turn_state"]["state"] != "started" for e in mine)
    return mine if done else None

"""An exception no route expected answers a RequestError with status 500 and goes to the daemon's
log as facts; nothing reaches stderr (falcon's own handler writes the traceback there)."""

from __future__ import annotations

import logging

import falcon.testing
import pytest

from gasoline.composition import create_daemon
from gasoline.panel.sessions import SessionLog

from .daemon_app import HOST, daemon_app


def broken_listing(self: SessionLog) -> list[object]:
    raise RuntimeError("the session index is broken")


def test_an_unexpected_exception_is_a_structured_500_logged_as_facts(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, capsys: pytest.CaptureFixture[str]
) -> None:
    daemon = create_daemon()
    pairing = daemon.panel.pairing
    token = pairing.pair(pairing.new_code().code).token
    monkeypatch.setattr(SessionLog, "sessions", broken_listing)
    client = falcon.testing.TestClient(daemon_app(daemon))
    with caplog.at_level(logging.ERROR, logger="gasoline"):
        response = client.simulate_get("/panel/sessions", headers={**HOST, "Authorization": f"Bearer {token}"})
    assert response.status_code == 500
    assert response.json["error"] == "internal_error" and "GET /panel/sessions" in response.json["message"]
    assert "broken" not in response.json["message"], "the reason stays in the log"
    (record,) = [r for r in caplog.records if r.name == "gasoline" and r.exc_info]
    assert record.exc_info is not None and str(record.exc_info[1]) == "the session index is broken"
    assert capsys.readouterr().err == ""
    assert client.simulate_get("/nowhere", headers=HOST).json["error"] == "not_found", "falcon's own errors keep theirs"

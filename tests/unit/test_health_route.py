"""GET /health always names the daemon that answers, even when the full report fails."""

from __future__ import annotations

import os
from dataclasses import replace

import falcon.testing
import pytest

from gasoline import __version__
from gasoline.composition import Daemon, DaemonConfig, create_daemon, create_services
from gasoline.contract import ModeHandler
from gasoline.core.dispatch import Dispatcher
from gasoline.safety.redaction import UnavailableRedactor
from gasoline.text_forms import ModelText
from gasoline_generated.dispatch import MODES

from .daemon_app import HOST, daemon_app


def failing_health(params: object, ctx: object) -> object:
    raise RuntimeError("report broken")


def client(daemon: Daemon) -> falcon.testing.TestClient:
    return falcon.testing.TestClient(daemon_app(daemon))


def test_health_reports_the_daemon() -> None:
    response = client(create_daemon()).simulate_get("/health", headers=HOST)
    assert response.status_code == 200 and response.json["service"] == "gasoline"
    assert {buffer["name"] for buffer in response.json["buffers"]} == {
        "logs",
        "errors",
        "network_bodies",
        "websocket_events",
    }


def test_a_failing_report_still_names_the_daemon() -> None:
    daemon = create_daemon()
    services = daemon.services
    dispatcher = Dispatcher(
        {("configure", "health"): MODES[("configure", "health")]},
        {("configure", "health"): ModeHandler(failing_health)},
        services.approvals,
        services.extension,
        services.background,
        ModelText(),
    )
    response = client(replace(daemon, dispatcher=dispatcher)).simulate_get("/health", headers=HOST)
    assert response.status_code == 500
    assert (response.json["service"], response.json["version"], response.json["pid"]) == (
        "gasoline",
        __version__,
        os.getpid(),
    )
    assert "report broken" in response.json["error"]["message"]


def test_an_unredactable_report_still_names_the_daemon_and_says_why() -> None:
    config = DaemonConfig()
    services = replace(create_services(config), redactor=UnavailableRedactor("the policy is gone", "1"))
    response = client(create_daemon(config, services)).simulate_get("/health", headers=HOST)
    assert response.status_code == 503 and response.json["service"] == "gasoline"
    assert (
        response.json["error"]["error"] == "redaction_failed"
        and "the policy is gone" in response.json["error"]["message"]
    )
    assert "buffers" not in response.json, "nothing unredacted is served"


@pytest.mark.parametrize("path", ["/approvals", "//approvals", "/approvals/", "/./approvals"])
def test_the_approval_route_takes_the_approver_token_however_it_is_spelled(path: str) -> None:
    http = client(create_daemon())
    host = {"Host": "127.0.0.1:7000"}
    for token in (None, "token", "approver"):
        headers = {**host, **({"Authorization": f"Bearer {token}"} if token else {})}
        status = http.simulate_get(path, headers=headers).status_code
        if token == "approver":
            assert status != 401, path
        else:
            assert status in (401, 404), (path, token, status)

"""GET /health always names the daemon that answers, even when the full report fails."""

from __future__ import annotations

import os

import falcon.testing
import pytest

from gasoline import __version__
from gasoline.core.dispatch import Dispatcher
from gasoline.runtime import Runtime
from gasoline.safety.redaction import UnavailableRedactor
from gasoline_generated.dispatch import MODES

from .daemon_app import HOST, daemon_app


class FailingHealth:
    def __init__(self, runtime: object) -> None:
        pass

    def health(self, params: object, ctx: object) -> object:
        raise RuntimeError("report broken")


def client(dispatcher: Dispatcher, runtime: Runtime) -> falcon.testing.TestClient:
    return falcon.testing.TestClient(daemon_app(runtime, dispatcher))


def test_health_reports_the_daemon() -> None:
    runtime = Runtime.start()
    response = client(Dispatcher(runtime), runtime).simulate_get("/health", headers=HOST)
    assert response.status_code == 200 and response.json["service"] == "gasoline"
    assert {buffer["name"] for buffer in response.json["buffers"]} == {
        "logs",
        "errors",
        "network_bodies",
        "websocket_events",
    }


def test_a_failing_report_still_names_the_daemon() -> None:
    runtime = Runtime.start()
    dispatcher = Dispatcher(
        runtime, {("configure", "health"): MODES[("configure", "health")]}, {"configure": f"{__name__}:FailingHealth"}
    )
    response = client(dispatcher, runtime).simulate_get("/health", headers=HOST)
    assert response.status_code == 500
    assert (response.json["service"], response.json["version"], response.json["pid"]) == (
        "gasoline",
        __version__,
        os.getpid(),
    )
    assert "report broken" in response.json["error"]["message"]


def test_an_unredactable_report_still_names_the_daemon_and_says_why() -> None:
    runtime = Runtime.start()
    runtime.redactor = UnavailableRedactor("the policy is gone", "1")
    response = client(Dispatcher(runtime), runtime).simulate_get("/health", headers=HOST)
    assert response.status_code == 503 and response.json["service"] == "gasoline"
    assert (
        response.json["error"]["error"] == "redaction_failed"
        and "the policy is gone" in response.json["error"]["message"]
    )
    assert "buffers" not in response.json, "nothing unredacted is served"


@pytest.mark.parametrize("path", ["/approvals", "//approvals", "/approvals/", "/./approvals"])
def test_the_approval_route_takes_the_approver_token_however_it_is_spelled(path: str) -> None:
    runtime = Runtime.start()
    http = client(Dispatcher(runtime), runtime)
    for token in (None, "token", "approver"):
        headers = {**HOST, **({"Authorization": f"Bearer {token}"} if token else {})}
        status = http.simulate_get(path, headers=headers).status_code
        if token == "approver":
            assert status != 401, path
        else:
            assert status in (401, 404), (path, token, status)

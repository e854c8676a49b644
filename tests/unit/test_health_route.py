"""GET /health always names the daemon that answers, even when the full report fails."""

from __future__ import annotations

import os

import falcon.testing

from gasoline import __version__
from gasoline.core.catalog import SERVER_INFO
from gasoline.core.dispatch import Dispatcher
from gasoline.core.local_tools import LocalTools
from gasoline.core.protocol import McpServer
from gasoline.daemon.app import Tokens, create_app
from gasoline.runtime import Runtime
from gasoline.transports.http import Sessions
from gasoline_generated.dispatch import MODES


class FailingHealth:
    def __init__(self, runtime: object) -> None:
        pass

    def health(self, params: object, ctx: object) -> object:
        raise RuntimeError("report broken")


def client(dispatcher: Dispatcher, runtime: Runtime) -> falcon.testing.TestClient:
    server = McpServer(SERVER_INFO, LocalTools(dispatcher, runtime.redactor, runtime.continuations, 1000))
    app = create_app(server, dispatcher, runtime.approvals, Sessions(60), 7000, Tokens("token", "approver"), 1000)
    return falcon.testing.TestClient(app)


def test_health_reports_the_daemon() -> None:
    runtime = Runtime.start()
    response = client(Dispatcher(runtime), runtime).simulate_get("/health", headers={"Host": "127.0.0.1:7000"})
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
    response = client(dispatcher, runtime).simulate_get("/health", headers={"Host": "127.0.0.1:7000"})
    assert response.status_code == 500
    assert (response.json["service"], response.json["version"], response.json["pid"]) == (
        "gasoline",
        __version__,
        os.getpid(),
    )
    assert "report broken" in response.json["error"]["message"]

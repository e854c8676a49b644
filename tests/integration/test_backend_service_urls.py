"""Where backend control sends the control token, and what a service URL that cannot be used gets.

The token goes to the services the project's .gasoline/config.yaml names, or to a URL once the
person approved sending it there (authorize); a listener on 127.0.0.1 that nobody named never
sees it. Every malformed or unreachable service URL gets a precise structured error through MCP."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gasoline_generated.policy import LIMITS

from .backend_services import RecordingService, approval, approved, audit_lines
from .conftest import Isolated
from .processes import Bridge, free_port, running_bridge, running_daemon

ENV_TOKEN = "env-control-token-" + "k" * 24  # the daemon's GASOLINE_CONTROL_TOKEN
NAMED_TOKEN = "named-control-token-" + "n" * 24
SECONDS = 20  # a call that is never answered fails the test after this long


@contextmanager
def client(isolated: Isolated, config: str = "") -> Iterator[Bridge]:
    """An MCP client (a stdio bridge) of a project with this config, and its daemon, which has a
    GASOLINE_CONTROL_TOKEN in its environment."""
    path = isolated.state_dir.parent / ".gasoline" / "config.yaml"
    path.parent.mkdir(exist_ok=True)
    path.write_text(config)
    with (
        running_daemon(isolated.state_dir, port=isolated.port, GASOLINE_CONTROL_TOKEN=ENV_TOKEN),
        running_bridge(isolated.state_dir, isolated.port) as bridge,
    ):
        bridge.initialize()
        yield bridge


def call(bridge: Bridge, tool: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    result = bridge.call(tool, arguments, seconds=SECONDS)["result"]
    return bool(result.get("isError")), result["structuredContent"]


def control(bridge: Bridge, service: str, operation: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    return call(bridge, "interact", action="backend_control", service=service, operation=operation, **arguments)


def test_a_url_nobody_named_is_never_sent_the_token(isolated: Isolated) -> None:
    with RecordingService().running() as listener, client(isolated) as bridge:
        url = f"http://127.0.0.1:{listener.port}"
        failed, health = call(bridge, "observe", what="backend_state", service=url, query_type="health")
        assert not failed and health["reachable"] is True, health
        failed, values = call(bridge, "observe", what="backend_state", service=url, keys=["touches"])
        assert not failed and values["state"] == {"touches": 0}, values
        failed, read = control(bridge, url, "state")
        assert not failed and read["status"] == "success", read
        failed, shadow = control(bridge, url, "touch", shadow_mode=True)
        assert not failed and shadow["applied"] is False, shadow
        assert len(listener.seen) >= 5 and listener.authorizations() == [], "asked, and never sent a token"
        failed, asked = control(bridge, url, "touch")
        assert failed and asked["error"] == "approval_required", asked
        details = asked["details"]
        assert details["scope"] == f"service:{url}" and details["mutation"] == "destructive", details
        assert url in details["summary"] and "no control token" in details["summary"], details["summary"]
        touched = approved(bridge, isolated, "interact", action="backend_control", service=url, operation="touch")
        assert touched["applied"] is True and listener.touches == 1, touched
        assert listener.authorizations() == [], "an approved state change carries no token either"


def test_the_token_goes_to_a_url_only_with_authorize_once_the_person_approved_that_url(isolated: Isolated) -> None:
    with RecordingService(wants=ENV_TOKEN).running() as listener, client(isolated) as bridge:
        url = f"http://127.0.0.1:{listener.port}"
        failed, refused = control(bridge, url, "state")
        assert failed and refused["error"] == "service_unreachable", refused
        assert "401" in refused["message"] and "authorize" in refused["message"], refused["message"]
        failed, state = call(bridge, "observe", what="backend_state", service=url, query_type="operations")
        assert not failed and state["reachable"] is False and "401" in state["error"], state
        failed, shadow = control(bridge, url, "touch", shadow_mode=True, authorize=True)
        assert failed and shadow["error"] == "invalid_arguments", shadow
        assert shadow["problems"][0]["parameter"] == "authorize", shadow
        failed, asked = control(bridge, url, "state", authorize=True)
        assert failed and asked["error"] == "approval_required", asked
        details = asked["details"]
        assert details["scope"] == f"service:{url}" and details["mutation"] == "destructive", details
        assert f"{url}/.gasoline/control" in details["summary"], details["summary"]
        assert "GASOLINE_CONTROL_TOKEN" in details["summary"], details["summary"]
        assert listener.authorizations() == [], "nothing carried the token before the approval"
        done = approved(bridge, isolated, "interact", action="backend_control", service=url, operation="state",
                        authorize=True)  # fmt: skip
        assert done["status"] == "success" and done["result"] == {"values": {"touches": 0}}, done
        assert set(listener.authorizations()) == {f"Bearer {ENV_TOKEN}"}, "the approved call carried it"


def test_a_named_service_gets_its_own_token(isolated: Isolated) -> None:
    with RecordingService(wants=NAMED_TOKEN).running() as listener:
        entry = f"{{name: ledger, url: 'http://127.0.0.1:{listener.port}', token: {NAMED_TOKEN}}}"
        config = f"backend:\n  services:\n    - {entry}\n"
        with client(isolated, config) as bridge:
            failed, health = call(bridge, "observe", what="backend_state", service="ledger", query_type="health")
            assert not failed and health["reachable"] is True, health
            failed, read = control(bridge, "ledger", "state")
            assert not failed and read["result"] == {"values": {"touches": 0}}, read
            failed, needless = control(bridge, "ledger", "state", authorize=True)
            assert failed and needless["error"] == "invalid_arguments", needless
            assert "config.yaml" in needless["message"], needless["message"]
    assert set(listener.authorizations()) == {f"Bearer {NAMED_TOKEN}"}


MALFORMED = {
    "http://127.0.0.1:0": "port 0 is out of range (1-65535)",
    "http://127.0.0.1:99999": "port 99999 is out of range (1-65535)",
    "http://127.0.0.1": "names no port",
    "http://127.0.0.1:": "names no port",
    "http://127.0.0.1:http": "port 'http' is not a number",
    "http://[::1": "not a URL",
    "ftp://127.0.0.1:21": "http or https",
    "http://someone:secret@127.0.0.1:4000": "user name or password",
    "http://127.0.0.1:4000/api": "base URL",
}


def test_each_malformed_url_is_an_invalid_argument_naming_what_is_wrong(isolated: Isolated) -> None:
    with client(isolated) as bridge:
        for url, why in MALFORMED.items():
            for tool, arguments in (
                ("interact", {"action": "backend_control", "operation": "state"}),
                ("interact", {"action": "backend_control", "operation": "state", "authorize": True}),
                ("observe", {"what": "backend_state", "query_type": "health"}),
            ):
                failed, error = call(bridge, tool, service=url, **arguments)
                assert failed and error["error"] == "invalid_arguments", (url, tool, error)
                assert why in error["message"] and error["problems"][0]["parameter"] == "service", (url, error)
            failed, audit = call(bridge, "observe", what="audit_log", service=url)
            assert not failed and audit["count"] == 0, "a filter, never a request"
        snapshot = {"action": "snapshot", "session_action": "create", "service": "http://127.0.0.1:99999"}
        approval_id = approval(bridge, isolated, "configure", **snapshot)
        failed, error = call(bridge, "configure", **snapshot, approval_id=approval_id)
        assert failed and error["error"] == "invalid_arguments" and "out of range" in error["message"], error
        assert audit_lines(isolated) == []


@contextmanager
def silent_listener() -> Iterator[int]:
    """A port on 127.0.0.1 that takes connections and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        yield listener.getsockname()[1]


def test_each_unreachable_service_is_a_structured_error_saying_what_happened(isolated: Isolated) -> None:
    with silent_listener() as silent:
        config = (
            "backend:\n  services:\n"
            "    - {name: nowhere, url: 'http://gasoline-nowhere.invalid:4000'}\n"
            "    - {name: misconfigured, url: 'http://127.0.0.1:99999'}\n"
        )
        unreachable = {
            f"http://127.0.0.1:{free_port()}": "connection refused",
            f"http://127.0.0.1:{silent}": f"no answer within {LIMITS.backend.discovery_timeout_ms} ms",
            "nowhere": "does not resolve",
            "misconfigured": "port 99999 is out of range (1-65535)",
        }
        with client(isolated, config) as bridge:
            for service, why in unreachable.items():
                failed, error = control(bridge, service, "state")
                assert failed and error["error"] == "service_unreachable", (service, error)
                assert why in error["message"], (service, error["message"])
                failed, state = call(bridge, "observe", what="backend_state", service=service, query_type="health")
                assert not failed and state["reachable"] is False and why in state["error"], (service, state)
    assert audit_lines(isolated) == []

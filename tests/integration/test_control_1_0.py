"""A backend service built to the released control protocol 1.0 keeps working: through MCP, the
daemon reads its discovery (safe as the hints, examples from JSON text), runs its safe operations
at once and asks a person before the others, sends it only what 1.0's closed ControlRequest
accepts (the idempotency key as request_id), passes shadow mode and correlation ids through,
audits every call, and snapshots and restores state of the service's own shape. A service of a
version the daemon does not speak is told apart from one that cannot be reached."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .backend_services import OrdersService, approval, approved, audit_lines, call, ok
from .conftest import Isolated, project_daemon
from .processes import Bridge, running_bridge


@pytest.fixture
def orders() -> Iterator[OrdersService]:
    with OrdersService().running() as running:
        yield running


@pytest.fixture
def future() -> Iterator[OrdersService]:
    """The same service, naming a version of the protocol that does not exist yet."""
    with OrdersService(version_header="2.0").running() as running:
        yield running


@pytest.fixture
def bridge(isolated: Isolated, orders: OrdersService, future: OrdersService) -> Iterator[Bridge]:
    config = (
        "backend:\n  services:\n"
        f"    - {{name: orders, url: 'http://127.0.0.1:{orders.port}'}}\n"
        f"    - {{name: future, url: 'http://127.0.0.1:{future.port}'}}\n"
    )
    with project_daemon(isolated, config), running_bridge(isolated.state_dir, isolated.port) as running:
        running.initialize()
        yield running


def control(bridge: Bridge, operation: str, **arguments: Any) -> tuple[bool, dict[str, Any]]:
    return call(bridge, "interact", action="backend_control", service="orders", operation=operation, **arguments)


def test_discovery_health_and_state_are_read_in_today_terms(bridge: Bridge, orders: OrdersService) -> None:
    listed = ok(bridge, "observe", what="backend_state", service="orders", query_type="operations")
    operations = {operation["name"]: operation for operation in listed["operations"]}
    hints = {name: (op["read_only"], op["destructive"], op["idempotent"]) for name, op in operations.items()}
    assert hints == {
        "list_orders": (True, False, True),
        "place_order": (False, True, False),
        "state": (True, False, True),
        "snapshot": (True, False, True),
        "restore": (False, True, False),
    }
    assert operations["place_order"]["examples"] == [{"item": "tea", "quantity": 2}], "JSON text that is an object"
    assert operations["place_order"]["params"]["required"] == ["item"]
    health = ok(bridge, "observe", what="backend_state", service="orders", query_type="health")
    assert health["health"]["protocol_version"] == "1.0" and health["health"]["service_version"] == "0.9.0"

    orders.store.run("place_order", {"item": "tea"})
    values = ok(bridge, "observe", what="backend_state", service="orders", keys=["order_count", "colour"])
    assert values["state"] == {"order_count": 1} and values["missing_keys"] == ["colour"]
    everything = ok(bridge, "observe", what="backend_state", service="orders")
    assert everything["state"] == {"order_count": 1, "items": ["tea"]}
    assert orders.refused == [], "every request fit 1.0's ControlRequest"


def test_a_safe_operation_runs_at_once_and_another_asks_first_then_sends_a_request_id(
    bridge: Bridge, isolated: Isolated, orders: OrdersService
) -> None:
    failed, read = control(bridge, "list_orders", correlation_id="c-read")
    assert not failed and read["status"] == "success" and read["result"] == {"orders": []}, read
    assert read["applied"] is False and "snapshot_before" not in read
    assert orders.received("list_orders")[0]["correlation_id"] == "c-read"

    order = {"item": "tea", "quantity": 2}
    failed, asked = control(bridge, "place_order", params=order, correlation_id="c-write")
    assert failed and asked["error"] == "approval_required" and asked["details"]["mutation"] == "destructive"
    assert orders.received("place_order") == [], "nothing is sent before the approval"
    done = approved(bridge, isolated, "interact", action="backend_control", service="orders",
                    operation="place_order", params=order, correlation_id="c-write")  # fmt: skip
    assert done["status"] == "success" and done["applied"] is True and done["result"] == {"order_id": 1}, done
    assert done["attempts"] == 1 and done["snapshot_before"] != done["snapshot_after"]
    assert "checksum" not in done, "the service's own checksum is no SHA-256"
    assert orders.store.placed == [{"id": 1, "item": "tea", "quantity": 2}]
    [sent] = orders.received("place_order")
    assert sent["request_id"] == done["idempotency_key"] and "idempotency_key" not in sent
    assert sent["correlation_id"] == "c-write" and sent["params"] == order
    assert orders.refused == [], "every request fit 1.0's ControlRequest"

    written = ok(bridge, "observe", what="audit_log", correlation_id="c-write")["entries"]
    assert [(e["operation"], e["audit_id"], e["status"]) for e in written] == [
        ("place_order", done["audit_id"], "success")
    ]
    assert written[0]["snapshot_before"] == done["snapshot_before"]
    read_entries = ok(bridge, "observe", what="audit_log", correlation_id="c-read")["entries"]
    assert [(e["operation"], e["applied"]) for e in read_entries] == [("list_orders", False)]


def test_params_that_do_not_fit_are_refused_before_anything_is_sent(
    bridge: Bridge, isolated: Isolated, orders: OrdersService
) -> None:
    failed, misfit = control(bridge, "place_order", params={"item": "", "quantity": 0})
    assert failed and misfit["error"] == "invalid_arguments", misfit
    assert {problem["parameter"] for problem in misfit["problems"]} == {"params.item", "params.quantity"}
    failed, extra = control(bridge, "list_orders", params={"limit": 5})
    assert failed and extra["error"] == "invalid_arguments"
    assert orders.requests == [] and audit_lines(isolated) == [], "nothing was sent, nothing recorded"


def test_shadow_and_dry_runs_pass_through_and_change_nothing(bridge: Bridge, orders: OrdersService) -> None:
    order = {"item": "cake"}
    failed, shadow = control(bridge, "place_order", params=order, shadow_mode=True, correlation_id="c-shadow")
    assert not failed, shadow
    assert shadow["status"] == "success" and shadow["applied"] is False and shadow["shadow_mode"] is True
    assert shadow["result"] == {"order_id": 1}, "the predicted result"
    failed, dry = control(bridge, "place_order", params=order, dry_run=True)
    assert not failed and dry["applied"] is False and dry["dry_run"] is True
    assert "snapshot_before" not in shadow and "snapshot_before" not in dry
    [shadowed, dried] = orders.received("place_order")
    assert shadowed["shadow_mode"] is True and shadowed["correlation_id"] == "c-shadow"
    assert dried["dry_run"] is True
    assert orders.store.placed == [] and orders.refused == []


def test_snapshot_and_restore_carry_the_state_in_the_service_own_shape(
    bridge: Bridge, isolated: Isolated, orders: OrdersService
) -> None:
    orders.store.run("place_order", {"item": "tea"})
    snap = approved(bridge, isolated, "configure", action="snapshot", session_action="create", service="orders")
    assert snap["status"] == "created" and "checksum" not in snap
    taken = orders.store.run("snapshot", {})
    approved(bridge, isolated, "interact", action="backend_control", service="orders", operation="place_order",
             params={"item": "cake", "quantity": 3})  # fmt: skip
    assert [order["item"] for order in orders.store.placed] == ["tea", "cake"]

    arguments = {"action": "snapshot", "session_action": "restore", "snapshot_id": snap["snapshot_id"]}
    approval_id = approval(bridge, isolated, "configure", **arguments)
    restored = bridge.call("configure", {**arguments, "approval_id": approval_id}, seconds=60)["result"]
    assert not restored.get("isError"), restored
    assert restored["structuredContent"]["status"] == "restored"
    assert "not verified by checksum" in restored["content"][0]["text"], "a restore it could not verify says so"
    assert orders.store.run("snapshot", {}) == taken, "the state is the snapshot's again"
    assert orders.received("restore")[-1]["params"] == taken, "restore got back what snapshot returned"
    assert orders.refused == []

    entries = {entry["audit_id"]: entry for entry in audit_lines(isolated)}
    assert entries[snap["audit_id"]]["kind"] == "snapshot"
    restore = entries[restored["structuredContent"]["audit_id"]]
    assert restore["kind"] == "restore" and restore["status"] == "success" and restore["result"] == {"restored": 1}


def test_a_service_of_another_version_is_told_so_and_not_called_unreachable(
    bridge: Bridge, future: OrdersService
) -> None:
    answer = bridge.call("observe", {"what": "backend_state", "service": "future", "query_type": "operations"})
    result = answer["result"]
    state = result["structuredContent"]
    assert not result.get("isError") and state["reachable"] is True, state
    text = result["content"][0]["text"]
    for said in (state["error"], text):
        assert "2.0" in said and "1.0 and 1.1" in said and "unreachable" not in said, said
    failed, refused = call(bridge, "interact", action="backend_control", service="future", operation="list_orders")
    assert failed and refused["error"] == "service_protocol_error", refused
    assert "2.0" in refused["message"] and "1.0 and 1.1" in refused["message"]
    assert "unreachable" not in refused["message"]
    assert future.requests == [], "nothing was sent to it"

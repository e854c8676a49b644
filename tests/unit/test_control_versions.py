"""The dialects of the control protocol: which version a service's OPTIONS answer names, and how a
1.0 service's answers and a newer minor's are read into today's models."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from pydantic import MISSING

from gasoline.control.service import released
from gasoline.control.service.client import ServiceProtocolError
from gasoline.control.service.dialects import Dialect, FirstRelease, Misfit, dialect_for, restore_params
from gasoline_generated.control_models import PROTOCOL_VERSION, ControlRequest

ENDPOINT = "http://127.0.0.1:9/.gasoline/control"
OPERATION_1_1 = {"name": "state", "category": "inspection", "read_only": True, "description": "Values."}
DISCOVERY_1_1 = {"service": "orders", "protocol_version": "1.1", "operations": [OPERATION_1_1]}


@pytest.mark.parametrize("header", ["1", "1.0", " 1 "])
def test_the_first_release_is_named_1_or_1_0(header: str) -> None:
    dialect = dialect_for(ENDPOINT, header)
    assert isinstance(dialect, FirstRelease) and dialect.version == "1.0"


def test_a_later_minor_is_read_with_today_models_and_a_newer_one_as_newer() -> None:
    today = dialect_for(ENDPOINT, PROTOCOL_VERSION)
    assert type(today) is Dialect and today.version == PROTOCOL_VERSION and not today.newer
    assert dialect_for(ENDPOINT, "1.97").newer


@pytest.mark.parametrize("header", ["2.0", "banana", "0.9", "1.x"])
def test_any_other_version_is_refused_naming_it_and_the_versions_spoken(header: str) -> None:
    with pytest.raises(ServiceProtocolError) as refused:
        dialect_for(ENDPOINT, header)
    assert header in str(refused.value) and f"1.0 and {PROTOCOL_VERSION}" in str(refused.value)


def test_a_newer_minor_answer_loses_only_the_fields_this_daemon_does_not_know() -> None:
    operation = OPERATION_1_1 | {"cost": "cheap"}
    body = DISCOVERY_1_1 | {"protocol_version": "1.97", "region": "eu", "operations": [operation]}
    discovery = Dialect("1.97", newer=True).discovery(body)
    assert discovery.operations[0].name == "state" and discovery.protocol_version == "1.97"
    error = {"code": "busy", "message": "later", "retry_after_ms": 50}
    response = Dialect("1.97", newer=True).response({"status": "error", "lease": 3, "error": error})
    assert response.error is not MISSING and response.error.code == "busy"
    with pytest.raises(Misfit, match=r"not a ControlDiscovery of control protocol 1\.1: region"):
        Dialect("1.1").discovery(DISCOVERY_1_1 | {"region": "eu"})


def test_a_1_0_discovery_is_checked_against_its_release_and_read_in_today_terms() -> None:
    operations: list[dict[str, Any]] = [
        {"name": "read", "category": "inspection", "safe": True, "description": "r", "examples": ['{"a": 1}']},
        {"name": "wipe", "category": "state_management", "safe": False, "description": "w",
         "examples": ["[1]", "{nope", '{"b": 2}']},
    ]  # fmt: skip
    discovery = FirstRelease().discovery({"service": "orders", "protocol_version": "1", "operations": operations})
    read, wipe = discovery.operations
    assert (read.read_only, read.destructive, read.idempotent, read.examples) == (True, False, True, [{"a": 1}])
    assert (wipe.read_only, wipe.destructive, wipe.idempotent, wipe.examples) == (False, True, False, [{"b": 2}])
    assert discovery.protocol_version == "1.0"
    with pytest.raises(Misfit, match=r"of control protocol 1\.0"):
        FirstRelease().discovery(DISCOVERY_1_1)


def test_a_1_0_request_carries_the_idempotency_key_as_request_id_and_nothing_1_0_does_not_know() -> None:
    request = ControlRequest(operation="wipe", correlation_id="c-1", idempotency_key="idem-1", dry_run=True)
    body = FirstRelease().request(request)
    assert body == {"operation": "wipe", "params": {}, "correlation_id": "c-1", "request_id": "idem-1",
                    "shadow_mode": False, "dry_run": True}  # fmt: skip
    assert released.problem("1.0", "ControlRequest", body) is None
    assert released.problem("1.0", "ControlRequest", Dialect().request(request)) is not None


def test_a_1_0_response_keeps_only_a_checksum_that_is_a_sha256() -> None:
    sha = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
    assert FirstRelease().response({"status": "success", "checksum": "v7"}).checksum is MISSING
    kept = FirstRelease().response({"status": "success", "checksum": sha, "result": {}})
    assert kept.checksum == sha and kept.applied is MISSING
    with pytest.raises(Misfit, match="applied"):
        FirstRelease().response({"status": "success", "applied": True})


def test_a_1_0_snapshot_of_its_own_shape_goes_back_to_restore_as_it_came() -> None:
    result = {"orders": [{"id": 1, "item": "tée"}], "next_id": 2}
    assert restore_params(FirstRelease().snapshot(result)) == result
    state = FirstRelease().state_values({"order_count": 1, "items": ["tea"]}, ["order_count", "colour"])
    assert state.values == {"order_count": 1} and state.missing_keys == ["colour"]
    assert FirstRelease().state_params(["order_count"]) == {} and FirstRelease().restored(result) is None


def test_the_schemas_of_a_release_are_read_only_once_a_service_is_driven() -> None:
    probe = "import sys, gasoline.control.backend; print('jsonschema' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert loaded.stdout.strip() == "False"

"""/approvals in the daemon's app: generated models on success, a RequestError with a precise code otherwise."""

from __future__ import annotations

import falcon.testing
import pytest

from gasoline.composition import Daemon, create_daemon
from gasoline_generated.models import Approval, PendingApprovals
from gasoline_generated.policy import LIMITS

from .daemon_app import HOST, TOKENS, daemon_app

HUMAN = {**HOST, "Authorization": f"Bearer {TOKENS.approver}"}


@pytest.fixture
def daemon() -> Daemon:
    return create_daemon()


@pytest.fixture
def http(daemon: Daemon) -> falcon.testing.TestClient:
    return falcon.testing.TestClient(daemon_app(daemon))


def asked(daemon: Daemon) -> str:
    """A pending request, from a gated call as an MCP client makes it."""
    failure = daemon.dispatcher.call("configure", {"action": "clear"}).structured
    assert failure["error"] == "approval_required"
    return failure["details"]["request_id"]


def refusal(response: falcon.testing.Result) -> tuple[int, str]:
    assert set(response.json) == {"error", "message"} and response.json["message"], response.json
    return response.status_code, response.json["error"]


def test_the_listing_and_a_decision_are_the_spec_models(daemon: Daemon, http: falcon.testing.TestClient) -> None:
    request_id = asked(daemon)
    listing = http.simulate_get("/approvals", headers=HUMAN)
    assert listing.status_code == 200
    (shown,) = PendingApprovals.model_validate(listing.json).pending
    assert (shown.request_id, shown.status, shown.tool, shown.mode) == (request_id, "pending", "configure", "clear")
    decided = http.simulate_post(f"/approvals/{request_id}", json={"decision": "approve"}, headers=HUMAN)
    assert decided.status_code == 200
    assert Approval.model_validate(decided.json).status == "approved"
    assert http.simulate_get("/approvals", headers=HUMAN).json == {"pending": []}


def test_every_refusal_is_a_request_error_with_its_code(daemon: Daemon, http: falcon.testing.TestClient) -> None:
    request_id = asked(daemon)
    path = f"/approvals/{request_id}"
    cases = [
        (http.simulate_get("/approvals", headers=HOST), (401, "unauthorized")),
        (
            http.simulate_post(path, json={"decision": "approve"}, headers={**HOST, "Authorization": "Bearer token"}),
            (401, "unauthorized"),
        ),
        (http.simulate_get("/approvals", headers={**HUMAN, "Origin": "http://evil.example.com"}), (403, "forbidden")),
        (http.simulate_post(path, body=b"{approve", headers=HUMAN), (400, "bad_request")),
        (http.simulate_post(path, headers=HUMAN), (400, "bad_request")),
        (http.simulate_post(path, json={"decision": "maybe"}, headers=HUMAN), (400, "bad_request")),
        (http.simulate_post(path, json={"decision": "approve", "why": "x"}, headers=HUMAN), (400, "bad_request")),
        (http.simulate_post(path, json=["approve"], headers=HUMAN), (400, "bad_request")),
        (
            http.simulate_post("/approvals/apr_" + "0" * 24, json={"decision": "deny"}, headers=HUMAN),
            (404, "unknown_request"),
        ),
        (http.simulate_post(path, body=b" " * (LIMITS.mcp.max_body_bytes + 1), headers=HUMAN), (413, "too_large")),
    ]
    for response, expected in cases:
        assert refusal(response) == expected
    assert cases[0][0].headers["www-authenticate"].startswith("Bearer")
    assert "decision" in cases[5][0].json["message"], "the message says what is wrong"
    assert http.simulate_post(path, json={"decision": "deny"}, headers=HUMAN).status_code == 200
    assert refusal(http.simulate_post(path, json={"decision": "approve"}, headers=HUMAN)) == (409, "already_decided")

"""POST /sync hands the extension what it needs to mask as the daemon does, and takes the counts
of what the extension masked, which health then reports under extension."""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import replace
from typing import Any

import falcon.testing

from gasoline.composition import Daemon, DaemonConfig, create_daemon, create_services
from gasoline.safety.redaction import UnavailableRedactor
from gasoline_generated.policy import EXTENSION_ORIGIN

from .daemon_app import HOST, daemon_app

SETTINGS = {"captureWebSockets": True, "captureNetworkBodies": False, "aiWebPilotEnabled": False}
GITHUB = "ghp_" + "Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9Fe8Dc7B"


def extension_headers(daemon: Daemon) -> dict[str, str]:
    """What a paired extension sends: its origin and the token a pairing code was traded for."""
    pairing = daemon.panel.pairing
    token = pairing.pair(pairing.new_code().code).token
    return {**HOST, "Origin": EXTENSION_ORIGIN, "Authorization": f"Bearer {token}"}


def sync(client: falcon.testing.TestClient, daemon: Daemon, **fields: Any) -> dict[str, Any]:
    body = {"extension_version": "0.1.0", "settings": SETTINGS, "dropped_events": 0, **fields}
    response = client.simulate_post("/sync", json=body, headers=extension_headers(daemon))
    assert response.status_code == 200, response.text
    result: dict[str, Any] = response.json
    return result


def test_the_handover_masks_as_the_daemon_does() -> None:
    daemon = create_daemon()
    handover = sync(falcon.testing.TestClient(daemon_app(daemon)), daemon)["redaction"]
    assert handover["patterns"] == []
    expected = hmac.new(bytes.fromhex(handover["key"]), GITHUB.encode(), hashlib.sha256).hexdigest()[:8]
    assert daemon.services.redactor.text(GITHUB) == f"[REDACTED:api_key:{expected}]"


def test_a_daemon_that_cannot_redact_hands_nothing_over() -> None:
    services = replace(create_services(DaemonConfig()), redactor=UnavailableRedactor("the policy is gone", "1"))
    daemon = create_daemon(DaemonConfig(), services)
    answer = sync(falcon.testing.TestClient(daemon_app(daemon)), daemon)
    assert "redaction" not in answer and answer["service"] == "gasoline"


def test_health_adds_up_what_the_extension_masked() -> None:
    daemon = create_daemon()
    client = falcon.testing.TestClient(daemon_app(daemon))
    sync(client, daemon, redacted_count=[{"class": "api_key", "count": 2}, {"class": "api_key", "count": 1}])
    sync(client, daemon, redacted_count=[{"class": "credential", "count": 4}])
    sync(client, daemon)
    health = client.simulate_get("/health", headers=HOST).json
    assert health["extension"]["redacted_count"] == [
        {"class": "api_key", "count": 3},
        {"class": "credential", "count": 4},
    ]
    assert health["redaction"]["redacted_count"] == [], "the daemon itself masked nothing"

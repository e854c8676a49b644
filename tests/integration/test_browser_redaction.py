"""Secrets are masked in the browser, before anything leaves it: the demo shop in a real headless
Chromium logs and posts secrets, and what the daemon stores already carries the masks, hashed
with the daemon's own key; health counts them as masked by the extension, while the daemon
itself masked nothing."""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext

from gasoline.demo_app import DemoApp

from .browsers import chromium_with_extension, open_popup, switch_on
from .conftest import Isolated, initialized_bridge, project_daemon
from .processes import Bridge, Daemon, wait_for

GITHUB = "ghp_" + "Zq8Xw7Vu6Ts5Rq4Po3Nm2Lk1Ji0Hg9Fe8Dc7B"
TICKET = "TKT-004211-QXPZ"
PASSWORD = "Tr0ub4dor&3"


@pytest.fixture(scope="module")
def shop() -> Iterator[DemoApp]:
    with DemoApp() as app:
        yield app


@pytest.fixture
def ticket_daemon(isolated: Isolated) -> Iterator[Daemon]:
    """A daemon whose project adds a pattern of its own."""
    with project_daemon(
        isolated, 'redaction:\n  patterns:\n    - {name: ticket, pattern: "TKT-[0-9]{6}-[A-Z]{4}"}\n'
    ) as running:
        yield running


@pytest.fixture
def project_bridge(ticket_daemon: Daemon, isolated: Isolated) -> Iterator[Bridge]:
    with initialized_bridge(isolated) as running:
        yield running


@pytest.fixture
def capturing(ticket_daemon: Daemon, tmp_path: Path) -> Iterator[BrowserContext]:
    """Chromium with bodies captured, once the worker holds the daemon's key and patterns."""
    with chromium_with_extension(ticket_daemon.port, tmp_path) as context:
        switch_on(context, "#capture-network-bodies")
        worker = context.service_workers[0]
        wait_for(
            lambda: worker.evaluate(
                "chrome.storage.session.get('redactionHandover').then((s) => !!s.redactionHandover)"
            ),
            15,
            "the daemon's redaction handover in the worker",
        )
        yield context


def entries(bridge: Bridge, what: str) -> list[dict[str, Any]]:
    return bridge.result("observe", what=what, limit=100)["entries"]


def hashed_mask(state_dir: Path, secret: str, secret_class: str) -> str:
    key = bytes.fromhex((state_dir / "redaction.key").read_text().strip())
    return f"[REDACTED:{secret_class}:{hmac.new(key, secret.encode(), hashlib.sha256).hexdigest()[:8]}]"


def test_secrets_are_masked_in_the_browser_with_the_daemons_key(
    shop: DemoApp, capturing: BrowserContext, project_bridge: Bridge, isolated: Isolated
) -> None:
    page = capturing.new_page()
    page.goto(shop.url)
    page.wait_for_function("window.gasolineDemo !== undefined")
    page.evaluate(
        """([token, ticket, password]) => {
            console.log(`deploying with ${token}`);
            console.warn('ticket', ticket);
            console.info({service: 'billing', apiKey: token});
            return fetch('/api/login', {method: 'POST', headers: {'content-type': 'application/json'},
                                         body: JSON.stringify({user: 'dana', password})});
        }""",
        [GITHUB, TICKET, PASSWORD],
    )

    logs = wait_for(
        lambda: (lambda found: found if len(found) >= 3 else None)(entries(project_bridge, "logs")), 15, "the logs"
    )
    text = json.dumps(logs)
    token_mask = hashed_mask(isolated.state_dir, GITHUB, "api_key")
    assert f"deploying with {token_mask}" in text
    assert "[REDACTED:user_pattern]" in text and TICKET not in text
    assert GITHUB not in text

    bodies = wait_for(lambda: entries(project_bridge, "network_bodies") or None, 15, "the login body")
    login = next(body for body in bodies if body["url"].endswith("/api/login"))
    assert json.loads(login["requestBody"]) == {"user": "dana", "password": "[REDACTED:credential]"}

    open_popup(capturing).close()  # the popup asks for a sync, which carries the worker's counts

    def counts(health: dict[str, Any]) -> dict[str, int] | None:
        found = {count["class"]: count["count"] for count in health["extension"].get("redacted_count", [])}
        return found if {"api_key", "user_pattern", "credential"} <= set(found) else None

    in_browser = wait_for(
        lambda: counts(project_bridge.result("configure", action="health")), 15, "the worker's counts"
    )
    assert in_browser["api_key"] >= 2 and in_browser["user_pattern"] >= 1 and in_browser["credential"] >= 1
    health = project_bridge.result("configure", action="health")
    in_daemon = {count["class"]: count["count"] for count in health["redaction"]["redacted_count"]}
    assert not in_daemon, f"the daemon had secrets to mask, so they left the browser: {in_daemon}"


DRF_TOKEN = "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"
API_KEY = "0123456789abcdef0123456789abcdef"
CSRF = "Qw8Er7Ty6Ui5Op4As3Df2Gh1Jk0Lz"
FORM_PASSWORD = "hunter2&amp;&lt;"
REGISTRY_AUTH = "ZGFuYTpIdW50ZXIyUGFzcyE="  # dana:Hunter2Pass!
PGP_BODY = "lQOYBF0abcdEFGHijklMNOPqrstUVWXyz0123456789abcdEFGHijklMNOPqrstUVW"
PGP_KEY = f"-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n{PGP_BODY}\n=Qw8E\n-----END PGP PRIVATE KEY BLOCK-----"


def test_header_registry_key_and_form_secrets_never_leave_the_browser(
    shop: DemoApp, capturing: BrowserContext, project_bridge: Bridge, isolated: Isolated
) -> None:
    """Tokens in headers, a registry's auth, a PGP key block logged by the page, and the CSRF and
    password fields analyze dom reads: masked by the worker, so the daemon has nothing to mask."""
    page = capturing.new_page()
    page.goto(shop.url)
    page.wait_for_function("window.gasolineDemo !== undefined")
    page.evaluate(
        """([token, apiKey, csrf, password, auth, key]) => {
            document.body.insertAdjacentHTML('beforeend',
                `<form id="secret-form"><input name="csrf_token" type="hidden" value="${csrf}">` +
                `<input type="password" name="pw" value="${password}"></form>` +
                `<meta id="csrf-meta" name="csrf-token" content="${csrf}">`);
            console.log(`Authorization: Token ${token}`);
            console.log(`x-api-key: ${apiKey}`);
            console.log(JSON.stringify({auths: {'registry.example.com': {auth}}}));
            console.error(key);
        }""",
        [DRF_TOKEN, API_KEY, CSRF, FORM_PASSWORD, REGISTRY_AUTH, PGP_KEY],
    )
    secrets = [DRF_TOKEN, API_KEY, CSRF, "hunter2", REGISTRY_AUTH, PGP_BODY]

    logs = wait_for(
        lambda: (lambda found: found if len(found) >= 4 else None)(entries(project_bridge, "logs")), 15, "the logs"
    )
    fields = json.dumps(project_bridge.result("analyze", what="dom", selector="#secret-form input, #csrf-meta"))
    assert '"name": "csrf_token"' in fields and "[REDACTED:csrf" in fields and "[REDACTED:credential]" in fields
    seen = json.dumps(logs) + fields
    assert [secret for secret in secrets if secret in seen] == []
    assert [secret for secret in secrets if secret in logs_written(isolated.state_dir)] == []

    health = project_bridge.result("configure", action="health")
    in_daemon = {count["class"]: count["count"] for count in health["redaction"]["redacted_count"]}
    assert not in_daemon, f"the daemon had secrets to mask, so they left the browser: {in_daemon}"


def logs_written(state_dir: Path) -> str:
    return "".join(path.read_text(errors="replace") for path in state_dir.glob("*.log*"))

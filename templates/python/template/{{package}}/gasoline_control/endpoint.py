"""/.gasoline/control apart from any web framework: whether it is mounted at all, the guards
every request passes (loopback peer, bearer token), and the answer to each method. The framework
adapters only translate requests and replies."""

from __future__ import annotations

import hmac
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import settings
from .engine import Engine
from .failures import FAILURES
from .log import logger, make_visible
from .protocol_generated import PROTOCOL_VERSION, ControlDiscovery
from .registry import REGISTRY

CONTROL_PATH = "/.gasoline/control"
ENVIRONMENT_SWITCH = "GASOLINE_CONTROL_ENV"
TOKEN_VARIABLE = "GASOLINE_CONTROL_TOKEN"
ALLOW_REMOTE_SWITCH = "GASOLINE_CONTROL_ALLOW_REMOTE"
LOOPBACK_PEERS = frozenset({"127.0.0.1", "::1", "::ffff:127.0.0.1"})
ALLOWED_METHODS = "GET, POST, OPTIONS"


@dataclass(frozen=True)
class Reply:
    status: int
    body: dict[str, Any] | None = None
    headers: Mapping[str, str] = field(default_factory=dict)
    # Answer as if the endpoint did not exist: the app's own 404.
    hidden: bool = False


class Endpoint:
    def __init__(self, token: str, allow_remote: bool = False, version: str | None = None) -> None:
        self._token = token.encode("utf-8")
        self._allow_remote = allow_remote
        self._version = version
        self._engine = Engine(REGISTRY, FAILURES)

    @classmethod
    def from_environment(cls, version: str | None = None, environ: Mapping[str, str] = os.environ) -> Endpoint | None:
        """The endpoint when the environment allows it, else None (and the log says why when the
        switch is on)."""
        make_visible()
        environment = environ.get(ENVIRONMENT_SWITCH, "")
        if environment not in settings.ALLOWED_ENVIRONMENTS:
            if environment:
                allowed = ", ".join(sorted(settings.ALLOWED_ENVIRONMENTS))
                logger.info(
                    "%s not mounted: %s=%s is not one of %s", CONTROL_PATH, ENVIRONMENT_SWITCH, environment, allowed
                )
            return None
        token = environ.get(TOKEN_VARIABLE, "")
        if not token:
            logger.warning(
                "%s not mounted: %s=%s but %s is not set", CONTROL_PATH, ENVIRONMENT_SWITCH, environment, TOKEN_VARIABLE
            )
            return None
        allow_remote = environ.get(ALLOW_REMOTE_SWITCH) == "1"
        logger.info(
            "%s mounted (%s=%s%s)",
            CONTROL_PATH,
            ENVIRONMENT_SWITCH,
            environment,
            ", remote peers allowed" if allow_remote else "",
        )
        return cls(token, allow_remote, version)

    def refuse(self, peer: str | None, authorization: str | None) -> Reply | None:
        """The reply to a request the guards stop, or None when it may go on."""
        if not self._allow_remote and peer not in LOOPBACK_PEERS:
            return Reply(404, hidden=True)
        scheme, _, token = (authorization or "").partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(token.strip().encode("utf-8"), self._token):
            return Reply(401, headers={"WWW-Authenticate": "Bearer"})
        return None

    def respond(self, method: str, body: bytes) -> Reply:
        """The reply to a request that passed the guards."""
        if method == "OPTIONS":
            return Reply(204, headers={"X-Gasoline-Control": PROTOCOL_VERSION})
        if method == "GET":
            return Reply(200, self.discovery())
        if method == "POST":
            status, response = self._engine.execute(body)
            return Reply(status, response)
        return Reply(405, headers={"Allow": ALLOWED_METHODS})

    def discovery(self) -> dict[str, Any]:
        discovery: dict[str, Any] = {
            "service": settings.SERVICE_NAME,
            "protocol_version": PROTOCOL_VERSION,
            "operations": [operation.describe() for operation in REGISTRY],
        }
        if self._version is not None:
            discovery["version"] = self._version
        ControlDiscovery.model_validate(discovery)
        return discovery

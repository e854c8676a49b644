"""Which backend service a call names: one of the project's (.gasoline/config.yaml, backend.services),
or a loopback URL. A URL that is not loopback is refused: the daemon must not become a way to send
requests to any host a page or a prompt names."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline.project import ProjectConfigError, load_project_config
from gasoline_generated.control_models import CONTROL_PATH
from gasoline_generated.models import ProjectBackendService

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})


@dataclass(frozen=True)
class ServiceTarget:
    """A service as the daemon reaches it."""

    name: str
    base_url: str  # scheme://host:port
    token: str | None = None
    token_source: str = "no token configured"

    @property
    def endpoint(self) -> str:
        return self.base_url + CONTROL_PATH


def configured_services(ctx: CallContext, root: Path) -> list[ServiceTarget]:
    """The project's services, in the order its config lists them."""
    try:
        config = load_project_config(root)
    except ProjectConfigError as error:
        raise ToolFailure.of(ctx.entry, "handler_failed", f"{ctx.entry.label}: {error}") from error
    if config.backend is MISSING or config.backend.services is MISSING:
        return []
    return [target_of(service) for service in config.backend.services]


def target_of(service: ProjectBackendService) -> ServiceTarget:
    base = service.url.rstrip("/")
    if service.token is not MISSING:
        return ServiceTarget(service.name, base, service.token, "the token in .gasoline/config.yaml")
    if service.token_env is not MISSING:
        return ServiceTarget(service.name, base, os.environ.get(service.token_env) or None, f"${service.token_env}")
    return ServiceTarget(service.name, base)


def find_service(ctx: CallContext, name: str) -> ServiceTarget:
    """The service a call names; a ToolFailure (service_unknown) naming those there are otherwise."""
    services = configured_services(ctx, ctx.repository())
    for service in services:
        if service.name == name:
            return service
    if name.startswith(("http://", "https://")):
        return url_target(ctx, name)
    known = ", ".join(s.name for s in services) or "none (add backend.services to .gasoline/config.yaml)"
    message = f"{ctx.entry.label}: no backend service {name!r}; the project's services: {known}; or give a loopback URL"
    raise ToolFailure.of(ctx.entry, "service_unknown", message, details={"services": [s.name for s in services]})


def url_target(ctx: CallContext, url: str) -> ServiceTarget:
    parts = urlsplit(url)
    if parts.path not in ("", "/", CONTROL_PATH) or parts.query or parts.fragment or not parts.hostname:
        message = f"{ctx.entry.label}: {url!r} is not a service's base URL (scheme://host:port)"
        raise ToolFailure.of(ctx.entry, "service_unknown", message)
    if not loopback(parts.hostname):
        message = (
            f"{ctx.entry.label}: {parts.hostname} is not this machine; name a service of "
            ".gasoline/config.yaml (backend.services) to reach another host"
        )
        raise ToolFailure.of(ctx.entry, "service_unknown", message)
    return ServiceTarget(
        url,
        f"{parts.scheme}://{parts.netloc}",
        os.environ.get("GASOLINE_CONTROL_TOKEN") or None,
        "$GASOLINE_CONTROL_TOKEN",
    )


def loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

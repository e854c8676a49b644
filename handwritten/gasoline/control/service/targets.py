"""Which backend service a call names, and which control token goes to it.

A service of the project (.gasoline/config.yaml, backend.services) gets the token its entry names.
A loopback URL given in a call gets none: whatever listens there (another user's process
included) is not known to be the person's service, so $GASOLINE_CONTROL_TOKEN goes to it only
when backend_control asks with authorize, which the person approves naming the URL. A URL that is
not loopback is refused: the daemon must not become a way to send requests to any host a page or a
prompt names. A malformed URL in a call is an invalid argument; one in the config is found when the
service is reached (ServiceTarget.address), so it fails that service only."""

from __future__ import annotations

import ipaddress
import os
from dataclasses import dataclass
from urllib.parse import urlsplit

from pydantic import MISSING

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure
from gasoline.workspace.workspace import Workspace
from gasoline_generated.control_models import CONTROL_PATH
from gasoline_generated.models import ProjectBackendService

LOOPBACK_NAMES = frozenset({"localhost", "localhost.localdomain"})
URL_TOKEN_VARIABLE = "GASOLINE_CONTROL_TOKEN"
UNNAMED_URL_TOKEN = (
    "a URL .gasoline/config.yaml does not name gets no token: name the service in backend.services, "
    f"or call backend_control with authorize=true to send ${URL_TOKEN_VARIABLE} there once the user approves"
)


class NotAServiceURL(ValueError):
    """What keeps a URL from being a service's base URL (scheme://host:port)."""


@dataclass(frozen=True)
class Address:
    scheme: str
    host: str
    port: int | None  # None: the scheme's own


@dataclass(frozen=True)
class ServiceTarget:
    """A service as the daemon reaches it."""

    name: str
    base_url: str  # scheme://host:port
    token: str | None = None
    token_source: str = "no token configured"
    named: bool = True  # False: a URL given in the call, which no one named in the config

    @property
    def endpoint(self) -> str:
        return self.base_url + CONTROL_PATH

    @property
    def token_needs_approval(self) -> bool:
        """A token bound for a URL nobody named: it goes only on a call the user approved."""
        return self.token is not None and not self.named

    def address(self) -> Address:
        """Where to connect; NotAServiceURL when the base URL cannot be reached at all."""
        return address_of(self.base_url)


def address_of(url: str) -> Address:
    """The scheme, host and port of a service's base URL; NotAServiceURL saying what is wrong."""
    try:
        parts = urlsplit(url)
    except ValueError as error:
        raise NotAServiceURL(f"not a URL ({error})") from error
    if parts.scheme not in ("http", "https"):
        raise NotAServiceURL(f"its scheme is {parts.scheme or 'missing'}; a service is reached over http or https")
    if "@" in parts.netloc:
        raise NotAServiceURL("a service URL carries no user name or password")
    if parts.path not in ("", "/", CONTROL_PATH) or parts.query or parts.fragment:
        raise NotAServiceURL("it has a path, query or fragment; give the service's base URL (scheme://host:port)")
    if not parts.hostname:
        raise NotAServiceURL("it names no host")
    after_host = parts.netloc.rpartition("]")[2]  # an IPv6 host's colons are inside its brackets
    port_text = after_host.rpartition(":")[2] if ":" in after_host else ""
    if not port_text:
        return Address(parts.scheme, parts.hostname, None)
    if not (port_text.isascii() and port_text.isdigit()):
        raise NotAServiceURL(f"its port {port_text!r} is not a number")
    port = int(port_text)
    if not 1 <= port <= 65535:
        raise NotAServiceURL(f"its port {port} is out of range (1-65535)")
    return Address(parts.scheme, parts.hostname, port)


def configured_services(ctx: CallContext, repository: Workspace) -> list[ServiceTarget]:
    """The repository's services, in the order its config lists them."""
    config = repository.config(ctx)
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


def find_service(ctx: CallContext, repository: Workspace, name: str, authorize: bool = False) -> ServiceTarget:
    """The service a call names; a ToolFailure (service_unknown) naming those there are otherwise.
    authorize: send $GASOLINE_CONTROL_TOKEN to a URL (the call has been approved for it)."""
    services = configured_services(ctx, repository)
    for service in services:
        if service.name == name:
            if authorize:
                why = f"{name} is a service of .gasoline/config.yaml, which gives it its token; authorize is for a URL"
                raise invalid_argument(ctx, "authorize", why)
            return service
    if "://" in name:
        return url_target(ctx, name, authorize)
    known = ", ".join(s.name for s in services) or "none (add backend.services to .gasoline/config.yaml)"
    message = f"{ctx.entry.label}: no backend service {name!r}; the project's services: {known}; or give a loopback URL"
    raise ToolFailure.of(ctx.entry, "service_unknown", message, details={"services": [s.name for s in services]})


def url_target(ctx: CallContext, url: str, authorize: bool) -> ServiceTarget:
    try:
        address = address_of(url)
    except NotAServiceURL as error:
        raise invalid_argument(ctx, "service", str(error)) from error
    if address.port is None:
        raise invalid_argument(ctx, "service", "the URL names no port; give scheme://host:port")
    if not loopback(address.host):
        message = (
            f"{ctx.entry.label}: {address.host} is not this machine; name a service of "
            ".gasoline/config.yaml (backend.services) to reach another host"
        )
        raise ToolFailure.of(ctx.entry, "service_unknown", message)
    base = f"{address.scheme}://{urlsplit(url).netloc}"
    if not authorize:
        return ServiceTarget(url, base, None, UNNAMED_URL_TOKEN, named=False)
    token = os.environ.get(URL_TOKEN_VARIABLE)
    if not token:
        why = f"${URL_TOKEN_VARIABLE} is not set in the daemon's environment, so there is no token to send"
        raise invalid_argument(ctx, "authorize", why)
    return ServiceTarget(url, base, token, f"${URL_TOKEN_VARIABLE}, sent to this URL with the user's approval", False)


def invalid_argument(ctx: CallContext, parameter: str, why: str) -> ToolFailure:
    message = f"{ctx.entry.label}: {parameter}: {why}"
    return ToolFailure.of(ctx.entry, "invalid_arguments", message, problems=[(parameter, why)])


def loopback(host: str) -> bool:
    if host.lower() in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False

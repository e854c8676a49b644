"""The backend-control protocol: the bundled OpenAPI document, its models by name, and the schemas
of every released version (with which the daemon reads a service built to an older one)."""

from __future__ import annotations

import json
from typing import Any

from ..banner import banner, dump_json, python_banner
from ..compat.views import dialect
from ..model import Spec
from ..templating import environment
from .control_bindings import protocol_version
from .python_modules import PACKAGE

RELEASES = f"{PACKAGE}/control_releases.json"


def probe_headers(document: dict[str, Any]) -> dict[str, Any]:
    headers: dict[str, Any] = next(iter(document["paths"].values()))["options"]["responses"]["204"]["headers"]
    return headers


def version_header(spec: Spec) -> str:
    """The header in which a service names the protocol version it speaks (its OPTIONS answer)."""
    return str(next(iter(probe_headers(spec.control))))


def released_versions(spec: Spec) -> dict[str, Any]:
    """Each released protocol version: the schema of its version header and its component schemas,
    in the spec's dialect ("#/$defs/Name" references)."""
    releases = sorted(
        (r for r in spec.releases if r.family == "control"), key=lambda r: tuple(map(int, r.version.split(".")))
    )
    return {
        release.version: {
            "version_header": dialect(next(iter(probe_headers(release.contract["openapi"]).values()))["schema"]),
            "schemas": {
                name: dialect(schema)
                for name, schema in sorted(release.contract["openapi"]["components"]["schemas"].items())
            },
        }
        for release in releases
    }


def render(spec: Spec) -> dict[str, str]:
    sources = (spec.control_source,)
    # x-invalid-examples are the spec's own test data, not part of the published protocol.
    document = json.loads(
        json.dumps(spec.control), object_hook=lambda o: {k: v for k, v in o.items() if k != "x-invalid-examples"}
    )
    names = sorted(name for name, definition in spec.definitions.items() if definition.family == "control")
    releases = {"$comment": banner(("spec/releases/control",)), "releases": released_versions(spec)}
    return {
        RELEASES: dump_json(releases),
        "generated/openapi/control.json": dump_json({"x-generated": banner(sources), **document}),
        f"{PACKAGE}/control_models.py": environment()
        .get_template("control_models.py.j2")
        .render(
            banner=python_banner(sources),
            names=names,
            path=next(iter(spec.control["paths"])),
            version=protocol_version(spec),
            header=version_header(spec),
        ),
    }

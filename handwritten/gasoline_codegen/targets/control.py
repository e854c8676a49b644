"""The backend-control protocol: the bundled OpenAPI document, and its models by name."""

from __future__ import annotations

import json

from ..banner import banner, dump_json, python_banner
from ..model import Spec
from ..templating import environment
from .control_bindings import protocol_version
from .python_modules import PACKAGE


def version_header(spec: Spec) -> str:
    """The header in which a service names the protocol version it speaks (its OPTIONS answer)."""
    probe = next(iter(spec.control["paths"].values()))["options"]["responses"]["204"]["headers"]
    return str(next(iter(probe)))


def render(spec: Spec) -> dict[str, str]:
    sources = (spec.control_source,)
    # x-invalid-examples are the spec's own test data, not part of the published protocol.
    document = json.loads(
        json.dumps(spec.control), object_hook=lambda o: {k: v for k, v in o.items() if k != "x-invalid-examples"}
    )
    names = sorted(name for name, definition in spec.definitions.items() if definition.family == "control")
    return {
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

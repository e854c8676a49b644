"""The control protocol's bindings inside each copier template (templates/<language>/template/).

Backend teams get the protocol's request and response types in their own language, generated
from spec/control and stamped with the protocol version, never typed by hand. A minor version only
adds optional fields, each marked `x-since`; `protocol_schemas(spec, "1.0")` leaves out what came
later, which is how a template at an older protocol version is produced (and how the tests show
that `copier update` carries a service from one version to the next).

Every binding file has "generated" in its name, which is how the generator tells it from the
template's hand-written files (see generate.py).
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from ..model import Spec
from . import control_go, control_python, control_typescript

# language -> renders {path inside templates/<language>/template/: text} from (schemas, version, sources)
Renderer = Callable[[dict[str, dict[str, Any]], str, tuple[str, ...]], dict[str, str]]
LANGUAGES: dict[str, Renderer] = {
    "python": control_python.render,
    "node": control_typescript.render,
    "go": control_go.render,
}


def protocol_version(spec: Spec) -> str:
    """MAJOR.MINOR of the protocol document's info.version ("1.1.0" -> "1.1")."""
    major, minor, *_ = str(spec.control["info"]["version"]).split(".")
    return f"{major}.{minor}"


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def protocol_schemas(spec: Spec, version: str) -> dict[str, dict[str, Any]]:
    """The protocol's component schemas as of `version`: properties added later are left out."""
    schemas: dict[str, dict[str, Any]] = copy.deepcopy(spec.control["components"]["schemas"])
    for schema in schemas.values():
        properties = schema.get("properties", {})
        for name in [n for n, p in properties.items() if _version_key(p.get("x-since", "0")) > _version_key(version)]:
            del properties[name]
    return schemas


def render_bindings(spec: Spec, version: str | None = None) -> dict[str, str]:
    """{repository path: text} of every template's bindings at `version` (the spec's own by default)."""
    version = version or protocol_version(spec)
    schemas = protocol_schemas(spec, version)
    sources = (spec.control_source,)
    files: dict[str, str] = {}
    for language, render_language in LANGUAGES.items():
        for path, text in render_language(schemas, version, sources).items():
            files[f"templates/{language}/template/{path}"] = text
    return files


def render(spec: Spec) -> dict[str, str]:
    return render_bindings(spec)

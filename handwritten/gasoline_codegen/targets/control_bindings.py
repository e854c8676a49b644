"""The control protocol's bindings inside each copier template (templates/<language>/template/).

Backend teams get the protocol's request and response types in their own language, generated
from the protocol document and stamped with the version the service announces, never typed by
hand. `gen` renders them from spec/control; `render_bindings(spec, "1.0")` renders them from the
document of a released version (spec/releases/control/1.0.json), exactly as that version was
published, which is how the tests build a template repository whose first release speaks 1.0 and
carry a service from it to the current version with `copier update`.

A template's own code speaks the current protocol's terms: a registered operation's read_only,
destructive and idempotent hints, a request's idempotency_key, a response's applied and replayed.
Beside the types, the bindings hold the glue that says those terms as their version does: an
operation's entry in discovery, the request's idempotency key and the fields of a response. The
TypeScript and Go bindings also declare the response the endpoint builds, with the current
protocol's fields at every version: ResponseFields (ControlResponse itself where the version's is
the current one). So the hand-written code calls one API at every version and checks no version
itself.

Every binding file has "generated" in its name, which is how the generator tells it from the
template's hand-written files (see generate.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..model import Spec
from ..patching import GenerationError
from . import control_go, control_python, control_typescript

FAMILY = "control"
VERSION_HEADER = "X-Gasoline-Control"
# The fields an older version names otherwise than the current one: {older name: current name}.
FORMER_NAMES = {"safe": "read_only", "request_id": "idempotency_key"}
IDEMPOTENCY_KEY = "idempotency_key"


@dataclass(frozen=True)
class Field:
    """A field of one of the version's schemas, and its name in the current protocol, which is what
    the template's code calls it."""

    name: str
    current: str
    # Items the current protocol has as objects and this version as strings: JSON text of each.
    as_text: bool = False


@dataclass(frozen=True)
class Protocol:
    """One version of the control protocol, as a template's bindings are rendered at it."""

    version: str  # MAJOR.MINOR
    wire_version: str  # what a service sends as X-Gasoline-Control and discovery's protocol_version
    schemas: dict[str, dict[str, Any]]
    source: str
    operation_fields: tuple[Field, ...]  # ControlOperation's, as discovery lists a registered operation
    idempotency_key: str  # the ControlRequest field that a retried call repeats
    response_fields: tuple[Field, ...]  # ControlResponse's, kept from the endpoint's answer
    response: dict[str, Any]  # the current protocol's ControlResponse: the answer the endpoint builds

    @property
    def response_is_current(self) -> bool:
        """Whether the version's ControlResponse is the current one, so that ResponseFields is it."""
        return self.schemas["ControlResponse"] == self.response

    @property
    def writes_text(self) -> bool:
        """Whether the glue writes JSON text (of example params)."""
        return any(field.as_text for field in self.operation_fields)


# language -> renders {path inside templates/<language>/template/: text} of the bindings at a protocol version
LANGUAGES: dict[str, Callable[[Protocol], dict[str, str]]] = {
    "python": control_python.render,
    "node": control_typescript.render,
    "go": control_go.render,
}


def protocol_version(spec: Spec) -> str:
    """MAJOR.MINOR of the protocol document's info.version ("1.1.0" -> "1.1")."""
    major, minor, *_ = str(spec.control["info"]["version"]).split(".")
    return f"{major}.{minor}"


def wire_version(document: dict[str, Any], version: str) -> str:
    """What a service of this version announces: the const of its version header's schema (1.0 had
    "1"), or else MAJOR.MINOR."""
    probe = next(iter(document["paths"].values()))["options"]["responses"]["204"]
    return str(probe["headers"][VERSION_HEADER]["schema"].get("const", version))


def counterparts(schemas: dict[str, Any], current: dict[str, Any], name: str) -> tuple[Field, ...]:
    """Each field of the version's schema `name`, with the current protocol's name for it."""
    fields = []
    for field, schema in schemas[name]["properties"].items():
        now = FORMER_NAMES.get(field, field)
        if now not in current[name]["properties"]:
            raise GenerationError(
                f"{name}.{field} is not in the current protocol: FORMER_NAMES must say what it became"
            )
        item_types = (
            schema.get("items", {}).get("type"),
            current[name]["properties"][now].get("items", {}).get("type"),
        )
        fields.append(Field(field, now, as_text=item_types == ("string", "object")))
    return tuple(fields)


def protocol(document: dict[str, Any], version: str, source: str, current: dict[str, Any]) -> Protocol:
    """The protocol `document` states at `version`, with its glue to the `current` schemas."""
    schemas: dict[str, dict[str, Any]] = document["components"]["schemas"]
    request = counterparts(schemas, current, "ControlRequest")
    keys = [field.name for field in request if field.current == IDEMPOTENCY_KEY]
    if not keys:
        raise GenerationError(f"ControlRequest of protocol {version} has no field that keys idempotency")
    return Protocol(
        version=version,
        wire_version=wire_version(document, version),
        schemas=schemas,
        source=source,
        operation_fields=counterparts(schemas, current, "ControlOperation"),
        idempotency_key=keys[0],
        response_fields=counterparts(schemas, current, "ControlResponse"),
        response=current["ControlResponse"],
    )


def render_bindings(spec: Spec, version: str | None = None) -> dict[str, str]:
    """{repository path: text} of every template's bindings: at the current protocol, or at the
    released `version` ("1.0")."""
    current = spec.control["components"]["schemas"]
    if version is None:
        at = protocol(spec.control, protocol_version(spec), spec.control_source, current)
    else:
        releases = {release.version: release for release in spec.releases if release.family == FAMILY}
        if version not in releases:
            raise GenerationError(f"control {version} is not released (released: {', '.join(sorted(releases))})")
        release = releases[version]
        at = protocol(release.contract["openapi"], version, release.source, current)
    files: dict[str, str] = {}
    for language, render_language in LANGUAGES.items():
        for path, text in render_language(at).items():
            files[f"templates/{language}/template/{path}"] = text
    return files


def render(spec: Spec) -> dict[str, str]:
    return render_bindings(spec)

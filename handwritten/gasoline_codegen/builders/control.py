"""spec/control/control.yaml: the backend-control protocol's schemas join the namespace.

The protocol is an OpenAPI document, so that services and their templates can use it as it is;
its component schemas are taken in (in the spec's dialect, see schema.from_openapi) so that a
tool's schema can say `$ref: "#/$defs/ControlOperation"` instead of restating it, and their
examples become contract tests like every other definition's.
"""

from __future__ import annotations

from ..schema import from_openapi
from .context import BuildContext, examples_of

VALID_KEY, INVALID_KEY = "examples", "x-invalid-examples"


def build_control(ctx: BuildContext) -> None:
    spec_file = ctx.one("openapi")
    for name, component in spec_file.data.get("components", {}).get("schemas", {}).items():
        definition = ctx.namespace.add(name, {"title": name, **from_openapi(component)}, spec_file.rel, "control")
        examples = examples_of(f"{spec_file.rel}: components.schemas.{name}", component, VALID_KEY, INVALID_KEY)
        if examples:
            ctx.check(definition, examples)

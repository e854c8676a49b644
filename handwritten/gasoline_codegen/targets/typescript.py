"""TypeScript for the extension: the types of events and messages, and the limits.

Only what the extension exchanges with the daemon is emitted: the definitions of the events
and messages families and everything they reference. Records become interfaces, the event
and command unions become discriminated union types, and a named enum a union of its values.
"""

from __future__ import annotations

from ..banner import ts_banner
from ..model import Definition, Spec
from ..schema import references
from ..templating import environment

TS_DIR = "generated/ts"
FAMILY_FILES = {"events": "events", "messages": "messages"}
SOURCES = {"events": ("spec/events/*.yaml",), "messages": ("spec/messages/**/*.yaml",)}


class TypeScriptError(ValueError):
    pass


def exported_definitions(spec: Spec) -> dict[str, Definition]:
    """The events and messages definitions and everything they reference, by name."""
    pending = [name for name, d in spec.definitions.items() if d.family in FAMILY_FILES]
    found: dict[str, Definition] = {}
    while pending:
        name = pending.pop()
        if name in found:
            continue
        definition = spec.definitions[name]
        if definition.family not in FAMILY_FILES:
            raise TypeScriptError(
                f"{name} ({definition.source}) is referenced by an event or message but belongs to {definition.family}"
            )
        found[name] = definition
        pending.extend(references(definition.schema))
    return dict(sorted(found.items()))


def render(spec: Spec) -> dict[str, str]:
    definitions = exported_definitions(spec)
    env = environment()
    out = {}
    for family, module in FAMILY_FILES.items():
        own = [d for d in definitions.values() if d.family == family]
        imports = sorted(
            {target for d in own for target in references(d.schema) if definitions[target].family != family}
        )
        modules = sorted({definitions[t].family for t in imports})
        out[f"{TS_DIR}/{module}.ts"] = env.get_template("definitions.ts.j2").render(
            banner=ts_banner(SOURCES[family]),
            imports={FAMILY_FILES[other]: [t for t in imports if definitions[t].family == other] for other in modules},
            definitions=own,
            # The messages module also maps each command kind to its types, for a complete table of implementations.
            commands=sorted(spec.commands, key=lambda c: c.kind) if family == "messages" else [],
        )
    out[f"{TS_DIR}/limits.ts"] = env.get_template("limits.ts.j2").render(
        banner=ts_banner(("spec/policy/limits.yaml",)), version=spec.limits_version, groups=spec.limit_groups
    )
    return out

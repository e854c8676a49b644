"""The boundary between generated and hand-written code: each published mode that does not forward a
browser command has a handler method, and each handler method is such a mode (or the plain words for
its approval, or its assessment of a call). The type checker proves the same at the composition
root; this says it at run time."""

from __future__ import annotations

import inspect

from gasoline.composition import DaemonConfig, create_handlers, create_services
from gasoline_generated.dispatch import MODES
from gasoline_generated.handler_protocols import HANDLER_PROTOCOLS

HANDLERS = create_handlers(DaemonConfig(), create_services(DaemonConfig()))


def described(tool: str) -> str:
    handler = type(getattr(HANDLERS, tool))
    return f"{handler.__module__}:{handler.__qualname__}"


def test_every_hand_written_mode_has_a_handler() -> None:
    missing = []
    for (tool, mode), entry in MODES.items():
        if not entry.published or entry.command is not None:
            continue
        handler = getattr(HANDLERS, tool, None)
        if handler is None:
            missing.append(f"{entry.label}: the composition root hands no handler for {tool}")
            continue
        words = f"assess_{mode}" if entry.assessed else f"describe_{mode}"
        wanted = [mode] + ([words] if "approval" in entry.gates else [])
        absent = [name for name in wanted if not hasattr(handler, name)]
        missing += [f"{entry.label}: {described(tool)} has no {name}()" for name in absent]
    assert not missing, "published modes without a handler:\n" + "\n".join(missing)


def test_every_handler_method_is_a_hand_written_mode() -> None:
    strays = []
    for tool, protocol in HANDLER_PROTOCOLS.items():
        declared = {name for name, _ in inspect.getmembers(protocol, inspect.isfunction) if not name.startswith("_")}
        handler = getattr(HANDLERS, tool)
        for name, _ in inspect.getmembers(handler, inspect.ismethod):
            if name.startswith("_") or name in declared:
                continue
            entry = MODES.get((tool, name.removeprefix("describe_")))
            if entry is None:
                strays.append(f"{described(tool)}.{name}: spec/tools/{tool}/ has no mode {name!r}")
            elif not entry.published:
                strays.append(f"{described(tool)}.{name}: mode {entry.label} is planned; set status: implemented")
            elif entry.command is not None:
                strays.append(f"{described(tool)}.{name}: {entry.label} forwards {entry.command}; it needs no handler")
            else:
                strays.append(f"{described(tool)}.{name}: describes {entry.label}, which needs no approval")
    assert not strays, "handler methods that are not a hand-written mode:\n" + "\n".join(strays)

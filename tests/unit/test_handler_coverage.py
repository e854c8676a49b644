"""The boundary between generated and hand-written code: published modes and handlers match one to one."""

from __future__ import annotations

from gasoline.core.dispatch import load_handler_class
from gasoline_generated.dispatch import HANDLER_CLASSES, MODES
from gasoline_generated.handler_bases import HANDLER_BASES


def handler_class(tool: str) -> type | None:
    try:
        return load_handler_class(HANDLER_CLASSES[tool])
    except (ImportError, AttributeError):
        return None


def test_every_published_mode_has_a_handler() -> None:
    missing = []
    for (tool, mode), entry in MODES.items():
        if not entry.published:
            continue
        cls = handler_class(tool)
        if cls is None:
            missing.append(f"{entry.label}: no handler class {HANDLER_CLASSES[tool]}")
        elif getattr(cls, mode) is getattr(HANDLER_BASES[tool], mode):
            missing.append(f"{entry.label}: {HANDLER_CLASSES[tool]} does not override {mode}()")
    assert not missing, "published modes without a handler:\n" + "\n".join(missing)


def test_every_handler_method_is_a_published_mode() -> None:
    strays = []
    for tool, path in HANDLER_CLASSES.items():
        cls = handler_class(tool)
        if cls is None:
            continue
        if not issubclass(cls, HANDLER_BASES[tool]):
            strays.append(f"{path} must subclass {HANDLER_BASES[tool].__name__}")
        for name, member in vars(cls).items():
            if name.startswith("_") or not callable(member):
                continue
            if name.startswith("describe_"):  # the plain words for an approval of a gated mode
                gated = MODES.get((tool, name.removeprefix("describe_")))
                if gated is None or not gated.published or "approval" not in gated.gates:
                    strays.append(f"{path}.{name}: describes no published mode that needs approval")
                continue
            entry = MODES.get((tool, name))
            if entry is None:
                strays.append(f"{path}.{name}: spec/tools/{tool}/ has no mode {name!r}")
            elif not entry.published:
                strays.append(f"{path}.{name}: mode {entry.label} is planned; set status: implemented in its spec")
    assert not strays, "handlers without a published mode:\n" + "\n".join(strays)

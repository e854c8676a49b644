"""The layering rule, read off the import graph: `core` is the bottom of the daemon. It imports
nothing of the daemon's other packages, only itself, the contract the generated code shares
(`gasoline.contract`), the package's version and the generated code; what it needs from above it
says as protocols (`core/ports.py`) that the composition root fills. The capabilities stand on it
side by side: `workspace` (the repositories), `safety`, then `code` and `control` over the
workspace, `capture` and `commands` for the browser; none imports a capability beside it or the
handlers, panel and transports above. Every import counts, those inside functions and behind
TYPE_CHECKING too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ..conftest import ROOT

PACKAGE = ROOT / "handwritten" / "gasoline"
CORE_MAY_IMPORT = ("gasoline.core", "gasoline.contract", "gasoline_generated")
# Each capability package: what it may import besides itself and what core may.
MAY_IMPORT = {
    "core": (),
    "workspace": (),
    "safety": (),
    "code": ("gasoline.workspace",),
    "control": ("gasoline.workspace", "gasoline.safety"),
    "capture": ("gasoline.safety",),
    "commands": ("gasoline.capture",),
}


def daemon_imports(source: str, where: Path) -> set[str]:
    """The absolute names of the daemon's modules that the source of the module at `where` imports
    (relative imports resolved; `from package import name` counts as package.name as well)."""
    package = ".".join(where.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module or "") if part)
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return {name for name in names if name.split(".")[0] in ("gasoline", "gasoline_generated")}


def allowed_in_core(name: str, also: tuple[str, ...] = ()) -> bool:
    """gasoline itself (its __version__) or within what core may import (and `also`). A name
    imported from a module (module.name) is judged with its module."""
    return name in ("gasoline", "gasoline.__version__") or any(
        name == allowed or name.startswith(allowed + ".") for allowed in (*CORE_MAY_IMPORT, *also)
    )


@pytest.mark.parametrize("package", MAY_IMPORT)
def test_each_package_imports_only_what_is_below_it(package: str) -> None:
    modules = sorted((PACKAGE / package).rglob("*.py"))
    assert len(modules) >= 3, f"the {package} package was found"
    also = (f"gasoline.{package}", *MAY_IMPORT[package])
    above = {
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in modules
        for name in daemon_imports(path.read_text(encoding="utf-8"), path)
        if not allowed_in_core(name, also)
    }
    assert above == set()


@pytest.mark.parametrize(
    ("source", "name"),
    [
        ("from gasoline.safety.approvals import ApprovalEngine", "gasoline.safety.approvals"),
        ("from ..capture import extension", "gasoline.capture"),
        ("def late():\n    import gasoline.text_forms", "gasoline.text_forms"),
        ("from gasoline import composition", "gasoline.composition"),
        ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from gasoline.panel import agent", "gasoline.panel"),
    ],
)
def test_the_rule_sees_every_spelling_of_an_import_from_above(source: str, name: str) -> None:
    found = daemon_imports(source, PACKAGE / "core" / "dispatch.py")
    assert name in found and not allowed_in_core(name)

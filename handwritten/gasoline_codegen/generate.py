"""Render everything under generated/ in memory, then write it or compare it with the disk."""

from __future__ import annotations

import difflib
from pathlib import Path

from .banner import REGENERATE
from .build import spec_at
from .targets import TARGETS

OUTPUT_DIR = "generated"
# The copier templates' protocol bindings: generated files inside templates/, named so.
TEMPLATE_BINDINGS = "templates/*/template/**/*generated*"
# The changelog of the contracts, among the hand-written docs.
CONTRACT_CHANGES = "docs/contracts.md"
# Left alone in generated/: caches that tools write there while running.
IGNORED_PARTS = frozenset({"__pycache__", ".pytest_cache", "node_modules"})


def render_all(root: Path) -> dict[str, str]:
    """Every generated file as {path relative to root: text}, from root/spec."""
    spec = spec_at(root)
    files: dict[str, str] = {}
    for target in TARGETS:
        files.update(target.render(spec))
    return {rel: text.rstrip("\n") + "\n" for rel, text in sorted(files.items())}


def files_on_disk(root: Path) -> set[str]:
    """What the generator owns on disk: everything in generated/, the templates' bindings and the
    contracts' changelog."""
    owned = [*(root / OUTPUT_DIR).rglob("*"), *root.glob(TEMPLATE_BINDINGS), root / CONTRACT_CHANGES]
    return {
        path.relative_to(root).as_posix()
        for path in owned
        if path.is_file() and not IGNORED_PARTS.intersection(path.relative_to(root).parts)
    }


def write(root: Path, files: dict[str, str]) -> list[str]:
    """Make generated/ exactly `files`; return the paths that changed."""
    changed = []
    for rel, text in files.items():
        path = root / rel
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            changed.append(rel)
    for stale in sorted(files_on_disk(root) - set(files)):
        (root / stale).unlink()
        changed.append(stale)
    return changed


def differences(root: Path, files: dict[str, str]) -> list[str]:
    """A report per file that differs from what the spec produces; empty when in step."""
    reports = []
    for stale in sorted(files_on_disk(root) - set(files)):
        reports.append(f"{stale}: not produced by the spec (an extra file in {OUTPUT_DIR}/)")
    for rel, expected in files.items():
        path = root / rel
        if not path.exists():
            reports.append(f"{rel}: missing")
            continue
        actual = path.read_text(encoding="utf-8")
        if actual != expected:
            diff = difflib.unified_diff(
                actual.splitlines(keepends=True),
                expected.splitlines(keepends=True),
                fromfile=f"{rel} (on disk)",
                tofile=f"{rel} (from spec)",
                n=2,
            )
            reports.append("".join(diff).rstrip("\n"))
    return reports


def check_message(reports: list[str]) -> str:
    return f"{OUTPUT_DIR}/ is not what spec/ produces ({len(reports)} file(s)); run `{REGENERATE}`:\n\n" + "\n\n".join(
        reports
    )

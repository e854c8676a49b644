"""Shared test helpers: the repository root and throwaway copies of it."""

from __future__ import annotations

import contextlib
import io
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# One Go build cache for every Go the tests run (build/, never committed): the standard library
# compiles once, not once per test process, and `tasks.py test` compiles what the tests import into
# it while its checks run. Go's cache is safe to share between processes.
GO_BUILD_CACHE = ROOT / "build" / "go-build-cache"
COPIED = ("spec", "generated", "handwritten", "templates", "tests", "docs", "pyproject.toml")


def copy_repository(destination: Path) -> Path:
    """A copy of what generation and the Python tests need (no .venv, node_modules or caches)."""
    for name in COPIED:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(
                source,
                destination / name,
                ignore=shutil.ignore_patterns("__pycache__", ".pytest_cache", "node_modules"),
            )
        else:
            shutil.copy2(source, destination / name)
    return destination


def repo_env(root: Path, **extra: str) -> dict[str, str]:
    """An environment in which a repository copy's own packages shadow the installed ones."""
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(root / "handwritten"), str(root / "generated")]), **extra}


def run_python(root: Path, *args: str, timeout: float = 120, **env: str) -> subprocess.CompletedProcess[str]:
    """Run this venv's Python on a repository copy."""
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=repo_env(root, **env), capture_output=True, text=True, timeout=timeout
    )


def run_codegen(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """`python -m gasoline_codegen --root <root> <args>` in this process (a copy's generator is this
    one; only its spec differs): the exit status and what it printed, as a subprocess reports them."""
    from gasoline_codegen.__main__ import main

    printed, complained = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(complained):
        status = main(["--root", str(root), *args])
    return subprocess.CompletedProcess(["gasoline_codegen", *args], status, printed.getvalue(), complained.getvalue())


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Tests marked starts_first go to the front, in order: one that takes a large share of a
    worker's time, begun near the end of a pass, would keep the pass going while the other workers
    sit idle (pytest-xdist gives each worker a run of the list, the first run to the first worker)."""
    items.sort(key=lambda item: item.get_closest_marker("starts_first") is None)


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    return copy_repository(tmp_path / "repo")


@pytest.fixture(scope="session", autouse=True)
def subprocesses_run_plain_pytest() -> Iterator[None]:
    """The pytest runs the tests start (a rendered service's own tests, a repository copy's, a test
    repository's through the code tools) load no plugin only this virtualenv holds: the project
    they stand for would not have them, and loading them took 1.6 of the 2 CPU-s such a run costs.
    Set once the test process's own plugins are loaded, so it applies to its subprocesses only."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("PYTEST_DISABLE_PLUGIN_AUTOLOAD", "1")
        yield

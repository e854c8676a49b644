"""The released package on its own: built, installed in a fresh virtual environment, run from elsewhere.

`python -m build` makes the sdist and then the wheel from that sdist, as a release does (uv makes
its build environments). uv installs the wheel, with its dependencies from the package index, in
a new virtual environment outside the repository, and the installed commands run in a directory
outside the repository, with nothing of the repository on their path: a module or data file the
wheel forgot fails here.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest

from gasoline import __version__

from .conftest import Isolated
from .processes import ROOT, Bridge, environment, is_serving, kill_group, wait_for

pytestmark = pytest.mark.slow

UV = Path(sys.executable).with_name("uv")
PACKAGES = (
    ROOT / "handwritten" / "gasoline",
    ROOT / "handwritten" / "gasoline_codegen",
    ROOT / "generated" / "gasoline_generated",
)
BUILT_EXTENSION = ROOT / "extension" / "dist"
# What would let the installed gasoline import the repository's packages instead of its own.
LEAKS = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")


@dataclass(frozen=True)
class Installation:
    wheel: Path
    venv: Path

    @property
    def gasoline(self) -> str:
        return str(self.venv / "bin" / "gasoline")

    @property
    def python(self) -> str:
        return str(self.venv / "bin" / "python")

    def environment(self, isolated: Isolated) -> dict[str, str]:
        """The test's state directory and port, the venv first on PATH, and no path into the repository."""
        env = environment(isolated.state_dir, isolated.port)
        for name in LEAKS:
            env.pop(name, None)
        env["PATH"] = os.pathsep.join([str(self.venv / "bin"), env.get("PATH", "")])
        return env


def checked(command: list[str], cwd: Path, timeout: float, env: dict[str, str] | None = None) -> str:
    result = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert result.returncode == 0, f"{command} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


@pytest.fixture(scope="module")
def installation(tmp_path_factory: pytest.TempPathFactory) -> Installation:
    place = tmp_path_factory.mktemp("wheel")
    assert not place.is_relative_to(ROOT)
    build = [sys.executable, "-m", "build", "--installer", "uv", "--outdir", str(place / "dist"), str(ROOT)]
    # The sdist step writes gasoline.egg-info into the checkout: workers that run this module's
    # tests build one at a time.
    (ROOT / "build").mkdir(exist_ok=True)
    with (ROOT / "build" / "wheel.lock").open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        checked(build, place, timeout=300)
    (wheel,) = (place / "dist").glob("gasoline-*.whl")
    venv = place / "venv"
    checked([sys.executable, "-m", "venv", "--without-pip", str(venv)], place, timeout=120)
    install = [str(UV), "pip", "install", "--quiet", "--python", str(venv / "bin" / "python"), str(wheel)]
    checked(install, place, timeout=300)
    return Installation(wheel, venv)


@pytest.fixture
def outside(isolated: Isolated) -> Path:
    """The working directory of the installed commands: the test's own, outside the repository."""
    workdir = isolated.state_dir.parent
    assert not workdir.is_relative_to(ROOT)
    return workdir


def test_the_wheel_carries_every_module_and_data_file_and_the_built_extension(installation: Installation) -> None:
    with zipfile.ZipFile(installation.wheel) as wheel:
        names = set(wheel.namelist())
        expected = {
            file.relative_to(package.parent).as_posix()
            for package in PACKAGES
            for file in package.rglob("*")
            if file.is_file() and "__pycache__" not in file.parts
        }
        assert expected - names == set()
        for file in BUILT_EXTENSION.rglob("*"):
            if file.is_file():
                packaged = f"gasoline/extension/{file.relative_to(BUILT_EXTENSION).as_posix()}"
                assert wheel.read(packaged) == file.read_bytes(), packaged


def test_the_installed_package_runs_from_the_venv_alone(
    installation: Installation, isolated: Isolated, outside: Path
) -> None:
    probe = (
        "import json, os, sys, gasoline, gasoline_generated; "
        "print(json.dumps({'modules': [gasoline.__file__, gasoline_generated.__file__], 'path': sys.path, "
        f"'leaks': [name for name in {LEAKS!r} if name in os.environ]}}))"
    )
    seen = json.loads(checked([installation.python, "-c", probe], outside, 60, installation.environment(isolated)))
    assert all(Path(module).is_relative_to(installation.venv) for module in seen["modules"]), seen["modules"]
    assert [entry for entry in seen["path"] if entry and Path(entry).resolve().is_relative_to(ROOT)] == []
    assert seen["leaks"] == []


def test_extension_path_names_the_packaged_extension(
    installation: Installation, isolated: Isolated, outside: Path
) -> None:
    printed = checked([installation.gasoline, "extension-path"], outside, 60, installation.environment(isolated))
    directory = Path(printed.strip())
    assert directory.is_relative_to(installation.venv) and not directory.is_relative_to(ROOT)
    assert (directory / "manifest.json").read_bytes() == (BUILT_EXTENSION / "manifest.json").read_bytes()


@contextmanager
def started(command: list[str], cwd: Path, env: dict[str, str], stderr: Path) -> Iterator[subprocess.Popen[bytes]]:
    """An installed command in its own process group, its stderr kept for the failure message."""
    with stderr.open("wb") as sink:
        process = subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=sink,
            start_new_session=True,
        )
    try:
        yield process
    finally:
        kill_group(process)


def test_the_installed_daemon_serves_the_installed_bridge(
    installation: Installation, isolated: Isolated, outside: Path
) -> None:
    env = installation.environment(isolated)
    daemon_command = [installation.gasoline, "daemon", "--port", str(isolated.port)]
    with started(daemon_command, outside, env, outside / "daemon.stderr") as daemon:
        wait_for(lambda: is_serving(daemon, isolated.port) or daemon.poll() is not None, what="the installed daemon")
        assert daemon.poll() is None, f"the installed daemon exited:\n{(outside / 'daemon.stderr').read_text()}"
        interpreter = Path(f"/proc/{daemon.pid}/cmdline").read_bytes().split(b"\0")[0].decode()
        assert Path(interpreter).is_relative_to(installation.venv), interpreter
        inherited = Path(f"/proc/{daemon.pid}/environ").read_bytes().split(b"\0")
        assert {entry.split(b"=")[0].decode() for entry in inherited}.isdisjoint(LEAKS)
        with started([installation.gasoline], outside, env, outside / "bridge.stderr") as process:
            bridge = Bridge(process)
            info = bridge.initialize()["result"]["serverInfo"]
            assert (info["name"], info["version"]) == ("gasoline", __version__)
            tools = bridge.request("tools/list")["result"]["tools"]
            assert [tool["name"] for tool in tools] == ["observe", "analyze", "interact", "configure"]
            answer = bridge.call("configure", {"action": "health"})["result"]
            assert answer["isError"] is False, answer
            assert answer["structuredContent"]["pid"] == daemon.pid, "the bridge used the installed daemon"
            assert bridge.close() == 0

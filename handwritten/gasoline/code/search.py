"""code_search: ripgrep over the repository (from its wheel), matches ranked as the mode's spec says.

ripgrep skips what git ignores, hidden files (.git/, .gasoline/) and binary files. Its JSON lines
are counted as they stream; only the matches that can be returned (at most
code.max_search_results, from at most code.max_result_files files) are parsed.
"""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
import sys
import sysconfig
import time
from functools import cache
from pathlib import Path, PurePosixPath
from typing import Any, NamedTuple

from pydantic_core import from_json

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline.workspace.workspace import Workspace
from gasoline_generated.models import InteractCodeSearchMatch, InteractCodeSearchParams, InteractCodeSearchResult
from gasoline_generated.policy import LIMITS

from .languages import LANGUAGES

MATCH_LINE = b'{"type":"match"'
DEFINITION = re.compile(
    r"^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?(?:def|class|function|func|const|let|var|type|interface)\b"
)
WORD = re.compile(r"\w")


@cache
def ripgrep() -> str:
    """The rg of ripgrep's wheel, installed beside this Python's scripts."""
    for scripts in (sysconfig.get_path("scripts"), str(Path(sys.executable).parent)):
        found = shutil.which("rg", path=scripts)
        if found:
            return found
    raise FileNotFoundError("ripgrep's rg is not installed beside this Python (pip install ripgrep)")


def search(ctx: CallContext, repository: Workspace, params: InteractCodeSearchParams) -> InteractCodeSearchResult:
    started = time.perf_counter()
    argv = [ripgrep(), "--json", "--no-config", f"--max-filesize={LIMITS.code.max_file_bytes}"]
    argv.append("--case-sensitive" if params.case_sensitive else "--ignore-case")
    argv += [f"--type={rg_type}" for rg_type in file_types(ctx, params)]
    argv += [f"--glob=!*{part}*" for part in excluded(params)]
    argv += ["--regexp", params.pattern]
    # Always a path: given none, ripgrep searches its stdin when that is a pipe or a file (a daemon
    # started from a pipeline), not the directory.
    within = repository.file(ctx, params.path) if isinstance(params.path, str) else repository.root
    argv.append(repository.relative(within) or ".")
    found = Found(excluded(params))
    with subprocess.Popen(
        argv, cwd=repository.root, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as rg:
        assert rg.stdout is not None and rg.stderr is not None
        for line in rg.stdout:
            if line.startswith(MATCH_LINE):
                found.add(line)
        problems = rg.stderr.read().decode(errors="replace")
    if rg.returncode == 2 and "regex" in problems:
        message = problems.replace("rg: ", "").strip()
        raise bad_argument(ctx.entry, "pattern", f"pattern is not a valid regular expression: {message}", message)
    if rg.returncode not in (0, 1) and not found.total:  # 2: an error; below 0: killed by a signal
        reason = problems.strip() or f"exit status {rg.returncode}"
        raise ToolFailure.of(ctx.entry, "handler_failed", f"{ctx.entry.label}: ripgrep failed: {reason}")
    ranked = sorted(found.matches, key=lambda match: (-match.relevance_score, len(match.path), match.path, match.line))
    return InteractCodeSearchResult(
        matches=[match.model() for match in ranked[: params.limit]],
        total_matches=found.total,
        files_matched=len(found.files),
        truncated=found.total > min(params.limit, len(ranked)),
        search_time_ms=round((time.perf_counter() - started) * 1000),
    )


def file_types(ctx: CallContext, params: InteractCodeSearchParams) -> list[str]:
    """ripgrep's types for `language` ("typescript|python"); an unknown name is invalid_arguments."""
    if not isinstance(params.language, str):
        return []
    names = [name.strip().lower() for name in params.language.split("|") if name.strip()]
    unknown = [name for name in names if name not in LANGUAGES]
    if unknown:
        known = ", ".join(LANGUAGES)
        raise bad_argument(ctx.entry, "language", f"unknown language {', '.join(unknown)} (known: {known})")
    return [LANGUAGES[name][0] for name in names]


def excluded(params: InteractCodeSearchParams) -> list[str]:
    return [pattern.root for pattern in params.exclude_patterns] if isinstance(params.exclude_patterns, list) else []


class Found:
    """What ripgrep reports: every match counted, those that can be returned parsed and scored."""

    def __init__(self, excluded: list[str]) -> None:
        self.excluded = excluded
        self.total = 0
        self.files: set[bytes] = set()
        self.matches: list[Match] = []
        self.kept_files: set[str] = set()

    def add(self, line: bytes) -> None:
        path_key = line[line.find(b'"path"') : line.find(b'"lines"')]
        if any(part.encode() in path_key for part in self.excluded):
            return
        self.total += 1
        self.files.add(path_key)
        if len(self.matches) >= LIMITS.code.max_search_results:
            return
        data: dict[str, Any] = from_json(line)["data"]
        path, text = data["path"].get("text"), line_text(data["lines"])
        if path is None:  # a file name that is not UTF-8
            return
        if path not in self.kept_files and len(self.kept_files) >= LIMITS.code.max_result_files:
            return
        self.kept_files.add(path)
        self.matches.append(
            scored(path.removeprefix("./"), data["line_number"], text.rstrip("\r\n"), data["submatches"])
        )


def line_text(lines: dict[str, str]) -> str:
    """A matching line; one that is not UTF-8 comes base64-encoded, and is shown with replacements."""
    if "text" in lines:
        return lines["text"]
    return base64.b64decode(lines.get("bytes", "")).decode(errors="replace")


class Match(NamedTuple):
    """A match before it is returned (only the best `limit` become models)."""

    relevance_score: float
    path: str
    line: int
    column: int
    context: str

    def model(self) -> InteractCodeSearchMatch:
        return InteractCodeSearchMatch(**self._asdict())


def scored(path: str, line_number: int, text: str, submatches: list[dict[str, Any]]) -> Match:
    """A match with its score: 0.4, +0.3 for a whole word, +0.2 on a line that defines something,
    +0.1 when the file's name holds the matched text."""
    raw = text.encode()
    first: dict[str, Any] = submatches[0] if submatches else {"start": 0, "end": 0, "match": {"text": ""}}
    start = len(raw[: first["start"]].decode(errors="ignore"))
    end = len(raw[: first["end"]].decode(errors="ignore"))
    matched = str(first["match"].get("text") or "")
    whole_word = not (start > 0 and WORD.match(text[start - 1])) and not (end < len(text) and WORD.match(text[end]))
    score = 0.4 + (0.3 if whole_word and matched else 0) + (0.2 if DEFINITION.match(text) else 0)
    score += 0.1 if matched and matched.lower() in PurePosixPath(path).name.lower() else 0
    return Match(round(score, 2), path, line_number, start + 1, around(text, start))


def around(text: str, start: int) -> str:
    """The line, or the part of a long line (minified code) around where the match starts."""
    width = LIMITS.code.search_line_chars
    if len(text) <= width:
        return text
    begin = max(0, min(start - width // 3, len(text) - width))
    return text[begin : begin + width]

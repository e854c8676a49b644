"""Contract versions are MAJOR.MINOR: a minor version only adds, a major one may break."""

from __future__ import annotations

import re

VERSION = re.compile(r"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$")


def parse(version: str) -> tuple[int, int]:
    """(major, minor) of "1.10"; ValueError for anything else."""
    match = VERSION.match(version)
    if match is None:
        raise ValueError(f"{version!r} is not a MAJOR.MINOR version")
    return int(match.group(1)), int(match.group(2))


def major(version: str) -> int:
    return parse(version)[0]


def newest_first(versions: list[str]) -> list[str]:
    return sorted(versions, key=parse, reverse=True)

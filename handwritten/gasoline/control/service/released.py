"""The released versions of the control protocol, as the generator keeps them beside the models
(control_releases.json): each version's schemas, so that a service built to an older release is
checked against that release, not against today's protocol."""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

import gasoline_generated

if TYPE_CHECKING:
    from jsonschema import Draft202012Validator

RELEASES = Path(gasoline_generated.__file__).with_name("control_releases.json")


def problem(version: str, shape: str, value: Any) -> str | None:
    """Where and why `value` does not fit the release's schema of `shape` (ControlRequest...), or None."""
    from jsonschema.exceptions import best_match

    found = best_match(validator(version, shape).iter_errors(value))
    if found is None:
        return None
    where = ".".join(str(part) for part in found.absolute_path) or "the body"
    return f"{where}: {found.message}"


def fields(version: str, shape: str) -> frozenset[str]:
    """The properties the release's schema of `shape` names (its objects are closed: nothing else)."""
    return frozenset(schemas(version)[shape]["properties"])


@functools.cache
def validator(version: str, shape: str) -> Draft202012Validator:
    from jsonschema import Draft202012Validator  # only once a service is driven: the daemon starts smaller

    return Draft202012Validator({"$defs": schemas(version), "$ref": f"#/$defs/{shape}"})


@functools.cache
def schemas(version: str) -> dict[str, Any]:
    releases: dict[str, Any] = json.loads(RELEASES.read_text(encoding="utf-8"))["releases"]
    found: dict[str, Any] = releases[version]["schemas"]
    return found

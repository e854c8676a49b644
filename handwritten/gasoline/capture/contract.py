"""How the extension contract an extension speaks fits this daemon's (spec/contracts.yaml, family
"extension"): what /sync, health and doctor report, and how /events reads a batch.

The extension updates from the store and the daemon with the package, so either may be ahead.
Within one major version a newer minor only adds optional fields, which the daemon leaves out,
and an older one sends a subset of what the daemon reads. So an extension of the daemon's major
version is compatible when it is newer, or at most extension.contract_minors_behind minor
versions older; an older one is still read, but told to update. Another major version is told
which side to update, and its events are not read at all.
"""

from __future__ import annotations

from typing import Any

from pydantic import MISSING

from gasoline_generated.contracts import EXTENSION_CONTRACT
from gasoline_generated.models import ExtensionContract
from gasoline_generated.policy import LIMITS

# An extension that does not say which version it speaks is built to the first release, which had
# no contract_version field.
UNSTATED_VERSION = "1.0"


def spoken(contract_version: str | MISSING) -> str:
    """The version a sync or batch is written in: its contract_version, else 1.0."""
    return UNSTATED_VERSION if contract_version is MISSING else contract_version


def major_minor(version: str) -> tuple[int, int]:
    """The two numbers of a MAJOR.MINOR version, compared as numbers (1.10 is after 1.9); the
    models' pattern has already checked its shape."""
    major, minor = version.split(".")
    return int(major), int(minor)


def extension_contract(extension: str, daemon: str = EXTENSION_CONTRACT) -> ExtensionContract:
    """How an extension speaking `extension` fits a daemon speaking `daemon` (this one's, unless
    another is named), with a message naming both versions and, unless compatible, what to update."""
    (ours_major, ours_minor), (its_major, its_minor) = major_minor(daemon), major_minor(extension)
    if its_major > ours_major:
        return ExtensionContract(
            extension=extension,
            daemon=daemon,
            status="extension_too_new",
            message=f"Update Gasoline (the daemon): the extension speaks {extension} and this daemon {daemon}.",
        )
    if its_major < ours_major or its_minor < ours_minor - LIMITS.extension.contract_minors_behind:
        return ExtensionContract(
            extension=extension,
            daemon=daemon,
            status="extension_too_old",
            message=f"Update the Gasoline extension: it speaks {extension} and this daemon {daemon}.",
        )
    return ExtensionContract(
        extension=extension,
        daemon=daemon,
        status="compatible",
        message=f"The extension speaks {extension} and this daemon {daemon}: they work together.",
    )


def is_newer_minor(extension: str, daemon: str = EXTENSION_CONTRACT) -> bool:
    """Whether `extension` is a later minor version of the daemon's major version: it may carry
    optional fields the daemon does not know."""
    (ours_major, ours_minor), (its_major, its_minor) = major_minor(daemon), major_minor(extension)
    return its_major == ours_major and its_minor > ours_minor


def written_newer(body: Any) -> bool:
    """Whether a posted body (not yet validated) says it is written in a newer minor version of the
    daemon's contract, so that fields the daemon does not know are left out before it is read."""
    version = body.get("contract_version") if isinstance(body, dict) else None
    try:
        return isinstance(version, str) and is_newer_minor(version)
    except ValueError:  # not MAJOR.MINOR: validation says so
        return False


def is_other_major(extension: str, daemon: str = EXTENSION_CONTRACT) -> bool:
    """Whether `extension` is of another major version than the daemon's: its messages may mean
    something else, so none of them is read."""
    return major_minor(extension)[0] != major_minor(daemon)[0]

"""The one rule for how an extension's contract version fits a daemon's: the same major version,
newer or at most extension.contract_minors_behind minors older, is compatible; anything else is
told which side to update, naming both versions."""

from __future__ import annotations

import pytest

from gasoline.capture.contract import extension_contract
from gasoline_generated.contracts import EXTENSION_CONTRACT
from gasoline_generated.models import ExtensionContract
from gasoline_generated.policy import LIMITS

BEHIND = LIMITS.extension.contract_minors_behind
MINOR = BEHIND + 5  # far enough from 3.0 that an extension can be too many minors behind
DAEMON = f"3.{MINOR}"


@pytest.mark.parametrize(
    ("extension", "status"),
    [
        (DAEMON, "compatible"),
        (f"3.{MINOR - BEHIND}", "compatible"),
        (f"3.{MINOR - BEHIND - 1}", "extension_too_old"),
        (f"3.{MINOR + 1}", "compatible"),
        (f"3.{MINOR + 40}", "compatible"),
        ("2.99", "extension_too_old"),
        ("4.0", "extension_too_new"),
    ],
)
def test_the_rule(extension: str, status: str) -> None:
    contract = extension_contract(extension, daemon=DAEMON)
    assert isinstance(contract, ExtensionContract)
    assert (contract.extension, contract.daemon, contract.status) == (extension, DAEMON, status)
    assert extension in contract.message and DAEMON in contract.message


def test_minor_versions_compare_as_numbers() -> None:
    assert extension_contract("1.10", daemon="1.9").status == "compatible"
    assert extension_contract("1.9", daemon="1.10").status == ("compatible" if BEHIND >= 1 else "extension_too_old")


def test_each_verdict_says_what_to_update() -> None:
    assert (
        extension_contract("0.1", daemon="1.0").message
        == "Update the Gasoline extension: it speaks 0.1 and this daemon 1.0."
    )
    assert extension_contract("2.0", daemon="1.0").message == (
        "Update Gasoline (the daemon): the extension speaks 2.0 and this daemon 1.0."
    )
    assert extension_contract("1.0", daemon="1.0").message == (
        "The extension speaks 1.0 and this daemon 1.0: they work together."
    )


def test_the_daemon_speaks_its_generated_version() -> None:
    assert extension_contract("1.0").daemon == EXTENSION_CONTRACT

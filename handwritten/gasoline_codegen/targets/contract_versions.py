"""The version of each contract family, for the daemon (contracts.py) and the extension
(contracts.ts): what /sync and health say each side speaks."""

from __future__ import annotations

from ..banner import python_banner, ts_banner
from ..model import Spec
from ..templating import environment
from .python_modules import PACKAGE
from .typescript import TS_DIR

SOURCES = ("spec/contracts.yaml",)


def render(spec: Spec) -> dict[str, str]:
    env = environment()
    return {
        f"{PACKAGE}/contracts.py": env.get_template("contracts.py.j2").render(
            banner=python_banner(SOURCES), families=spec.contracts
        ),
        f"{TS_DIR}/contracts.ts": env.get_template("contracts.ts.j2").render(
            banner=ts_banner(SOURCES), families=spec.contracts
        ),
    }

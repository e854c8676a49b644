"""docs/contracts.md: the contract families, the rules a change is judged by, and every change of
every family, version by version."""

from __future__ import annotations

from ..compat.gate import Gate, releases_by_family
from ..compat.history import history
from ..compat.rules import RULES
from ..compat.views import DIRECTIONS
from ..model import Spec
from ..templating import environment

PATH = "docs/contracts.md"


def render(spec: Spec) -> dict[str, str]:
    gate = Gate(spec, releases_by_family(spec))
    families = [(family, history(spec, family, gate)) for family in spec.contracts]
    text = (
        environment()
        .get_template("contracts.md.j2")
        .render(families=families, rules=RULES.values(), directions=DIRECTIONS)
    )
    return {PATH: text}

"""Contract tests from the spec's examples.

Python: every valid example is accepted and every invalid one rejected, by the pydantic model
and by the JSON Schema of its definition; valid arguments of published modes are accepted by
the published tools/list schema. TypeScript: every valid example of an event or message
compiles as its type, and every invalid one whose fault a type can express fails to compile
(@ts-expect-error); faults of value only (a range, a length, a pattern) are listed, since
only the daemon's validation can catch them.
"""

from __future__ import annotations

from typing import Any

from jsonschema import Draft202012Validator

from ..banner import banner, dump_json, python_banner, ts_banner
from ..model import Spec
from ..schema import structural
from ..templating import environment
from .python_modules import bundle
from .typescript import FAMILY_FILES, exported_definitions

TESTS = "generated/tests"
SOURCES = ("spec/tools", "spec/events", "spec/messages")


def render(spec: Spec) -> dict[str, str]:
    cases = [
        {
            "id": example.origin,
            "definition": example_set.definition,
            "valid": example.valid,
            "reason": example.reason,
            "value": example.value,
            "published": (
                {"tool": example_set.published_tool, "mode_key": example_set.mode_key, "mode": example_set.mode}
                if example_set.published_tool and example.valid
                else None
            ),
        }
        for example_set in spec.example_sets
        for example in example_set.examples
    ]
    test_module = environment().get_template("test_contract_examples.py.j2").render(banner=python_banner(SOURCES))
    return {
        f"{TESTS}/contract_cases.json": dump_json({"$comment": banner(SOURCES), "cases": cases}),
        f"{TESTS}/test_contract_examples.py": test_module,
        f"{TESTS}/ts/contract.ts": typescript_contract(spec),
    }


def typescript_contract(spec: Spec) -> str:
    definitions = exported_definitions(spec)
    shapes = structural(bundle(spec))
    sets = [s for s in spec.example_sets if s.definition in definitions]
    imports = {
        FAMILY_FILES[family]: names
        for family in FAMILY_FILES
        if (names := sorted({s.definition for s in sets if definitions[s.definition].family == family}))
    }
    cases: list[dict[str, Any]] = []
    for example_set in sets:
        type_check = Draft202012Validator({"$ref": f"#/$defs/{example_set.definition}", "$defs": shapes["$defs"]})
        cases.extend(
            {
                "definition": example_set.definition,
                "example": example,
                # An invalid example a type can reject is declared with @ts-expect-error.
                "type_error": not example.valid and not type_check.is_valid(example.value),
            }
            for example in example_set.examples
        )
    return (
        environment()
        .get_template("contract.ts.j2")
        .render(banner=ts_banner(("spec/events/*.yaml", "spec/messages/**/*.yaml")), imports=imports, cases=cases)
    )

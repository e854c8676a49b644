"""The generated TypeScript compiles under --strict, and its types reject what the spec calls invalid."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from ..conftest import ROOT

EXTENSION = ROOT / "extension"
TSC = EXTENSION / "node_modules" / ".bin" / "tsc"


def compile_copy(tmp_path: Path, contract: str | None = None) -> subprocess.CompletedProcess[str]:
    """Type-check a copy of generated/ts and the TypeScript contract, optionally with an edited contract."""
    shutil.copytree(ROOT / "generated/ts", tmp_path / "ts")
    shutil.copytree(ROOT / "generated/tests/ts", tmp_path / "tests/ts")
    if contract is not None:
        (tmp_path / "tests/ts/contract.ts").write_text(contract)
    config = {
        "extends": str(EXTENSION / "tsconfig.json"),
        "compilerOptions": {"typeRoots": [str(EXTENSION / "node_modules/@types")]},
        "include": ["ts/*.ts", "tests/ts/*.ts"],
    }
    (tmp_path / "tsconfig.json").write_text(json.dumps(config))
    return subprocess.run([str(TSC), "-p", str(tmp_path)], capture_output=True, text=True, timeout=120)


def test_the_extension_and_the_generated_types_compile_strictly() -> None:
    result = subprocess.run([str(TSC), "-p", str(EXTENSION)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout + result.stderr


def contract_lines() -> list[str]:
    return (ROOT / "generated/tests/ts/contract.ts").read_text().splitlines(keepends=True)


def test_the_contract_expects_type_errors_for_invalid_examples() -> None:
    text = "".join(contract_lines())
    assert text.count("// @ts-expect-error") >= 10
    assert "a value constraint: checked by the daemon only" in text


def test_an_invalid_example_without_its_expected_error_fails_to_compile(tmp_path: Path) -> None:
    lines = contract_lines()
    first = lines.index("// @ts-expect-error\n")
    result = compile_copy(tmp_path, "".join(lines[:first] + lines[first + 1 :]))
    assert result.returncode != 0
    assert f"contract.ts({first + 1}," in result.stdout, result.stdout


@pytest.mark.parametrize(("valid", "broken"), [('"level": "log"', '"level": "loud"'), ('"tabId": 7', '"tabId": "7"')])
def test_a_valid_example_made_invalid_fails_to_compile(tmp_path: Path, valid: str, broken: str) -> None:
    text = "".join(contract_lines())
    assert valid in text
    result = compile_copy(tmp_path, text.replace(valid, broken, 1))
    assert result.returncode != 0 and "contract.ts" in result.stdout


def test_the_redaction_rules_match_alike_in_javascript_and_python(tmp_path: Path) -> None:
    """The extension applies the same rules at the source: each must compile in JavaScript and find
    exactly the matches, and the same secret in them, as Python's re, over the whole secret corpus
    and the ordinary text."""
    import re

    from gasoline_generated.redaction_rules import RULES

    from .secret_corpus import ORDINARY, corpus

    lines = [secret.line for secret in corpus()] + ORDINARY
    bundle = tmp_path / "redaction.mjs"
    subprocess.run(
        [
            str(EXTENSION / "node_modules" / ".bin" / "esbuild"),
            str(ROOT / "generated/ts/redaction.ts"),
            "--format=esm",
            f"--outfile={bundle}",
            "--log-level=warning",
        ],
        check=True,
        timeout=60,
    )
    script = tmp_path / "match.mjs"
    script.write_text(
        f'import {{ REDACTION_RULES }} from "{bundle}";\n'
        'import { readFileSync } from "node:fs";\n'
        "const lines = JSON.parse(readFileSync(0, 'utf8'));\n"
        "const secret = (m, groups) => {\n"
        "  const g = groups.find((i) => m[i] !== undefined);\n"
        "  return g === undefined ? null : m[g];\n"
        "};\n"
        "const found = (line) => REDACTION_RULES.flatMap((r) =>\n"
        "  [...line.matchAll(new RegExp(r.pattern, r.flags))].map((m) => [r.name, m[0], secret(m, r.secretGroups)]));\n"
        "console.log(JSON.stringify(lines.map(found)));\n"
    )
    node = ROOT / "tests" / "mcp-tools" / "node_modules" / ".bin" / "node"
    result = subprocess.run(
        [str(node), str(script)], input=json.dumps(lines), capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    javascript = json.loads(result.stdout)

    def secret(match: re.Match[str], groups: tuple[int, ...]) -> str | None:
        return next((match.group(g) for g in groups if match.group(g) is not None), None)

    python = [
        [
            [rule.name, match.group(0), secret(match, rule.secret_groups)]
            for rule in RULES
            for match in re.finditer(rule.pattern, line, re.IGNORECASE if rule.ignore_case else 0)
        ]
        for line in lines
    ]
    assert javascript == python
    assert sum(map(len, python)) >= len(corpus()), "every secret line is matched by at least one rule"
    assert sum(map(len, python)) >= len(corpus()), "every secret line is matched by at least one rule"

"""gen and check-gen on copies of the repository: stale or hand-edited output is caught and named."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from gasoline_codegen.generate import differences, files_on_disk, render_all
from gasoline_codegen.model_text import CACHE_OFF, CACHE_VARIABLE

from ..conftest import ROOT, run_codegen, run_python

GENERATED_FILES = sorted(files_on_disk(ROOT))
NO_CACHE = {CACHE_VARIABLE: CACHE_OFF}


@pytest.fixture(scope="module")
def expected() -> dict[str, str]:
    return render_all(ROOT)


def codegen(root: Path, command: str) -> subprocess.CompletedProcess[str]:
    return run_codegen(root, command)


def test_the_checkout_is_in_step_with_its_spec() -> None:
    result = codegen(ROOT, "check")
    assert result.returncode == 0, result.stderr
    assert "in step" in result.stdout


@pytest.mark.parametrize("rel", GENERATED_FILES)
def test_a_hand_edit_of_any_generated_file_is_caught_and_named(
    repo_copy: Path, rel: str, expected: dict[str, str]
) -> None:
    path = repo_copy / rel
    path.write_text(path.read_text() + "hand edit\n")
    reports = differences(repo_copy, expected)
    assert len(reports) == 1
    assert f"--- {rel} (on disk)" in reports[0] and "-hand edit" in reports[0]


def test_check_gen_fails_with_a_diff_that_names_the_file(repo_copy: Path) -> None:
    dispatch = repo_copy / "generated/gasoline_generated/dispatch.py"
    dispatch.write_text(dispatch.read_text().replace("published=True", "published=False"))
    (repo_copy / "generated/ts/extra.ts").write_text("export {};\n")
    (repo_copy / "generated/ts/limits.ts").unlink()
    result = codegen(repo_copy, "check")
    assert result.returncode == 1
    assert "generated/gasoline_generated/dispatch.py (on disk)" in result.stderr
    assert "-        published=False," in result.stderr and "+        published=True," in result.stderr
    assert "generated/ts/extra.ts: not produced by the spec" in result.stderr
    assert "generated/ts/limits.ts: missing" in result.stderr
    assert "python3 tasks.py gen" in result.stderr


def test_gen_repairs_the_output_and_removes_what_the_spec_does_not_produce(repo_copy: Path) -> None:
    (repo_copy / "generated/ts/extra.ts").write_text("export {};\n")
    (repo_copy / "generated/ts/limits.ts").unlink()
    assert codegen(repo_copy, "gen").returncode == 0
    assert codegen(repo_copy, "check").returncode == 0
    assert not (repo_copy / "generated/ts/extra.ts").exists()


def test_gen_is_byte_identical_across_runs_and_hash_seeds(repo_copy: Path) -> None:
    def snapshot() -> dict[str, bytes]:
        return {rel: (repo_copy / rel).read_bytes() for rel in sorted(files_on_disk(repo_copy))}

    outputs = []
    for seed in ("1", "2"):
        for rel in files_on_disk(repo_copy):
            (repo_copy / rel).unlink()
        # The generator itself, each time: no models text kept from an earlier run.
        result = run_python(
            repo_copy, "-m", "gasoline_codegen", "--root", str(repo_copy), "gen", PYTHONHASHSEED=seed, **NO_CACHE
        )
        assert result.returncode == 0, result.stderr
        outputs.append(snapshot())
    assert outputs[0] == outputs[1]
    assert outputs[0] == {rel: (ROOT / rel).read_bytes() for rel in GENERATED_FILES}


def test_an_invalid_spec_stops_generation_with_file_and_path(repo_copy: Path) -> None:
    health = repo_copy / "spec/tools/configure/health.yaml"
    health.write_text(health.read_text().replace("mutation: read_only", "mutation: harmless"))
    before = {rel: (repo_copy / rel).read_bytes() for rel in files_on_disk(repo_copy)}
    result = codegen(repo_copy, "gen")
    assert result.returncode == 2
    line = next(n for n, text in enumerate(health.read_text().splitlines(), 1) if text.startswith("mutation:"))
    assert f"spec/tools/configure/health.yaml:{line}: $.mutation: 'harmless' is not one of" in result.stderr
    assert before == {rel: (repo_copy / rel).read_bytes() for rel in files_on_disk(repo_copy)}, "nothing is written"

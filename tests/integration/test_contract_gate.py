"""The compatibility gate on copies of the repository: a breaking edit of a released contract is
refused by gen with the family, the message and path, the rule and both versions, and nothing is
written; an optional addition marked with x-since goes through and reaches the changelog."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from gasoline_codegen.build import spec_at
from gasoline_codegen.compat.gate import findings_between, releases_by_family
from gasoline_codegen.compat.releases import load_releases
from gasoline_codegen.compat.versions import newest_first
from gasoline_codegen.generate import files_on_disk
from gasoline_codegen.specload import SpecError

from ..conftest import ROOT, run_codegen
from .contract_versions import open_for_additions

CONTRACTS = "spec/contracts.yaml"
CONTROL = "spec/control/control.yaml"
CONSOLE = "spec/events/console.yaml"
CONFIG = "spec/policy/project_config.yaml"
TOOL_MODE = "spec/tools/observe/logs.yaml"


def codegen(root: Path, *command: str) -> subprocess.CompletedProcess[str]:
    return run_codegen(root, *command)


def edit(root: Path, rel: str, old: str, new: str) -> None:
    path = root / rel
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} in {rel}"
    path.write_text(text.replace(old, new), encoding="utf-8")


def raise_version(root: Path, family: str) -> str:
    """Open the family for additions (and the control document's own version with it)."""
    version, _ = open_for_additions(root, family)
    if family == "control":
        edit(root, CONTROL, "version: 1.1.0", f"version: {version}.0")
    return version


def released(root: Path, family: str) -> str:
    """The family's latest release."""
    return newest_first([path.stem for path in (root / "spec/releases" / family).glob("*.json")])[0]


def refused(root: Path) -> str:
    """gen's complaint; nothing may have been written."""
    before = {rel: (root / rel).read_bytes() for rel in files_on_disk(root)}
    result = codegen(root, "gen")
    assert result.returncode == 2, result.stdout + result.stderr
    assert before == {rel: (root / rel).read_bytes() for rel in files_on_disk(root)}, "nothing is written"
    return result.stderr


def accepted(root: Path) -> None:
    result = codegen(root, "gen")
    assert result.returncode == 0, result.stderr
    assert codegen(root, "check").returncode == 0


def test_the_released_control_history_is_reported_breaking_with_its_exact_items() -> None:
    spec = spec_at(ROOT)
    family = next(f for f in spec.contracts if f.name == "control")
    releases = releases_by_family(spec)["control"]
    found = findings_between(family, releases["1.0"], releases["1.1"].contract, "1.1")
    assert sorted((f.change.where, f.change.path, f.change.rule) for f in found if f.breaking) == [
        ("ControlDiscovery", "$.protocol_version", "pattern-added"),
        ("ControlOperation", "$.destructive", "property-added-unmarked"),
        ("ControlOperation", "$.examples[*]", "type-narrowed"),
        ("ControlOperation", "$.idempotent", "property-added-unmarked"),
        ("ControlOperation", "$.read_only", "property-required"),
        ("ControlOperation", "$.safe", "property-removed"),
        ("ControlRequest", "$.idempotency_key", "property-added-unmarked"),
        ("ControlRequest", "$.request_id", "property-removed"),
        ("ControlResponse", "$.applied", "property-added-unmarked"),
        ("ControlResponse", "$.checksum", "pattern-added"),
        ("ControlResponse", "$.expires_at", "property-added-unmarked"),
        ("OPTIONS /.gasoline/control 204 header X-Gasoline-Control", "$", "pattern-added"),
    ]
    assert ("ControlResponse", "$.replayed", "property-added") in {
        (f.change.where, f.change.path, f.change.rule) for f in found if not f.breaking
    }


def test_the_released_control_1_0_is_the_protocol_as_first_published() -> None:
    release = json.loads((ROOT / "spec/releases/control/1.0.json").read_text(encoding="utf-8"))
    document = release["contract"]["openapi"]
    operation = document["components"]["schemas"]["ControlOperation"]
    assert document["info"]["version"] == "1.0.0"
    assert operation["required"] == ["name", "category", "safe", "description"]
    assert "request_id" in document["components"]["schemas"]["ControlRequest"]["properties"]


def test_a_breaking_edit_of_the_control_protocol_is_refused_and_an_addition_with_x_since_goes_through(
    repo_copy: Path,
) -> None:
    raise_version(repo_copy, "control")
    edit(repo_copy, CONTROL, "      required: [status]\n", "      required: [status, duration_ms]\n")
    complaint = refused(repo_copy)
    assert (
        f"{CONTROL}: ControlResponse $.duration_ms: control 1.2 breaks release 1.1: property-required: "
        "duration_ms became required (the message needs backward compatibility" in complaint
    )
    edit(repo_copy, CONTROL, "      required: [status, duration_ms]\n", "      required: [status]\n")
    edit(
        repo_copy,
        CONTROL,
        '        error: {$ref: "#/components/schemas/ControlError"}\n',
        '        error: {$ref: "#/components/schemas/ControlError"}\n'
        '        retry_after_ms: {type: integer, minimum: 0, x-since: "1.2", description: When to try again.}\n',
    )
    accepted(repo_copy)
    changes = (repo_copy / "docs/contracts.md").read_text(encoding="utf-8")
    assert "### control 1.2 (not released yet)" in changes
    assert "`ControlResponse` `$.retry_after_ms`: retry_after_ms was added in 1.2 (property-added)" in changes


def test_a_breaking_edit_of_an_event_is_refused_with_its_path_and_an_optional_field_with_x_since_goes_through(
    repo_copy: Path,
) -> None:
    version, base = raise_version(repo_copy, "extension"), released(repo_copy, "extension")
    edit(repo_copy, CONSOLE, "enum: [debug, log, info, warn, error]", "enum: [log, info, warn, error]")
    edit(repo_copy, CONSOLE, "  required: [type, ts, level, message]", "  required: [type, ts, level, message, url]")
    complaint = refused(repo_copy)
    assert f"{CONSOLE}: ConsoleEvent $.level: extension {version} breaks release {base}: enum-narrowed" in complaint
    assert f"{CONSOLE}: ConsoleEvent $.url: extension {version} breaks release {base}: property-required" in complaint
    for path in (repo_copy / CONSOLE, repo_copy / CONTRACTS):
        path.write_text((ROOT / path.relative_to(repo_copy)).read_text(encoding="utf-8"), encoding="utf-8")
    raise_version(repo_copy, "extension")
    edit(
        repo_copy,
        CONSOLE,
        "    source: {type: string,",
        f'    frame: {{type: string, x-since: "{version}", description: The frame that logged it.}}\n'
        "    source: {type: string,",
    )
    accepted(repo_copy)
    changelog = (repo_copy / "docs/contracts.md").read_text()
    assert f"`ConsoleEvent` `$.frame`: frame was added in {version}" in changelog
    # The tool surface reaches the event too (observe results), but the change is the extension's:
    # the changelog judges it by the extension's versions wherever it lists it.
    listed = [line for line in changelog.splitlines() if "`ConsoleEvent` `$.frame`" in line]
    assert len(listed) > 1 and all(line.endswith("(property-added)") for line in listed), listed
    assert codegen(repo_copy, "release").returncode == 4
    released_now = codegen(repo_copy, "release", "extension")
    assert released_now.returncode == 0, released_now.stderr
    accepted(repo_copy)


def test_a_breaking_edit_of_the_config_schema_is_refused_and_an_addition_with_x_since_goes_through(
    repo_copy: Path,
) -> None:
    raise_version(repo_copy, "project_config")
    edit(repo_copy, CONFIG, 'pattern: "^https?://[^/?#]+/?$"', 'pattern: "^https://[^/?#]+/?$"')
    complaint = refused(repo_copy)
    where = "ProjectConfig $.backend.services[*].url"
    assert f"{CONFIG}: {where}: project_config 1.1 breaks release 1.0: pattern-changed" in complaint
    edit(repo_copy, CONFIG, 'pattern: "^https://[^/?#]+/?$"', 'pattern: "^https?://[^/?#]+/?$"')
    edit(
        repo_copy,
        CONFIG,
        "      properties:\n        test_command:\n",
        "      properties:\n"
        '        test_timeout_s: {type: integer, minimum: 1, x-since: "1.1", description: How long a run may take.}\n'
        "        test_command:\n",
    )
    accepted(repo_copy)


def refusals(root: Path) -> list[str]:
    with pytest.raises(SpecError) as raised:
        spec_at(root)
    return [str(problem) for problem in raised.value.problems]


def test_a_released_version_may_not_change_at_all(repo_copy: Path) -> None:
    edit(
        repo_copy,
        CONFIG,
        "      properties:\n        test_command:\n",
        "      properties:\n"
        '        test_timeout_s: {type: integer, x-since: "1.0", description: How long a run may take.}\n'
        "        test_command:\n",
    )
    assert refusals(repo_copy) == [
        f"{CONFIG}: ProjectCode $.test_timeout_s: changes the released project_config 1.0; raise its version in "
        f"{CONTRACTS}: property-added-unmarked: test_timeout_s was added in 1.0: x-since '1.0', where it needs a "
        "version after 1.0 and up to 1.0 (the message needs backward compatibility; see docs/contracts.md)"
    ]


def test_an_addition_without_x_since_is_refused(repo_copy: Path) -> None:
    version, base = raise_version(repo_copy, "extension"), released(repo_copy, "extension")
    edit(
        repo_copy,
        CONSOLE,
        "    source: {type: string,",
        "    frame: {type: string, description: Its frame.}\n    source: {type: string,",
    )
    (problem,) = refusals(repo_copy)
    assert (
        f"ConsoleEvent $.frame: extension {version} breaks release {base}: property-added-unmarked: "
        "frame was added: no x-since" in problem
    )


def test_an_edited_release_is_refused(repo_copy: Path) -> None:
    path = repo_copy / "spec/releases/project_config/1.0.json"
    path.write_text(path.read_text().replace('"ProjectCode"', '"ProjectCodes"', 1))
    assert refusals(repo_copy) == [
        "spec/releases/project_config/1.0.json: $.contract: differs from the release it records (its sha256): "
        "a release never changes"
    ]


def test_the_tool_surface_takes_a_deliberate_break_only_with_its_reason(repo_copy: Path) -> None:
    raise_version(repo_copy, "tools")
    edit(repo_copy, TOOL_MODE, "  required: []\nresult:", "  required: [limit]\nresult:")
    (problem,) = refusals(repo_copy)
    assert "ObserveLogsParams $.limit: tools 1.1 breaks release 1.0: property-required" in problem
    contracts = repo_copy / CONTRACTS
    reason = (
        "    accepted_breaks:\n"
        "      - message: ObserveLogsParams\n        path: $.limit\n        rule: property-required\n"
        "        why: every client sends a limit since the tool list says so, and none relied on the default\n"
    )
    contracts.write_text(contracts.read_text().replace("  tools:\n", "  tools:\n" + reason), encoding="utf-8")
    spec_at(repo_copy)
    edit(repo_copy, TOOL_MODE, "  required: [limit]\nresult:", "  required: []\nresult:")
    (stale,) = refusals(repo_copy)
    assert "ObserveLogsParams $.limit property-required: breaks nothing since 1.0; remove it" in stale


def test_a_break_outside_the_tool_surface_cannot_be_accepted(repo_copy: Path) -> None:
    contracts = repo_copy / CONTRACTS
    reason = (
        "    accepted_breaks:\n"
        "      - {message: ConsoleEvent, path: $.url, rule: property-required, why: nobody reads the url anyway}\n"
    )
    contracts.write_text(contracts.read_text().replace("  extension:\n", "  extension:\n" + reason), encoding="utf-8")
    assert any("accepted_breaks is for the MCP tool surface only" in problem for problem in refusals(repo_copy))


def test_release_keeps_the_spec_as_released_and_never_overwrites_a_release(repo_copy: Path) -> None:
    raise_version(repo_copy, "project_config")
    result = codegen(repo_copy, "release")
    assert result.returncode == 4 and "no contract family ''" in result.stderr
    released = codegen(repo_copy, "release", "project_config")
    assert released.returncode == 0, released.stderr
    assert "spec/releases/project_config/1.1.json" in released.stdout
    again = codegen(repo_copy, "release", "project_config")
    assert again.returncode == 4 and "is released; raise its version first" in again.stderr
    assert len(load_releases(repo_copy)) == len(load_releases(ROOT)) + 1

"""The extension reaches the daemon only through the client generated from spec/daemon/api.yaml
(generated/ts/daemon-client.ts): no route is written by hand in extension/src, and a route whose
schema changes changes the client, so the side panel stops type-checking (tsc, as `npm run build`
runs it) where it no longer fits."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from ..conftest import ROOT, run_codegen

pytestmark = pytest.mark.slow

EXTENSION = ROOT / "extension"
BIN = EXTENSION / "node_modules" / ".bin"
CLIENT = "generated/ts/daemon-client.ts"
CONTRACTS = "spec/contracts.yaml"
API = "spec/daemon/api.yaml"


def route_segments() -> set[str]:
    """The fixed segments of every route of the daemon's OpenAPI document (panel, sessions, sync...)."""
    document = json.loads((ROOT / "generated/openapi/daemon.json").read_text(encoding="utf-8"))
    return {segment for path in document["paths"] for segment in path.split("/") if segment and "{" not in segment}


def routes_written_by_hand(sources: Path, scratch: Path) -> list[str]:
    """Each place in the sources' code (comments left out, as esbuild leaves them out) that spells
    a route of the daemon, or a piece of one, as `file: text`."""
    files = sorted(str(path) for path in sources.rglob("*.ts"))
    stripped = subprocess.run(
        [str(BIN / "esbuild"), *files, f"--outdir={scratch}", "--loader:.ts=ts", "--log-level=warning"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert stripped.returncode == 0, stripped.stderr
    route = re.compile(rf"(?<![\w.-])/(?:{'|'.join(sorted(route_segments()))})(?![\w-])")
    return [
        f"{path.relative_to(scratch)}: {line.strip()}"
        for path in sorted(scratch.rglob("*.js"))
        for line in path.read_text(encoding="utf-8").splitlines()
        if route.search(line)
    ]


def type_check(extension: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "tsc"), "-p", str(extension)], capture_output=True, text=True, timeout=300)


def with_extension(repo_copy: Path) -> Path:
    extension = repo_copy / "extension"
    shutil.copytree(EXTENSION / "src", extension / "src")
    shutil.copy2(EXTENSION / "tsconfig.json", extension / "tsconfig.json")
    (extension / "node_modules").symlink_to(EXTENSION / "node_modules")
    return extension


def next_major(repo_copy: Path, family: str) -> None:
    """Raise the family to its next major version, which the compatibility gate compares with nothing."""
    path = repo_copy / CONTRACTS
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"\n  {family}:\n(?:    .*\n|\n)*?    version: \"([0-9]+)\.[0-9]+\"", text)
    assert found is not None, f"no family {family} in {CONTRACTS}"
    path.write_text(f'{text[: found.start(1)]}{int(found.group(1)) + 1}.0"{text[found.end() :]}', encoding="utf-8")


def retype(repo_copy: Path, operation_id: str, old: str, new: str) -> None:
    """Name another schema in place of `old` in the operation's request or answer."""
    path = repo_copy / API
    text = path.read_text(encoding="utf-8")
    found = re.search(rf"^      operationId: {operation_id}$", text, re.MULTILINE)
    assert found is not None, f"no operation {operation_id} in {API}"
    start = found.start()
    end = min(i for i in (text.find("\n  /", start), text.find("\ncomponents:", start)) if i != -1)
    part = text[start:end]
    assert part.count(f'schema: {{$ref: "#/components/schemas/{old}"}}') == 1, part
    changed = part.replace(f"schemas/{old}", f"schemas/{new}")
    path.write_text(text[:start] + changed + text[end:], encoding="utf-8")


def test_no_route_of_the_daemon_is_written_by_hand_in_the_extension(tmp_path: Path) -> None:
    assert routes_written_by_hand(EXTENSION / "src", tmp_path) == []


def test_a_route_written_by_hand_is_found(tmp_path: Path) -> None:
    sources = tmp_path / "src"
    sources.mkdir()
    (sources / "by-hand.ts").write_text(
        "// the stream: GET /panel/sessions/{id}/events\n"
        "export const status = (base: string) => `${base}/panel/status`;\n"
        'export const events = (id: string) => "/sessions/" + id + "/events";\n'
        'export const page = "https://example.test/statuses/sync-notes.html";\n'
    )
    found = routes_written_by_hand(sources, tmp_path / "out")
    assert found == [
        "by-hand.js: export const status = (base) => `${base}/panel/status`;",
        'by-hand.js: export const events = (id) => "/sessions/" + id + "/events";',
    ]


@pytest.mark.parametrize(
    ("operation_id", "old", "new", "method"),
    [
        (
            "switchWatch",
            "PanelStatus",
            "SessionOpened",
            "switchWatch(body: PanelWatch, signal?: AbortSignal): Promise<SessionOpened>",
        ),
        (
            "askQuestion",
            "PanelQuestion",
            "PanelWatch",
            "askQuestion(sessionId: string, body: PanelWatch, signal?: AbortSignal)",
        ),
    ],
)
def test_a_changed_route_schema_changes_the_client_and_the_side_panel_no_longer_type_checks(
    repo_copy: Path, operation_id: str, old: str, new: str, method: str
) -> None:
    extension = with_extension(repo_copy)
    fitting = type_check(extension)
    assert fitting.returncode == 0, fitting.stdout + fitting.stderr
    before = (repo_copy / CLIENT).read_text(encoding="utf-8")

    next_major(repo_copy, "daemon_api")
    retype(repo_copy, operation_id, old, new)
    generated = run_codegen(repo_copy, "gen")
    assert generated.returncode == 0, generated.stderr
    after = (repo_copy / CLIENT).read_text(encoding="utf-8")
    assert method not in before and method in after

    misfit = type_check(extension)
    assert misfit.returncode != 0
    assert "src/sidepanel.ts" in misfit.stdout, misfit.stdout

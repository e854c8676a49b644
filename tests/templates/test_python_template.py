"""The python template: rendered into a falcon and a FastAPI service, compared with its golden
output, its own tests run, served from the team's small app and checked against the protocol with
schemathesis, and carried from protocol 1.0 to the current version by `copier update`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from ..integration.processes import free_port
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
)
from .through_mcp import drive_through_mcp

pytestmark = pytest.mark.slow

FRAMEWORKS = ("falcon", "fastapi")
ANSWERS = {"service_name": "billing-api", "package": "billing"}
CONTROL = "billing/gasoline_control"
BINDINGS = f"{CONTROL}/protocol_generated.py"
TEAM_OPERATIONS = f"{CONTROL}/operations.py"
ANSWERS_FILE = ".copier-answers.yml"
# The files copier renders from a .jinja file, whose text depends on the answers.
TEMPLATED = (
    ANSWERS_FILE,
    f"{CONTROL}/README.md",
    f"{CONTROL}/__init__.py",
    f"{CONTROL}/requirements.txt",
    f"{CONTROL}/settings.py",
    "tests/test_gasoline_control.py",
)
CONTROL_VARIABLES = ("GASOLINE_CONTROL_ENV", "GASOLINE_CONTROL_TOKEN", "GASOLINE_CONTROL_DB")
EXAMPLE_OPERATIONS = {"reset_database", "create_test_user", "simulate_failure", "state", "snapshot", "restore"}
TEAM_APPS = Path(__file__).with_name("apps") / "python"
TEAM_ROUTE = "/api/users"
SEED_USERS = 2

# An operation the team adds to its own operations file after the first render.
GRANT_CREDITS = """

@operation(
    name="grant_credits",
    category="data_injection",
    destructive=False,
    description="Add credits to a user.",
    params={
        "type": "object",
        "required": ["user_id", "credits"],
        "properties": {"user_id": {"type": "integer"}, "credits": {"type": "integer", "minimum": 1}},
    },
)
def grant_credits(ctx: Context, params: dict[str, Any]) -> Mapping[str, Any]:
    ctx.db.execute("UPDATE users SET credits = credits + ? WHERE id = ?", (params["credits"], params["user_id"]))
    return {"user_id": params["user_id"]}
"""


def render_service(framework: str, destination: Path, template: str | Path = "python", **copy: str) -> Path:
    """The template rendered into a team's service, with the team's app beside it."""
    render(template, destination, {**ANSWERS, "framework": framework}, **copy)
    shutil.copy(TEAM_APPS / f"{framework}_app.py", destination)
    return destination


def serve_command(framework: str, port: int) -> list[str]:
    if framework == "falcon":
        return [sys.executable, "-m", "waitress", f"--listen=127.0.0.1:{port}", "falcon_app:app"]
    return [sys.executable, "-m", "uvicorn", "fastapi_app:app", "--host", "127.0.0.1", "--port", str(port)]


@contextmanager
def serve_project(framework: str, project: Path, workspace: Path, leave_out: tuple[str, ...] = ()) -> Iterator[Service]:
    """The team's app in a rendered project, served with control_env (but for leave_out) and a store
    and a log of its own in workspace."""
    workspace.mkdir(parents=True, exist_ok=True)
    port = free_port()
    env = control_env(GASOLINE_CONTROL_DB=str(workspace / "store.sqlite3"))
    env = {name: value for name, value in env.items() if name not in leave_out}
    with serve(serve_command(framework, port), project, port, env, workspace / "service.log") as service:
        yield service


def run_rendered_tests(project: Path) -> subprocess.CompletedProcess[str]:
    """The rendered project's own tests, without the control variables (each test sets its own)."""
    env = {name: value for name, value in os.environ.items() if name not in CONTROL_VARIABLES}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_gasoline_control.py"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=180,
    )


@pytest.fixture(scope="module", params=FRAMEWORKS)
def framework(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def project(framework: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return render_service(framework, tmp_path_factory.mktemp(f"python-{framework}") / "service")


@pytest.fixture
def served(framework: str, project: Path, tmp_path: Path) -> Iterator[Service]:
    with serve_project(framework, project, tmp_path) as service:
        yield service


def test_the_rendered_service_matches_its_golden_output(framework: str, tmp_path: Path) -> None:
    rendered = render("python", tmp_path / "service", {**ANSWERS, "framework": framework})
    assert "templates/python" in (rendered / ANSWERS_FILE).read_text(encoding="utf-8"), "the answers name the template"
    assert_matches_golden(rendered, f"python-{framework}", TEMPLATED)


def test_the_rendered_tests_pass(project: Path) -> None:
    run = run_rendered_tests(project)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    assert " passed" in run.stdout


def test_the_team_app_serves_its_own_route_and_the_endpoint_that_breaks_it(served: Service) -> None:
    status, _, users = request(served.port, "GET", path=TEAM_ROUTE, token=None)
    assert status == 200
    assert len(users) == SEED_USERS
    assert operation_names(served) >= EXAMPLE_OPERATIONS
    assert_fault_breaks(served, TEAM_ROUTE, "python-template-7")


def test_the_served_endpoint_meets_the_protocol(served: Service, tmp_path: Path) -> None:
    assert_meets_protocol(served, tmp_path)


@WITHOUT_A_GUARD
def test_without_the_switch_or_a_token_the_endpoint_does_not_exist(
    framework: str, project: Path, tmp_path: Path, left_out: str, logged: str | None
) -> None:
    with serve_project(framework, project, tmp_path, leave_out=(left_out,)) as service:
        assert_not_mounted(service, TEAM_ROUTE, logged)


def test_copier_update_carries_the_service_to_the_current_protocol_and_keeps_its_operations(
    framework: str, tmp_path: Path
) -> None:
    template = versioned_template("python", tmp_path / "template")
    project = render_service(framework, tmp_path / "service", template, vcs_ref="1.0.0")
    with serve_project(framework, project, tmp_path / "at-1.0") as service:
        assert_speaks_protocol_1_0(service)
    (project / ".gitignore").write_text("__pycache__/\n", encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "gasoline control at protocol 1.0")
    operations = project / TEAM_OPERATIONS
    team_operations = operations.read_text(encoding="utf-8") + GRANT_CREDITS
    operations.write_text(team_operations, encoding="utf-8")
    git(project, "commit", "-q", "-am", "grant_credits")

    update(project, vcs_ref="1.1.0")

    assert operations.read_text(encoding="utf-8") == team_operations
    assert "_commit: 1.1.0" in (project / ANSWERS_FILE).read_text(encoding="utf-8")
    with serve_project(framework, project, tmp_path / "at-1.1") as service:
        assert_speaks_current_protocol(service, "at-1.1")
        grant = {"operation": "grant_credits", "params": {"user_id": 1, "credits": 5}}
        status, _, granted = request(service.port, "POST", grant)
        assert (status, granted["result"], granted["applied"]) == (200, {"user_id": 1}, True), granted
    run = run_rendered_tests(project)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]


def test_gasoline_drives_it_through_mcp(served: Service, tmp_path: Path) -> None:
    drive_through_mcp(served, tmp_path)

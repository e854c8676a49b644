"""The Node template: rendered for an Express 5 app and a plain node:http server, compared with its
golden output, its own tests run with node --test, served from a team's small app and checked
against the protocol with schemathesis, and carried from protocol 1.0 to the current version by
`copier update`.

Node 22 (node:sqlite, and TypeScript run as it is) and Express come from tests/templates/node-runtime,
whose node_modules each rendered service links to."""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from ..integration.processes import free_port
from .support import (
    TEMPLATES,
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

FRAMEWORKS = ("express", "http")
ANSWERS = {"service_name": "api-server"}
NODE_MODULES = Path(__file__).with_name("node-runtime") / "node_modules"
NODE = NODE_MODULES / ".bin" / "node"
# node:sqlite is still experimental in Node 22 and says so on every start.
NODE_FLAGS = ("--disable-warning=ExperimentalWarning",)
CONTROL = "gasoline-control"
BINDINGS = f"{CONTROL}/protocol.generated.ts"
TEAM_OPERATIONS = f"{CONTROL}/operations.ts"
ANSWERS_FILE = ".copier-answers.yml"
# The files copier renders from a .jinja file, whose text depends on the answers.
TEMPLATED = (ANSWERS_FILE, "package.json", f"{CONTROL}/README.md", f"{CONTROL}/config.ts", f"{CONTROL}/test/app.ts")
TEAM_APPS = Path(__file__).with_name("apps") / "node"
TEAM_APP = "server.ts"
TEAM_ROUTE = "/api/users"
EXAMPLE_OPERATIONS = {"reset_database", "create_test_user", "simulate_failure", "state", "snapshot", "restore"}
CONTROL_VARIABLES = (
    "GASOLINE_CONTROL_ENV",
    "GASOLINE_CONTROL_TOKEN",
    "GASOLINE_CONTROL_DB",
    "GASOLINE_CONTROL_ALLOW_REMOTE",
)

# An operation the team adds to its own operations file after the first render.
EXAMPLES_LINE = "  ...exampleOperations,\n"
GRANT_CREDITS = """  {
    name: "grant_credits",
    category: "data_injection",
    read_only: false,
    destructive: false,
    description: "Add credits to a user.",
    params: {
      type: "object",
      properties: { user_id: { type: "integer" }, credits: { type: "integer", minimum: 1 } },
      required: ["user_id", "credits"],
      additionalProperties: false,
    },
    run({ user_id, credits }, { db }) {
      db.prepare("UPDATE users SET credits = credits + ? WHERE id = ?").run(credits, user_id);
      return { user_id };
    },
  },
"""


def render_service(framework: str, destination: Path, template: str | Path = "node", **copy: str) -> Path:
    """The template rendered into a team's service, with the team's app beside it."""
    render(template, destination, {**ANSWERS, "framework": framework}, **copy)
    shutil.copy(TEAM_APPS / f"{framework}.ts", destination / TEAM_APP)
    return destination


def link_node_modules(project: Path) -> None:
    """What `npm install` would give the service: Express, from the tests' own npm project."""
    (project / "node_modules").symlink_to(NODE_MODULES, target_is_directory=True)


def service_env(tmp_path: Path, port: int) -> dict[str, str]:
    """control_env with the app's port and a database of the test's own."""
    return control_env(PORT=str(port), GASOLINE_CONTROL_DB=str(tmp_path / "service.sqlite"))


def run_rendered_tests(project: Path) -> subprocess.CompletedProcess[str]:
    """The rendered package.json's test script, with the runtime's node, in an environment without the
    control variables (the tests set them as each needs)."""
    script = shlex.split(json.loads((project / "package.json").read_text(encoding="utf-8"))["scripts"]["test"])
    assert script[0] == "node", script
    return subprocess.run(
        [str(NODE), *script[1:]],
        cwd=project,
        env=without(dict(os.environ), *CONTROL_VARIABLES),
        capture_output=True,
        text=True,
        timeout=180,
    )


def assert_rendered_tests_pass(project: Path) -> None:
    run = run_rendered_tests(project)
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-2000:]
    passed = re.search(r"^# pass (\d+)$", run.stdout, re.MULTILINE)
    assert passed is not None and int(passed[1]) > 0, run.stdout[-2000:]
    assert "# fail 0" in run.stdout


@pytest.fixture(scope="module", params=FRAMEWORKS)
def framework(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="module")
def project(framework: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    rendered = render_service(framework, tmp_path_factory.mktemp(f"node-{framework}") / "service")
    link_node_modules(rendered)
    return rendered


def serve_app(project: Path, env: dict[str, str], port: int, log: Path) -> AbstractContextManager[Service]:
    """The team's app, started with the runtime's node."""
    return serve([str(NODE), *NODE_FLAGS, TEAM_APP], project, port, env, log)


@pytest.fixture
def served(project: Path, tmp_path: Path) -> Iterator[Service]:
    port = free_port()
    with serve_app(project, service_env(tmp_path, port), port, tmp_path / "service.log") as service:
        yield service


def test_the_rendered_service_matches_its_golden_output(framework: str, tmp_path: Path) -> None:
    rendered = render(TEMPLATES / "node", tmp_path / "service", {**ANSWERS, "framework": framework})
    assert "templates/node" in (rendered / ANSWERS_FILE).read_text(encoding="utf-8"), "the answers name the template"
    assert_matches_golden(rendered, f"node-{framework}", TEMPLATED)


def test_the_rendered_tests_pass(project: Path) -> None:
    assert_rendered_tests_pass(project)


def test_the_team_app_serves_the_endpoint_and_its_own_route(served: Service) -> None:
    port = served.port
    status, _, users = request(port, "GET", path=TEAM_ROUTE, token=None)
    assert (status, [user["email"] for user in users]) == (200, ["admin@example.com"])
    assert operation_names(served) >= EXAMPLE_OPERATIONS
    assert_fault_breaks(served, TEAM_ROUTE, "node-template-7")


def test_the_served_endpoint_meets_the_protocol(served: Service, tmp_path: Path) -> None:
    assert_meets_protocol(served, tmp_path)


@WITHOUT_A_GUARD
def test_without_the_switch_or_a_token_the_endpoint_does_not_exist(
    project: Path, tmp_path: Path, left_out: str, logged: str | None
) -> None:
    port = free_port()
    env = without(service_env(tmp_path, port), left_out)
    with serve_app(project, env, port, tmp_path / "service.log") as service:
        assert_not_mounted(service, TEAM_ROUTE, logged)


def test_copier_update_carries_the_service_to_the_current_protocol_and_keeps_its_operations(
    framework: str, tmp_path: Path
) -> None:
    template = versioned_template("node", tmp_path / "template")
    project = render_service(framework, tmp_path / "service", template, vcs_ref="1.0.0")
    link_node_modules(project)
    port = free_port()
    with serve_app(project, service_env(tmp_path, port), port, tmp_path / "service-1.0.log") as service:
        assert_speaks_protocol_1_0(service)
    (project / ".gitignore").write_text("node_modules\n", encoding="utf-8")
    git(project, "init", "-q", "-b", "main")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "gasoline control at protocol 1.0")
    operations = project / TEAM_OPERATIONS
    assert EXAMPLES_LINE in operations.read_text(encoding="utf-8")
    team_operations = operations.read_text(encoding="utf-8").replace(EXAMPLES_LINE, EXAMPLES_LINE + GRANT_CREDITS)
    operations.write_text(team_operations, encoding="utf-8")
    git(project, "commit", "-q", "-am", "grant_credits")

    update(project, vcs_ref="1.1.0")

    assert operations.read_text(encoding="utf-8") == team_operations
    assert "_commit: 1.1.0" in (project / ANSWERS_FILE).read_text(encoding="utf-8")
    port = free_port()
    with serve_app(project, service_env(tmp_path, port), port, tmp_path / "service-1.1.log") as service:
        assert_speaks_current_protocol(service, "at-1.1")
        grant = {"operation": "grant_credits", "params": {"user_id": 1, "credits": 5}}
        status, _, granted = request(port, "POST", grant)
        assert (status, granted["result"], granted["applied"]) == (200, {"user_id": 1}, True), granted
    assert_rendered_tests_pass(project)


def test_gasoline_drives_it_through_mcp(served: Service, tmp_path: Path) -> None:
    drive_through_mcp(served, tmp_path)

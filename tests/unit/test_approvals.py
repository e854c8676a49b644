"""The approval engine through the dispatcher, with fixture modes: every refusal distinct, one use per approval."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any, ClassVar

import pytest

from gasoline.composition import DaemonConfig, create_services
from gasoline.contract import CallContext, ModeEntry, ModeHandler, MutationRule
from gasoline.core.dispatch import Dispatcher
from gasoline.safety.approvals import Allowance, ApprovalEngine, DecisionError, Requester
from gasoline.safety.audit import AuditTrail
from gasoline.text_forms import ModelText
from gasoline_generated import models
from gasoline_generated.policy import APPROVAL_CLASSES

from .secret_corpus import corpus

RESULT = models.ConfigureClearResult


def fixture_mode(mode: str, params: type, mutation: str, scope: tuple[str, str | None], rules: tuple = ()) -> ModeEntry:
    return ModeEntry(
        tool="fixture",
        mode=mode,
        mode_key="action",
        published=True,
        summary=f"The {mode} fixture.",
        mutation=mutation,
        mutation_rules=rules,
        gates=("approval",),
        long_running=False,
        limits={},
        params_model=params,
        result_model=RESULT,
        scope=scope,
    )


MODES = {
    ("fixture", "write"): fixture_mode("write", models.InteractCodeReadParams, "mutating", ("file", "file_path")),
    ("fixture", "operate"): fixture_mode(
        "operate",
        models.InteractBackendControlParams,
        "destructive",
        ("service", "service"),
        (MutationRule("shadow_mode", True, "read_only"),),
    ),
    ("fixture", "script"): fixture_mode("script", models.ExecuteJsParams, "mutating", ("daemon", None)),
}


class FixtureHandlers:
    runs: ClassVar[list[str]] = []

    def _ran(self, name: str) -> Any:
        FixtureHandlers.runs.append(name)
        return RESULT(cleared=models.ConfigureClearCounts(), total=0)

    def write(self, params: Any, ctx: CallContext) -> Any:
        return self._ran("write")

    def operate(self, params: Any, ctx: CallContext) -> Any:
        return self._ran("operate")

    def script(self, params: Any, ctx: CallContext) -> Any:
        return self._ran("script")


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def audit_file(tmp_path: Path) -> Path:
    return tmp_path / "approvals.jsonl"


def setup(
    clock: Clock, audit_file: Path, allowances: list[Allowance] | None = None, classes: Any = APPROVAL_CLASSES
) -> tuple[Dispatcher, ApprovalEngine]:
    FixtureHandlers.runs = []
    services = create_services(DaemonConfig())
    approvals = ApprovalEngine(
        classes, 300, services.redactor, AuditTrail(audit_file, services.redactor), allowances or [], clock=clock
    )
    handlers = FixtureHandlers()
    table = {(tool, mode): ModeHandler(getattr(handlers, mode)) for tool, mode in MODES}
    dispatcher = Dispatcher(MODES, table, approvals, services.extension, services.background, ModelText())
    return dispatcher, approvals


WRITE = {"action": "write", "file_path": "src/app.py", "line_range": [1, 5]}


def ask(dispatcher: Dispatcher, arguments: dict[str, Any]) -> dict[str, Any]:
    result = dispatcher.call("fixture", arguments)
    assert result.is_error, result.structured
    return result.structured


def test_without_an_approval_nothing_runs_and_the_request_says_what_would(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    error = ask(dispatcher, WRITE)
    assert error["error"] == "approval_required" and FixtureHandlers.runs == []
    request = error["details"]
    assert request["request_id"].startswith("apr_") and request["status"] == "pending"
    assert (request["tool"], request["mode"], request["mutation"], request["scope"]) == (
        "fixture",
        "write",
        "mutating",
        "file:src/app.py",
    )
    assert (
        request["summary"]
        == "The write fixture. [fixture(action='write') with file_path=\"src/app.py\", line_range=[1, 5]]"
    )
    assert request["expires_at"] == "1970-01-12T13:51:40Z"
    assert f'approval_id="{request["request_id"]}"' in error["message"]
    assert engine.pending() == [models.Approval.model_validate(request)], "the same request a human channel lists"


def test_a_repeated_call_repeats_its_pending_request_instead_of_adding_one(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    first = {ask(dispatcher, WRITE)["details"]["request_id"] for _ in range(50)}
    other = ask(dispatcher, {**WRITE, "line_range": [2, 3]})["details"]["request_id"]
    assert len(first) == 1 and other not in first
    assert [request.request_id for request in engine.pending()] == [*first, other]
    assert [json.loads(line)["event"] for line in audit_file.read_text().splitlines()] == ["requested", "requested"]
    engine.decide(other, False, "test")
    again = ask(dispatcher, {**WRITE, "line_range": [2, 3]})["details"]["request_id"]
    assert again != other, "a decided request is not reused: the call asks anew"


def test_an_approved_call_runs_once_and_its_replay_is_refused(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    request_id = ask(dispatcher, WRITE)["details"]["request_id"]
    engine.decide(request_id, approve=True, by="test")
    assert not dispatcher.call("fixture", {**WRITE, "approval_id": request_id}).is_error
    assert FixtureHandlers.runs == ["write"]
    assert ask(dispatcher, {**WRITE, "approval_id": request_id})["error"] == "approval_replayed"
    assert FixtureHandlers.runs == ["write"]
    events = [entry["event"] for entry in AuditTrail(audit_file, engine.redactor).read()]
    assert events == ["requested", "approved", "redeemed", "rejected"]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda engine, rid, clock, args: engine.decide(rid, approve=False, by="test"), "approval_denied"),
        (lambda engine, rid, clock, args: None, "approval_pending"),
        (lambda engine, rid, clock, args: setattr(clock, "now", clock.now + 301), "approval_expired"),
        (
            lambda engine, rid, clock, args: (engine.decide(rid, True, "test"), setattr(clock, "now", clock.now + 301)),
            "approval_expired",
        ),
        (
            lambda engine, rid, clock, args: (engine.decide(rid, True, "test"), args.update(file_path="src/other.py")),
            "approval_scope_mismatch",
        ),
        (
            lambda engine, rid, clock, args: (engine.decide(rid, True, "test"), args.update(line_range=[1, 99])),
            "approval_arguments_mismatch",
        ),
    ],
    ids=["denied", "pending", "request-expired", "approval-expired", "scope", "arguments"],
)
def test_each_refusal_has_its_own_error(change: Any, code: str, clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    request_id = ask(dispatcher, WRITE)["details"]["request_id"]
    arguments = dict(WRITE)
    change(engine, request_id, clock, arguments)
    error = ask(dispatcher, {**arguments, "approval_id": request_id})
    assert error["error"] == code, error["message"]
    assert FixtureHandlers.runs == []


def test_an_unknown_or_malformed_approval_id(clock: Clock, audit_file: Path) -> None:
    dispatcher, _ = setup(clock, audit_file)
    assert ask(dispatcher, {**WRITE, "approval_id": "apr_" + "0" * 24})["error"] == "approval_unknown"
    malformed = ask(dispatcher, {**WRITE, "approval_id": "let me in"})
    assert malformed["error"] == "invalid_arguments" and malformed["problems"][0]["parameter"] == "approval_id"


def test_one_approval_used_concurrently_lets_exactly_one_call_run(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    request_id = ask(dispatcher, WRITE)["details"]["request_id"]
    engine.decide(request_id, approve=True, by="test")
    start = threading.Barrier(16)
    outcomes: list[str] = []

    def retry() -> None:
        start.wait()
        result = dispatcher.call("fixture", {**WRITE, "approval_id": request_id})
        outcomes.append("ran" if not result.is_error else result.structured["error"])

    threads = [threading.Thread(target=retry) for _ in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert sorted(outcomes) == ["approval_replayed"] * 15 + ["ran"]
    assert FixtureHandlers.runs == ["write"]


def test_read_only_calls_and_project_allowances_run_without_asking(clock: Clock, audit_file: Path) -> None:
    dispatcher, _ = setup(clock, audit_file)
    shadow = dispatcher.call(
        "fixture", {"action": "operate", "service": "api", "operation": "reset_database", "shadow_mode": True}
    )
    assert not shadow.is_error, "a shadow run is read-only by the mode's mutation rule"
    assert (
        ask(dispatcher, {"action": "operate", "service": "api", "operation": "reset_database"})["error"]
        == "approval_required"
    )
    dispatcher, _ = setup(clock, audit_file, [Allowance("fixture", "write", "file:src/app.py")])
    assert not dispatcher.call("fixture", WRITE).is_error
    assert ask(dispatcher, {**WRITE, "file_path": "src/secret.py"})["error"] == "approval_required", (
        "the allowance has a scope"
    )
    assert any(entry["event"] == "allowed_by_project_policy" for entry in AuditTrail(audit_file, _.redactor).read())


def test_secrets_in_arguments_never_reach_the_request_or_the_audit_trail(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    secret = corpus()[0]
    error = ask(dispatcher, {"action": "script", "script": f"fetch('/x', {{headers: {{k: '{secret.line}'}}}})"})
    assert secret.value not in json.dumps(error) and "[REDACTED:" in error["details"]["summary"]
    engine.decide(error["details"]["request_id"], approve=True, by="test")
    assert secret.value not in audit_file.read_text()


def test_human_decisions_happen_once(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    request_id = ask(dispatcher, WRITE)["details"]["request_id"]
    with pytest.raises(DecisionError, match="no pending request"):
        engine.decide("apr_" + "1" * 24, approve=True, by="test")
    engine.decide(request_id, approve=False, by="test")
    with pytest.raises(DecisionError, match="already denied"):
        engine.decide(request_id, approve=True, by="test")
    assert engine.pending() == []
    clock.now += 1000
    late = ask(dispatcher, WRITE)["details"]["request_id"]
    clock.now += 301
    with pytest.raises(DecisionError, match="no pending request"):
        engine.decide(late, approve=True, by="test")


def test_expired_approvals_are_audited_then_forgotten(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    unused = ask(dispatcher, WRITE)["details"]["request_id"]
    engine.decide(unused, approve=True, by="test")
    clock.now += 301
    assert engine.pending() == []
    events = [(entry["event"], entry.get("request_id")) for entry in AuditTrail(audit_file, engine.redactor).read()]
    assert events[-1] == ("expired", unused), "an approval nobody used expires, and the trail says so"
    assert ask(dispatcher, {**WRITE, "approval_id": unused})["error"] == "approval_expired"
    clock.now += 301
    engine.pending()
    assert ask(dispatcher, {**WRITE, "approval_id": unused})["error"] == "approval_unknown", "and is then forgotten"


def test_a_class_that_is_not_single_use_lets_the_approval_serve_until_it_expires(
    clock: Clock, audit_file: Path
) -> None:
    reusable = {**APPROVAL_CLASSES, "mutating": APPROVAL_CLASSES["mutating"]._replace(single_use=False)}
    dispatcher, engine = setup(clock, audit_file, classes=reusable)
    request_id = ask(dispatcher, WRITE)["details"]["request_id"]
    engine.decide(request_id, approve=True, by="test")
    for _ in range(2):
        assert not dispatcher.call("fixture", {**WRITE, "approval_id": request_id}).is_error
    clock.now += 301
    assert ask(dispatcher, {**WRITE, "approval_id": request_id})["error"] == "approval_expired"
    assert FixtureHandlers.runs == ["write", "write"]


def test_a_secret_in_a_scope_is_masked_wherever_a_human_sees_it(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    token = next(secret.value for secret in corpus() if secret.format == "github_token")
    request = ask(dispatcher, {**WRITE, "file_path": f"src/{token}.py"})["details"]
    assert token not in json.dumps(request) and request["scope"].startswith("file:src/[REDACTED:api_key:")
    assert token not in str([shown.model_dump_json() for shown in engine.pending()])
    assert token not in audit_file.read_text()


ASKER = Requester("local-1", "client-a (session sess_0123456789abcdef)")
OTHER = Requester("local-2", "client-b (session sess_fedcba9876543210)")


def test_only_the_session_that_asked_uses_the_approval_and_another_learns_nothing(
    clock: Clock, audit_file: Path
) -> None:
    dispatcher, engine = setup(clock, audit_file)
    asked = dispatcher.call("fixture", WRITE, requester=ASKER).structured["details"]
    assert asked["summary"].endswith(" Asked by client-a (session sess_0123456789abcdef).")
    for requester in (OTHER, None):
        refused = dispatcher.call("fixture", {**WRITE, "approval_id": asked["request_id"]}, requester=requester)
        assert refused.structured["error"] == "approval_scope_mismatch", "not approval_pending: its state is not told"
        assert "belongs to another client session" in refused.structured["message"]
    engine.decide(asked["request_id"], approve=True, by="test")
    refused = dispatcher.call("fixture", {**WRITE, "approval_id": asked["request_id"]}, requester=OTHER)
    assert refused.structured["error"] == "approval_scope_mismatch" and FixtureHandlers.runs == []
    assert not dispatcher.call("fixture", {**WRITE, "approval_id": asked["request_id"]}, requester=ASKER).is_error
    assert FixtureHandlers.runs == ["write"], "the refusals did not use up the approval"


def test_an_identical_call_of_another_session_asks_on_its_own(clock: Clock, audit_file: Path) -> None:
    dispatcher, engine = setup(clock, audit_file)
    ids = [dispatcher.call("fixture", WRITE, requester=r).structured["details"]["request_id"] for r in (ASKER, OTHER)]
    again = dispatcher.call("fixture", WRITE, requester=ASKER).structured["details"]["request_id"]
    assert ids[0] != ids[1] and again == ids[0]
    assert [request.summary.rsplit(" Asked by ", 1)[1] for request in engine.pending()] == [
        "client-a (session sess_0123456789abcdef).",
        "client-b (session sess_fedcba9876543210).",
    ]

"""The redaction gateway: every secret of the corpus masked on every entry path, ordinary text untouched."""

from __future__ import annotations

import base64
import json
import logging
import re
from pathlib import Path
from typing import Any

import pytest

from gasoline import logs
from gasoline.capture.ingest import ingest_batch
from gasoline.composition import Daemon, DaemonConfig, create_daemon, create_services
from gasoline.core.errors import RedactionUnavailable
from gasoline.core.jsonrpc import Request
from gasoline.core.protocol import Exchange
from gasoline.safety import redaction
from gasoline.safety.audit import AuditTrail
from gasoline.safety.redaction import Redactor, UnavailableRedactor, build_redactor
from gasoline_generated import redaction_rules as policy_rules

from .secret_corpus import ORDINARY, Secret, corpus

SECRETS = corpus()
KEY = b"k" * 32


@pytest.fixture
def redactor() -> Redactor:
    return build_redactor(KEY)


def test_the_corpus_is_large_and_varied() -> None:
    assert len(SECRETS) >= 60 and len({s.format for s in SECRETS}) >= 25


@pytest.mark.parametrize("secret", SECRETS, ids=lambda s: s.format)
def test_a_secret_in_text_is_masked_and_nothing_else_changes(secret: Secret, redactor: Redactor) -> None:
    expected_mask = build_redactor(KEY).mask(secret.value, secret.secret_class)
    assert redactor.text(secret.line) == secret.line.replace(secret.value, expected_mask)


@pytest.mark.parametrize("text", ORDINARY, ids=lambda t: t[:30])
def test_ordinary_text_comes_through_byte_for_byte(text: str, redactor: Redactor) -> None:
    assert redactor.text(text) == text
    event = {"type": "console", "message": text, "url": f"http://localhost:3000/a?q={text[:20]}"}
    assert redactor.value(event) == event
    assert redactor.value({"User-Agent": text, "Accept": "*/*"}) == {"User-Agent": text, "Accept": "*/*"}


def test_masks_are_deterministic_and_tell_secrets_apart(redactor: Redactor) -> None:
    first, second = SECRETS[0].value, SECRETS[1].value
    assert redactor.text(first) == build_redactor(KEY).text(first)
    assert redactor.text(first) != redactor.text(second)
    assert redactor.text(first) != build_redactor(b"another key 32 bytes long.......").text(first)
    masked = redactor.text(SECRETS[0].line)
    assert redactor.text(masked) == masked, "redacting twice changes nothing"


def events_carrying(secret: Secret) -> list[dict[str, Any]]:
    """The secret on each entry path: console text, exception message and stack, network URL,
    headers and bodies, WebSocket frames, and tool arguments."""
    value, line = secret.value, secret.line
    return [
        {"type": "console", "ts": "2026-11-22T10:00:00Z", "level": "log", "message": line},
        {
            "type": "exception",
            "ts": "2026-11-22T10:00:00Z",
            "kind": "error",
            "message": f"Error: {line}",
            "stack": f"Error: {line}\n    at submit (app.js:10:5)",
        },
        {
            "type": "network_body",
            "ts": "2026-11-22T10:00:00Z",
            "method": "POST",
            "status": 500,
            "url": f"https://api.example.com/v1/items?page=2&access_token={value}&sort=asc",
            "requestHeaders": {
                "Authorization": f"Bearer {value}",
                "X-Custom-Token": value,
                "Accept": "application/json",
            },
            "requestBody": json.dumps({"note": line, "password": value}),
            "responseBody": f"upstream said: {line}",
        },
        {
            "type": "websocket",
            "ts": "2026-11-22T10:00:00Z",
            "event": "message",
            "id": "c1",
            "direction": "outgoing",
            "data": json.dumps({"type": "auth", "secret": value, "echo": line}),
        },
        {"tool": "interact", "arguments": {"action": "execute_js", "script": f"fetch('/x', {{body: '{line}'}})"}},
    ]


@pytest.mark.parametrize("secret", SECRETS, ids=lambda s: s.format)
def test_a_secret_on_every_entry_path_is_masked(secret: Secret, redactor: Redactor) -> None:
    fragments = [part for part in re.split(r"\s+", secret.value) if len(part) >= 12] or [secret.value]
    for event in events_carrying(secret):
        redacted = redactor.value(event)
        for text in (json.dumps(redacted), json.dumps(redacted, ensure_ascii=False)):
            leaked = [f for f in fragments if f in text or json.dumps(f)[1:-1] in text]
            assert not leaked, (
                f"{secret.format} leaked through {event.get('type', 'tool arguments')}: {leaked[0][:20]}..."
            )
        assert "[REDACTED:" in json.dumps(redacted)


def test_anchors_rule_out_only_texts_without_a_secret() -> None:
    """A rule with anchors skips a text holding none of them; on the corpus it must skip no secret."""
    anchored = [redaction.CompiledRule(rule) for rule in policy_rules.RULES if rule.anchors]
    assert anchored, "the policy uses anchors"
    edges = [  # where anchors could be missed: the very start, non-ASCII, neighbours, word starts
        "4111111111111111 at the start",
        "é4111 1111 1111 1111, x4111111111111111, 4111-1111-1111-1111 5500 0000 0000 0004",
        "DE89370400440532013000 GB82WEST12345698765432 xDE89370400440532013000",
        "sessid=abcdefgh12 phpsessid=abcdefgh34 token_secret=abcd pass: hunter22",
        '<meta name="csrf-token" content="Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe"> iban de89370400440532013000',
    ]
    assert redaction.TextViews(edges[0]).shape.startswith(b" 0000")
    rules_that_found = set()
    for text in [*edges, *(secret.line for secret in SECRETS), *ORDINARY]:
        views = redaction.TextViews(text)
        for compiled in anchored:
            if list(compiled.secrets(views)):
                assert compiled.may_match(views), (compiled.rule.name, text)
                rules_that_found.add(compiled.rule.name)
    assert len(rules_that_found) == len(anchored), "the corpus exercises every anchored rule"


def test_a_secret_used_as_a_map_key_is_masked(redactor: Redactor) -> None:
    token = next(s.value for s in SECRETS if s.format == "github_token")
    out = redactor.value({token: {"scopes": ["repo"]}, "ok": 1})
    assert token not in json.dumps(out) and out["ok"] == 1
    assert next(key for key in out if key != "ok").startswith("[REDACTED:api_key:")


def test_repeated_texts_are_masked_and_counted_every_time(redactor: Redactor) -> None:
    line = next(s.line for s in SECRETS if s.format == "github_token")
    clean = "GET /api/products?page=2 200 12ms"
    outputs = {redactor.text(line) for _ in range(3)} | {redactor.text(clean) for _ in range(3)}
    assert outputs == {redactor.text(line), clean}
    assert {"class": "api_key", "count": 4} in redactor.stats().model_dump(by_alias=True)["redacted_count"]


def test_captured_events_are_stored_redacted_or_not_at_all() -> None:
    services = create_services(DaemonConfig())
    store = services.captured
    for secret in SECRETS:
        result = ingest_batch(events_carrying(secret)[:-1], store, services.redactor)
        assert not result.rejected, result
    stored = json.dumps([[e.event for e in buffer.newest_first()] for buffer in store.buffers.values()])
    leaked = [s.format for s in SECRETS if any(len(part) >= 12 and part in stored for part in s.value.split())]
    assert not leaked and stored.count("[REDACTED:") >= len(SECRETS) * 4

    unavailable = UnavailableRedactor("the policy is gone", "1")
    before = store.buffers["logs"].usage().entries
    event = {"type": "console", "ts": "2026-11-22T10:30:00Z", "level": "log", "message": "card 4111 1111 1111 1111"}
    result = ingest_batch([event], store, unavailable)
    assert result.accepted == 0 and result.rejected[0].reason.startswith("redaction_failed")
    assert store.buffers["logs"].usage().entries == before > 0, "nothing stored, and nothing lost"
    assert unavailable.stats().blocked_count == 1


def test_a_sensitive_key_masks_whatever_it_holds_in_any_spelling(redactor: Redactor) -> None:
    out = redactor.value(
        {
            "accessToken": "opaque-value-1",
            "Client-Secret": "opaque-value-2",
            "DB_PASSWORD": 12345678,
            "password": ["hunter22", ""],
            "Set-Cookie": ["a=1; HttpOnly", "b=2"],
            "credentials": {"user": "bob", "pin": 1234},
            "tokens_issued": 3,
            "lines": 4111111111111111,
        }
    )
    assert "opaque-value" not in json.dumps(out) and "hunter22" not in json.dumps(out)
    assert out["DB_PASSWORD"] == "[REDACTED:credential]" and out["password"][1] == ""
    assert all(cookie.startswith("[REDACTED:cookie") for cookie in out["Set-Cookie"])
    assert out["credentials"]["user"].startswith("[REDACTED:") and out["credentials"]["pin"].startswith("[REDACTED:")
    assert out["tokens_issued"] == 3, "a count of tokens is not a token"
    assert out["lines"] == "[REDACTED:payment_card]", "a card number stored as a number"


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        (' {"token": "abc123def"}', None),
        ('data: {"token": "abc123def", "user": "bob"}', '"user": "bob"'),
        ('{"session_id": "abc123def", "note": "cut sh', '"note": "cut sh'),
        ("token=abc123def,next=1", ",next=1"),
        ("https://x.io/a?page=2&token=abc123def#top", "&token="),
        ('password = "correct horse battery staple"', "password = "),
        ("db_password: abc123def MYSQL_ROOT_PASSWORD=abc123def", "MYSQL_ROOT_PASSWORD="),
    ],
)
def test_fields_outside_parsed_json_are_masked_by_key(text: str, kept: str | None, redactor: Redactor) -> None:
    out = redactor.value(text)
    assert "abc123def" not in out and "horse" not in out and "[REDACTED:" in out
    assert kept is None or kept in out
    assert redactor.value(out) == out, "redacting twice changes nothing"


def test_prose_that_names_an_auth_scheme_is_left_alone(redactor: Redactor) -> None:
    prose = "Basic authentication required. Bearer authentication failed."
    assert redactor.text(prose) == prose
    assert redactor.text("Authorization: Basic dXNlcjpwYXNzd29yZA==").startswith("Authorization: Basic [REDACTED:")


def test_a_secret_reads_the_same_mask_whatever_found_it(redactor: Redactor) -> None:
    token = "opaque-value-123"
    hashes = {
        mask.rsplit(":", 1)[1]
        for mask in (redactor.value({"access_token": token})["access_token"], redactor.value(f"?token={token}")[7:])
    }
    assert len(hashes) == 1


@pytest.mark.parametrize(
    ("pattern", "text", "expected"),
    [
        ({"name": "optional", "pattern": r"acct(?:=(\d+))?", "secret": 1}, "acct=1234 acct ok", "acct=[REDACTED:"),
        ({"name": "either", "pattern": r"\bACME-\d{6}|INTERNAL\d{6}"}, "xINTERNAL123456", "x[REDACTED:"),
        ({"name": "nonword", "pattern": r"\b#tok\d{6}"}, "a#tok123456 and #tok654321", "a[REDACTED:"),  # RE2's \b
    ],
    ids=["optional-group", "alternatives", "boundary-before-symbol"],
)
def test_project_patterns_mean_what_re2_says(pattern: dict[str, Any], text: str, expected: str) -> None:
    redactor = build_redactor(KEY, [pattern])
    out = redactor.text(text)
    assert out.startswith(expected)
    assert out.count("[REDACTED:") == 1, out


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [(r"(a)\1", "backreference"), (r"foo(?=bar)", "lookahead"), (r"(?<=x)y", "lookbehind"), (r"a++", "possessive")],
)
def test_a_project_pattern_re2_cannot_read_withholds_everything_and_says_which(pattern: str, reason: str) -> None:
    redactor = build_redactor(KEY, [{"name": f"uses_{reason}", "pattern": pattern}])
    with pytest.raises(RedactionUnavailable, match=f"rule 'uses_{reason}': RE2 cannot read it"):
        redactor.text("anything at all")


def test_a_project_pattern_that_matches_empty_text_is_refused() -> None:
    redactor = build_redactor(KEY, [{"name": "anything", "pattern": "z*"}])
    with pytest.raises(RedactionUnavailable, match="can match empty text"):
        redactor.text("zzz")


def test_a_rule_naming_a_validator_there_is_none_of_is_refused_when_compiled() -> None:
    card = next(rule for rule in policy_rules.RULES if rule.validator)
    with pytest.raises(ValueError, match="names a validator there is none of: 'no_such_check'"):
        redaction.CompiledRule(card._replace(validator="no_such_check"))


def test_structured_data_is_masked_by_key_and_left_alone_otherwise(redactor: Redactor) -> None:
    clean_body = '{"q": "shoes",  "page": 2}'
    out = redactor.value(
        {
            "password": 123456,
            "keyboard": "qwerty",
            "user_token": "abc",
            "cvv": "123",
            "nested": {"Set-Cookie": "sid=1"},
            "body": clean_body,
            "flags": [True, None, 3],
        }
    )
    assert out["keyboard"] == "qwerty" and out["flags"] == [True, None, 3]
    assert out["body"] == clean_body, "a body without secrets is not rewritten"
    for key in ("password", "user_token", "cvv"):
        assert out[key].startswith("[REDACTED:")
    assert out["nested"]["Set-Cookie"].startswith("[REDACTED:cookie")
    form = redactor.value("session=abc123xyz&remember=1&note=hello")
    assert form == "session=[REDACTED:session_id]&remember=1&note=hello"
    headers = redactor.value({"X-Request-Token": "t", "X-Api-Key": "k", "Content-Type": "text/html"})
    assert headers["Content-Type"] == "text/html" and all(
        v.startswith("[REDACTED:") for k, v in headers.items() if k != "Content-Type"
    )


def test_counts_by_class_and_never_values(redactor: Redactor) -> None:
    for secret in SECRETS[:10]:
        redactor.text(secret.line)
    stats = redactor.stats()
    assert stats.policy_version == "1" and stats.blocked_count == 0
    assert sum(count.count for count in stats.redacted_count) >= 10
    assert not any(s.value in stats.model_dump_json() for s in SECRETS)


def test_the_egress_stage_masks_a_model_bound_payload_or_refuses(redactor: Redactor) -> None:
    envelope = {"summary": SECRETS[3].line, "evidence": {"errors": [SECRETS[40].line]}}
    assert not any(s.value in json.dumps(redactor.for_model(envelope)) for s in SECRETS)
    with pytest.raises(RedactionUnavailable):
        UnavailableRedactor("policy missing", "1").for_model(envelope)


def test_a_broken_project_pattern_fails_closed(tmp_path: Path) -> None:
    (tmp_path / ".gasoline").mkdir()
    (tmp_path / ".gasoline" / "config.yaml").write_text(
        "redaction:\n  patterns:\n    - {name: broken, pattern: '([a-z'}\n"
    )
    redactor = create_services(DaemonConfig(project=tmp_path)).redactor
    with pytest.raises(RedactionUnavailable, match="could not be built: rule 'broken'") as refused:
        redactor.text("anything")
    assert str(tmp_path / ".gasoline" / "config.yaml") in str(refused.value)
    assert redactor.stats().blocked_count == 1


def test_a_project_pattern_is_masked_as_user_pattern(tmp_path: Path) -> None:
    (tmp_path / ".gasoline").mkdir()
    (tmp_path / ".gasoline" / "config.yaml").write_text(
        "redaction:\n  patterns:\n    - {name: ticket, pattern: 'TKT-[0-9]{6}'}\n"
        "    - {name: staging, pattern: 'Staging_PW=([^&\\s]+)', secret: 1, ignore_case: true}\n"
    )
    redactor = create_services(DaemonConfig(project=tmp_path)).redactor
    assert redactor.text("see TKT-123456") == "see [REDACTED:user_pattern]"
    assert redactor.text("STAGING_pw=Kx9pQ2") == "STAGING_pw=[REDACTED:user_pattern]"
    assert redactor.version == "1+project"


def call(daemon: Daemon, arguments: dict[str, Any]) -> dict[str, Any]:
    request = Request(1, "tools/call", {"name": "observe", "arguments": arguments})
    return daemon.tools.call("observe", arguments, Exchange(request, lambda message: None))


def test_tool_results_are_redacted_before_they_leave() -> None:
    secret = SECRETS[0]
    result = call(create_daemon(), {"what": "result_page", "cursor": secret.value})
    text = json.dumps(result)
    assert secret.value not in text and "[REDACTED:api_key:" in result["content"][0]["text"]
    assert result["_meta"]["dev.gasoline/redaction"] == {
        "policy_version": "1",
        "redacted_count": [{"class": "api_key", "count": 1}],
    }


def test_a_rule_that_raises_withholds_the_result_and_counts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(candidate: str) -> bool:
        raise RuntimeError("validator crashed")

    monkeypatch.setitem(redaction.VALIDATORS, "card_number", broken)
    daemon = create_daemon()
    result = call(daemon, {"what": "result_page", "cursor": "card 4111 1111 1111 1111"})
    assert result["isError"] is True and result["structuredContent"]["error"] == "redaction_failed"
    assert "4111" not in json.dumps(result)
    assert daemon.services.redactor.stats().blocked_count >= 1


def test_logs_and_audit_trails_are_redacted_or_withheld(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log_file = tmp_path / "daemon.log"
    logs.configure(log_file, to_stderr=True)
    try:
        logs.redact_with(build_redactor(KEY))
        logs.log.info("refused: %s", SECRETS[5].line)
        logs.redact_with(UnavailableRedactor("broken", "1"))
        logs.log.info("refused: %s", SECRETS[6].line)
    finally:
        logs.redact_with(None)
        for handler in list(logs.log.handlers):
            logs.log.removeHandler(handler)
            handler.close()
        logging.getLogger("waitress").handlers.clear()
    for written in (log_file.read_text(), capsys.readouterr().err):
        assert SECRETS[5].value not in written and SECRETS[6].value not in written
        assert "[REDACTED:" in written and "[withheld: redaction unavailable]" in written
    trail = AuditTrail(tmp_path / "audit.jsonl", build_redactor(KEY))
    trail.write("requested", summary=SECRETS[7].line)
    (tmp_path / "audit.jsonl").open("a").write('{"broken line\n')
    trail.write("approved", summary="fine")
    entries = trail.read()
    assert [e["event"] for e in entries] == ["requested", "approved"]
    assert SECRETS[7].value not in (tmp_path / "audit.jsonl").read_text()


def test_the_installation_key_is_kept_and_a_damaged_one_replaced(tmp_path: Path) -> None:
    from gasoline.state import installation_key

    first = installation_key(tmp_path)
    assert len(first) == 32 and installation_key(tmp_path) == first, "masks stay stable across restarts"
    assert oct((tmp_path / "redaction.key").stat().st_mode & 0o777) == "0o600"
    for damaged in ("", "abcd", "not hex at all"):
        (tmp_path / "redaction.key").write_text(damaged)
        replaced = installation_key(tmp_path)
        assert len(replaced) == 32 and replaced != first and installation_key(tmp_path) == replaced
    assert sorted(path.name for path in tmp_path.iterdir()) == ["redaction.key"], "no temporary file is left"


def test_the_one_pass_over_every_rule_rules_out_no_text_a_rule_finds_something_in() -> None:
    """Redactor skips a text the combined pattern finds nothing in, and runs on the rest only the rules
    the set of loose patterns names: each loose pattern must be looser than its rule."""
    from .secret_recall import recall_corpus

    rules = [redaction.CompiledRule(rule) for rule in policy_rules.RULES]
    combined = redaction.any_rule(rules)
    named = redaction.rules_that_may_match(rules)
    assert combined is not None and named is not None
    texts = [secret.line for secret in SECRETS] + [sample.line for sample in recall_corpus()]
    for text in texts:
        views = redaction.TextViews(text)
        found = {index for index, rule in enumerate(rules) if list(rule.secrets(views))}
        assert not found or combined.search(views.encoded) is not None, (found, text)
        missed = found - set(named.Match(views.encoded) or ())
        assert not missed, ([rules[index].rule.name for index in missed], text)


def test_a_lone_surrogate_is_kept_and_the_secrets_around_it_masked(redactor: Redactor) -> None:
    """A page's string can hold half a surrogate pair; the text is scanned, not withheld."""
    token = SECRETS[0]
    event = {"message": f"bad \ud800 char, then {token.value} %41 &amp;", "frames": ["\udfff"]}
    redacted = redactor.value(event)
    assert token.value not in redacted["message"] and "\ud800" in redacted["message"]
    assert redacted["frames"] == ["\udfff"]


@pytest.mark.parametrize("padding", ["", "=", "=="])
@pytest.mark.parametrize("filler", ["", "a", "ab"])  # each length of the last group
def test_a_base64_run_is_decoded_whatever_padding_it_ends_with(redactor: Redactor, filler: str, padding: str) -> None:
    """What a base64 run decodes to does not depend on how its writer padded it (nor on Python's version)."""
    wrapped = base64.b64encode(json.dumps({"token": SECRETS[0].value, "n": filler}).encode()).decode().rstrip("=")
    text = f"state={wrapped}{padding} next"
    assert redactor.text(text).startswith("state=[REDACTED:") and redactor.text(text).endswith(" next")

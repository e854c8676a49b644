"""The approval engine: mutating and destructive calls wait for a human.

A call that needs an approval fails at once with approval_required and a request id; nothing
runs. Only a human channel (the CLI, or the HTTP route behind the approver token that the
extension and the panel use) decides. Approving grants a token, HMAC-signed with this daemon's
key, whose claims bind the tool, mode, scope, a hash of the exact arguments and an expiry. The
client retries the identical call with approval_id set to the request id; the daemon verifies
the token against that very call and redeems it, atomically, once (as the class's single_use
says). A request belongs to the MCP client session that asked (its Requester): the person is
told who asked, and no other session can use the approval, whatever id it repeats. Requests live
in this process only, so a restarted daemon knows none. Every step goes to the audit trail;
finished requests are forgotten after a while.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel

from gasoline.contract import ModeEntry, MutationClass
from gasoline.core.errors import ToolFailure
from gasoline.core.requesters import Requester
from gasoline_generated.models import Approval

from .audit import AuditTrail
from .redaction import Redactor


@dataclass
class ApprovalRequest:
    id: str
    tool: str
    mode: str
    mutation: MutationClass
    scope: str
    summary: str
    arguments_hash: str
    expires_at: float
    requester: Requester | None = None  # None: the daemon's own caller (the agent panel)
    status: Literal["pending", "approved", "denied", "used", "expired"] = "pending"
    token: str | None = None

    def asked_by(self, requester: Requester | None) -> bool:
        """Whether this caller is the session that asked."""
        mine = self.requester.session if self.requester is not None else None
        return mine == (requester.session if requester is not None else None)


@dataclass(frozen=True)
class Allowance:
    """A mode the project's policy lets run without asking (on one scope, or any)."""

    tool: str
    mode: str
    scope: str | None = None

    def covers(self, entry: ModeEntry, scope: str) -> bool:
        """A scope without a target ("tab") covers every target of its kind ("tab:7")."""
        if (self.tool, self.mode) != (entry.tool, entry.mode):
            return False
        return self.scope is None or scope == self.scope or scope.startswith(f"{self.scope}:")


class DecisionError(ValueError):
    """A human channel asked for something impossible: an unknown (found=False) or already decided request."""

    def __init__(self, message: str, found: bool) -> None:
        super().__init__(message)
        self.found = found


def tab_of(scope: str) -> int | None:
    """The tab a scope names ("tab:7"); None for any other scope."""
    kind, _, target = scope.partition(":")
    return int(target) if kind == "tab" and target.isdigit() else None


def arguments_hash(arguments: Mapping[str, Any]) -> str:
    canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _utc_second(timestamp: float) -> datetime:
    """A time as approvals show it: UTC, to the second."""
    return datetime.fromtimestamp(int(timestamp), UTC)


class ApprovalEngine:
    def __init__(
        self,
        classes: Mapping[str, Any],
        request_ttl_seconds: float,
        redactor: Redactor,
        audit: AuditTrail,
        allowances: Sequence[Allowance] = (),
        tab_scope: Callable[[], str] = lambda: "tab",
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.classes = classes
        self.request_ttl_seconds = request_ttl_seconds
        self.redactor = redactor
        self.audit = audit
        self.allowances = list(allowances)
        self.tab_scope = tab_scope
        self.clock = clock
        self._key = secrets.token_bytes(32)
        self._requests: dict[str, ApprovalRequest] = {}
        self._lock = threading.Lock()
        self._decided = threading.Condition(self._lock)

    def scope_of(self, entry: ModeEntry, params: BaseModel) -> str:
        kind, param = entry.scope
        if kind == "daemon":
            return "daemon"
        if kind == "tab":
            return self.tab_scope()
        target = getattr(params, param or "", None)
        return f"{kind}:{target}" if isinstance(target, str) else kind  # run_tests without a command: "command"

    def check(
        self,
        entry: ModeEntry,
        mutation: MutationClass,
        params: BaseModel,
        arguments: Mapping[str, Any],
        approval_id: str | None,
        describe: Callable[[], str] | None = None,
        requester: Requester | None = None,
        allow_list: bool = True,
    ) -> int | None:
        """Let a call of this mutation class run, or raise the ToolFailure that stops it. describe,
        from the mode's handler, says in plain words what this very call would do (the mode's
        summary otherwise). requester: the client session calling; only the one that asked may
        use an approval. A project's allow list waives the approval only for the classes the mode
        lets it waive, and only for a caller it applies to (allow_list). Returns the tab a redeemed
        approval binds the call to (None: the tab in front)."""
        if self.classes[mutation].decision == "allow":
            return None
        scope = self.scope_of(entry, params)
        if allow_list and mutation in entry.waivable and any(a.covers(entry, scope) for a in self.allowances):
            self.audit.write("allowed_by_project_policy", tool=entry.tool, mode=entry.mode, scope=scope)
            return None
        digest = arguments_hash(arguments)
        if approval_id is None:
            plain = describe() if describe else entry.summary
            raise self._ask(entry, mutation, scope, digest, arguments, plain, requester)
        return tab_of(self._redeem(approval_id, entry, scope, digest, requester))

    def _ask(
        self,
        entry: ModeEntry,
        mutation: MutationClass,
        scope: str,
        digest: str,
        arguments: Mapping[str, Any],
        plain: str,
        requester: Requester | None,
    ) -> ToolFailure:
        shown = ", ".join(
            f"{name}={json.dumps(value, ensure_ascii=False)}" for name, value in self.redactor.value(arguments).items()
        )
        asker = f" Asked by {requester.shown}." if requester is not None else ""
        asked = ApprovalRequest(
            id="apr_" + secrets.token_hex(12),
            tool=entry.tool,
            mode=entry.mode,
            mutation=mutation,
            scope=scope,
            summary=self.redactor.text(f"{plain} [{entry.label}{' with ' + shown if shown else ''}]{asker}"),
            arguments_hash=digest,
            expires_at=self.clock() + self.request_ttl_seconds,
            requester=requester,
        )
        with self._lock:
            expired = self._housekeep()
            request = self._same_pending(asked) or asked
            self._requests[request.id] = request
        self._audit_expired(expired)
        public = self.public(request).model_dump(mode="json")
        if request is asked:
            self.audit.write("requested", **public)
        message = (
            f"{entry.label} needs a human approval ({mutation}). Ask the user to approve request {request.id} "
            f"(they run `gasoline approve {request.id}` themselves, or use the extension), then retry the "
            f'identical call in this session with approval_id="{request.id}". Nothing has been done.'
        )
        return ToolFailure.of(entry, "approval_required", message, details=public)

    def decide(self, request_id: str, approve: bool, by: str) -> Approval:
        """A human's decision, through a human channel only. Returns the request as shown to humans."""
        with self._lock:
            expired = self._housekeep()
            request = self._requests.get(request_id)
            if request is None or request.status == "expired":
                error = DecisionError(f"no pending request {request_id} (it expired, or never existed)", found=False)
            elif request.status != "pending":
                error = DecisionError(f"request {request_id} was already {request.status}", found=True)
            else:
                error = None
                request.status = "approved" if approve else "denied"
                if approve:
                    request.expires_at = self.clock() + self.classes[request.mutation].token_ttl_seconds
                    request.token = self._grant(request)
                self._decided.notify_all()
        self._audit_expired(expired)
        if error is not None:
            raise error
        assert request is not None  # found pending above, or error was set
        shown = self.public(request)
        self.audit.write("approved" if approve else "denied", by=by, **shown.model_dump(mode="json"))
        return shown

    def wait_decided(self, request_id: str, timeout: float) -> Approval | None:
        """The request once a human decided it, or once it expired; as it stands after timeout
        seconds otherwise (pending). None when no request has this id."""
        deadline = time.monotonic() + timeout
        with self._decided:
            while True:
                expired = self._housekeep()
                request = self._requests.get(request_id)
                remaining = deadline - time.monotonic()
                if request is None or request.status != "pending" or remaining <= 0:
                    break
                # An expiry wakes nobody: look again when this request would expire.
                self._decided.wait(min(remaining, max(request.expires_at - self.clock(), 0.01)))
        self._audit_expired(expired)
        return None if request is None else self.public(request)

    def pending(self) -> list[Approval]:
        return [self.public(request) for request in self._waiting()]

    def pending_count(self) -> int:
        return len(self._waiting())

    def _waiting(self) -> list[ApprovalRequest]:
        with self._lock:
            expired = self._housekeep()
            waiting = [request for request in self._requests.values() if request.status == "pending"]
        self._audit_expired(expired)
        return waiting

    def _same_pending(self, asked: ApprovalRequest) -> ApprovalRequest | None:
        """The pending request for the very same call of the same session, if there is one: a repeated
        call asks once (another session's identical call asks for itself)."""
        same = (asked.tool, asked.mode, asked.mutation, asked.scope, asked.arguments_hash)
        for request in self._requests.values():
            if (
                request.status == "pending"
                and (request.tool, request.mode, request.mutation, request.scope, request.arguments_hash) == same
                and request.asked_by(asked.requester)
            ):
                return request
        return None

    def public(self, request: ApprovalRequest) -> Approval:
        """What a human channel shows (and what approval_required carries): redacted, never the token."""
        return Approval(
            request_id=request.id,
            tool=request.tool,
            mode=request.mode,
            mutation=request.mutation,
            scope=self.redactor.text(request.scope),
            summary=request.summary,
            status=request.status,
            expires_at=_utc_second(request.expires_at),
        )

    def _redeem(self, approval_id: str, entry: ModeEntry, scope: str, digest: str, requester: Requester | None) -> str:
        """Use an approval for this call; the scope it binds the call to. A tab action is bound to
        the tab the person approved, whichever tab is in front by now (the browser says if it is gone)."""
        with self._lock:  # one lock for check-and-use: of two concurrent retries, exactly one wins
            expired = self._housekeep()
            request = self._requests.get(approval_id)
            if request is not None and entry.scope[0] == "tab" and tab_of(request.scope) is not None:
                scope = request.scope
            code, reason = self._refusal(request, entry, scope, digest, requester)
            if code is None and request is not None and self.classes[request.mutation].single_use:
                request.status = "used"
        self._audit_expired(expired)
        fields = {"request_id": approval_id, "tool": entry.tool, "mode": entry.mode, "scope": scope}
        if requester is not None:
            fields["caller"] = self.redactor.text(requester.shown)
        if code is not None:
            self.audit.write("rejected", code=code, **fields)
            raise ToolFailure.of(entry, code, f"{entry.label}: {reason}", details=fields)
        self.audit.write("redeemed", **fields)
        return scope

    def _refusal(
        self, request: ApprovalRequest | None, entry: ModeEntry, scope: str, digest: str, requester: Requester | None
    ) -> tuple[str | None, str]:
        if request is None:
            return "approval_unknown", "no approval request has this approval_id; call again without it to get one"
        if not request.asked_by(requester):  # before its state: another session learns nothing of it
            return "approval_scope_mismatch", (
                f"request {request.id} belongs to another client session: an approval is good only for the "
                "session that asked; call again without approval_id to ask for this session's own"
            )
        if request.status == "denied":
            return "approval_denied", f"a human denied request {request.id}"
        if request.status == "expired":
            return "approval_expired", f"{request.id} expired before it was used; call again without approval_id"
        if request.status == "pending":
            return "approval_pending", f"request {request.id} has not been decided yet; ask the user to approve it"
        if request.status == "used":
            return (
                "approval_replayed",
                f"the approval of {request.id} was already used; an approval is good for one call",
            )
        return self._verify(request.token or "", entry, scope, digest)

    def _grant(self, request: ApprovalRequest) -> str:
        """The token a human's approval grants: its claims, and their HMAC under this daemon's key."""
        claims = {
            "id": request.id,
            "tool": request.tool,
            "mode": request.mode,
            "scope": request.scope,
            "args": request.arguments_hash,
            "exp": request.expires_at,
        }
        payload = base64.urlsafe_b64encode(json.dumps(claims, sort_keys=True).encode()).decode()
        return payload + "." + hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()

    def _verify(self, token: str, entry: ModeEntry, scope: str, digest: str) -> tuple[str | None, str]:
        """Whether the token covers this very call: signed by this daemon, unexpired, same target and arguments."""
        payload, _, signature = token.partition(".")
        expected = hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()
        if not hmac.compare_digest(signature, expected):
            return "approval_unknown", "the approval does not verify; call again without approval_id"
        claims = json.loads(base64.urlsafe_b64decode(payload))
        if self.clock() >= claims["exp"]:
            return "approval_expired", f"the approval of {claims['id']} expired; call again without approval_id"
        if (claims["tool"], claims["mode"], claims["scope"]) != (entry.tool, entry.mode, scope):
            return "approval_scope_mismatch", (
                f"{claims['id']} approved {claims['tool']}/{claims['mode']} on {self.redactor.text(claims['scope'])}, "
                f"not {entry.label} on {self.redactor.text(scope)}"
            )
        if claims["args"] != digest:
            return "approval_arguments_mismatch", f"{claims['id']} approved other arguments; retry the identical call"
        return None, ""

    def _housekeep(self) -> list[ApprovalRequest]:
        """Under the lock: requests and approvals past their time become expired (returned, for the
        audit trail), and finished ones are forgotten a request lifetime later."""
        now = self.clock()
        expired = [r for r in self._requests.values() if r.status in ("pending", "approved") and r.expires_at <= now]
        for request in expired:
            request.status = "expired"
        for request in [r for r in self._requests.values() if r.expires_at + self.request_ttl_seconds <= now]:
            del self._requests[request.id]
        return expired

    def _audit_expired(self, expired: list[ApprovalRequest]) -> None:
        for request in expired:
            self.audit.write("expired", **self.public(request).model_dump(mode="json"))

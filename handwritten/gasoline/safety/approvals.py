"""The approval engine: mutating and destructive calls wait for a human.

A call that needs an approval fails at once with approval_required and a request id; nothing
runs. Only a human channel (the CLI, or the token-protected HTTP route the extension and the
panel use) decides. Approving grants a token, HMAC-signed with this daemon's key, bound to the
tool, mode, scope and a hash of the exact arguments, expiring, and good for one call. The
client retries the identical call with approval_id set to the request id; the daemon redeems
the token for it, atomically. Every step goes to the audit trail.
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
from typing import Any

from pydantic import BaseModel

from gasoline.contract import ModeEntry
from gasoline.core.errors import ToolFailure

from .audit import AuditTrail
from .redaction import Redactor


@dataclass
class ApprovalRequest:
    id: str
    tool: str
    mode: str
    label: str
    mutation: str
    scope: str
    summary: str
    arguments_hash: str
    expires_at: float
    status: str = "pending"  # pending | approved | denied | used
    token: str | None = None

    def public(self) -> dict[str, Any]:
        """What a human channel shows (and what approval_required carries): never the token."""
        return {
            "request_id": self.id,
            "tool": self.tool,
            "mode": self.mode,
            "mutation": self.mutation,
            "scope": self.scope,
            "summary": self.summary,
            "status": self.status,
            "expires_at": _iso(self.expires_at),
        }


@dataclass(frozen=True)
class Allowance:
    """A mode the project's policy lets run without asking (on one scope, or any)."""

    tool: str
    mode: str
    scope: str | None = None


class DecisionError(ValueError):
    """A human channel asked for something impossible: an unknown (found=False) or already decided request."""

    def __init__(self, message: str, found: bool) -> None:
        super().__init__(message)
        self.found = found


def arguments_hash(arguments: Mapping[str, Any]) -> str:
    canonical = json.dumps(arguments, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()


def _iso(timestamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp))


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

    def scope_of(self, entry: ModeEntry, params: BaseModel) -> str:
        kind, param = entry.scope
        if kind == "daemon":
            return "daemon"
        if kind == "tab":
            return self.tab_scope()
        return f"{kind}:{getattr(params, param or '', '')}"

    def check(
        self,
        entry: ModeEntry,
        params: BaseModel,
        arguments: Mapping[str, Any],
        approval_id: str | None,
        describe: Callable[[], str] | None = None,
    ) -> None:
        """Let the call run, or raise the ToolFailure that stops it. describe, from the mode's
        handler, says in plain words what this very call would do (the mode's summary otherwise)."""
        mutation = entry.mutation_for(params)
        if self.classes[mutation].decision == "allow":
            return
        scope = self.scope_of(entry, params)
        if any(a.tool == entry.tool and a.mode == entry.mode and a.scope in (None, scope) for a in self.allowances):
            self.audit.write("allowed_by_project_policy", tool=entry.tool, mode=entry.mode, scope=scope)
            return
        digest = arguments_hash(arguments)
        if approval_id is None:
            raise self._ask(entry, mutation, scope, digest, arguments, describe() if describe else entry.summary)
        self._redeem(approval_id, entry, scope, digest)

    def _ask(
        self, entry: ModeEntry, mutation: str, scope: str, digest: str, arguments: Mapping[str, Any], plain: str
    ) -> ToolFailure:
        shown = ", ".join(f"{name}={json.dumps(value, ensure_ascii=False)}" for name, value in arguments.items())
        summary = self.redactor.text(f"{plain} [{entry.label}{' with ' + shown if shown else ''}]")
        request = ApprovalRequest(
            id="apr_" + secrets.token_hex(12),
            tool=entry.tool,
            mode=entry.mode,
            label=entry.label,
            mutation=mutation,
            scope=scope,
            summary=summary,
            arguments_hash=digest,
            expires_at=self.clock() + self.request_ttl_seconds,
        )
        with self._lock:
            self._expire()
            self._requests[request.id] = request
        self.audit.write("requested", **request.public())
        message = (
            f"{entry.label} needs a human approval ({mutation}). Ask the user to approve request {request.id} "
            f"(gasoline approve {request.id}, or in the extension), then retry the identical call with "
            f'approval_id="{request.id}". Nothing has been done.'
        )
        return ToolFailure("approval_required", message, tool=entry.tool, mode=entry.mode, details=request.public())

    def decide(self, request_id: str, approve: bool, by: str) -> ApprovalRequest:
        """A human's decision, through a human channel only."""
        with self._lock:
            self._expire()
            request = self._requests.get(request_id)
            if request is None:
                raise DecisionError(f"no pending request {request_id} (it expired, or never existed)", found=False)
            if request.status != "pending":
                raise DecisionError(f"request {request_id} was already {request.status}", found=True)
            if approve:
                request.status = "approved"
                lifetime = self.classes[request.mutation].token_ttl_seconds
                request.expires_at = self.clock() + lifetime
                request.token = self._sign(request)
            else:
                request.status = "denied"
        self.audit.write("approved" if approve else "denied", by=by, **request.public())
        return request

    def pending(self) -> list[dict[str, Any]]:
        with self._lock:
            self._expire()
            return [r.public() for r in self._requests.values() if r.status == "pending"]

    def _redeem(self, approval_id: str, entry: ModeEntry, scope: str, digest: str) -> None:
        with self._lock:  # one lock for check-and-use: of two concurrent retries, exactly one wins
            request = self._requests.get(approval_id)
            code, reason = self._refusal(request, entry, scope, digest)
            if code is None and request is not None:
                request.status = "used"
        fields = {"request_id": approval_id, "tool": entry.tool, "mode": entry.mode, "scope": scope}
        if code is not None:
            self.audit.write("rejected", code=code, **fields)
            raise ToolFailure(code, f"{entry.label}: {reason}", tool=entry.tool, mode=entry.mode, details=fields)
        self.audit.write("redeemed", **fields)

    def _refusal(
        self, request: ApprovalRequest | None, entry: ModeEntry, scope: str, digest: str
    ) -> tuple[str | None, str]:
        if request is None:
            return "approval_unknown", "no approval request has this approval_id; call again without it to get one"
        if request.status == "denied":
            return "approval_denied", f"a human denied request {request.id}"
        if request.status == "pending":
            return "approval_pending", f"request {request.id} has not been decided yet; ask the user to approve it"
        if self.clock() >= request.expires_at:
            return "approval_expired", f"the approval of {request.id} expired; call again without approval_id"
        if request.status == "used":
            return (
                "approval_replayed",
                f"the approval of {request.id} was already used; an approval is good for one call",
            )
        if not self._signed(request):
            return (
                "approval_expired",
                f"the approval of {request.id} no longer verifies; call again without approval_id",
            )
        if (request.tool, request.mode, request.scope) != (entry.tool, entry.mode, scope):
            return "approval_scope_mismatch", (
                f"{request.id} approved {request.label} on {request.scope}, not this call on {scope}"
            )
        if request.arguments_hash != digest:
            return "approval_arguments_mismatch", f"{request.id} approved other arguments; retry the identical call"
        return None, ""

    def _sign(self, request: ApprovalRequest) -> str:
        claims = {
            "id": request.id,
            "tool": request.tool,
            "mode": request.mode,
            "scope": request.scope,
            "args": request.arguments_hash,
            "exp": request.expires_at,
            "single_use": True,
        }
        payload = base64.urlsafe_b64encode(json.dumps(claims, sort_keys=True).encode()).decode()
        return payload + "." + hmac.new(self._key, payload.encode(), hashlib.sha256).hexdigest()

    def _signed(self, request: ApprovalRequest) -> bool:
        """The granted token still matches the request it was signed for (nothing altered it since)."""
        if request.token is None:
            return False
        return hmac.compare_digest(request.token, self._sign(request))

    def _expire(self) -> None:
        now = self.clock()
        for request in [r for r in self._requests.values() if r.expires_at <= now and r.status == "pending"]:
            del self._requests[request.id]
            self.audit.write("expired", **request.public())

"""/approvals: the human channel that decides approval requests (the CLI, the extension's popup, the
panel), behind the approver token. Answers follow generated/openapi/daemon.json."""

from __future__ import annotations

import falcon

from gasoline.safety.approvals import ApprovalEngine, DecisionError
from gasoline_generated.models import Approval, ApprovalDecision, PendingApprovals
from gasoline_generated.policy import LIMITS

from .request_bodies import RequestRefused, parse, read_json, refused


class Approvals:
    """GET /approvals lists the pending requests; POST /approvals/{request_id} with an ApprovalDecision
    decides one and answers it as an Approval. No MCP tool reaches this: tools/call goes to the
    dispatcher, never here.
    """

    def __init__(self, engine: ApprovalEngine, max_body_bytes: int = LIMITS.mcp.max_body_bytes) -> None:
        self.engine = engine
        self.max_body_bytes = max_body_bytes

    def on_get(self, req: falcon.Request, resp: falcon.Response) -> None:
        resp.media = PendingApprovals(pending=self.engine.pending()).model_dump(mode="json")

    def on_post_item(self, req: falcon.Request, resp: falcon.Response, request_id: str) -> None:
        try:
            decision = parse(ApprovalDecision, read_json(req, self.max_body_bytes))
            decided = self.decide(request_id, decision, by=req.get_header("User-Agent") or "http")
        except RequestRefused as refusal:
            refused(req, resp, refusal)
        else:
            resp.media = decided.model_dump(mode="json")

    def decide(self, request_id: str, decision: ApprovalDecision, by: str) -> Approval:
        try:
            return self.engine.decide(request_id, decision.decision == "approve", by=by)
        except DecisionError as error:
            if error.found:
                raise RequestRefused(409, "already_decided", str(error)) from None
            raise RequestRefused(404, "unknown_request", str(error)) from None

"""Calls of long-running modes left to run on their own (background: true).

The call answers at once with a correlation id; observe(what="command_result") reads the outcome,
which is kept for buffers.command_results seconds after it is known.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

from gasoline_generated.models import BackgroundCommand, ObserveCommandResultResult, ToolError
from gasoline_generated.policy import LIMITS

from .correlation import new_correlation_id
from .tool_result import ToolResult


@dataclass
class BackgroundCall:
    mode: str
    issued_at: datetime
    outcome: ToolResult | None = None
    completed_at: datetime | None = None
    finished: float | None = None  # monotonic, for expiry


class BackgroundCalls:
    def __init__(self, keep_seconds: float = LIMITS.buffers.command_results) -> None:
        self.keep_seconds = keep_seconds
        self._calls: dict[str, BackgroundCall] = {}
        self._lock = threading.Lock()

    def start(self, mode: str, run: Callable[[], ToolResult]) -> BackgroundCommand:
        correlation_id = new_correlation_id()
        call = BackgroundCall(mode, datetime.now(UTC))
        with self._lock:
            self._forget_expired()
            self._calls[correlation_id] = call

        def work() -> None:
            outcome = run()
            with self._lock:
                call.outcome, call.completed_at, call.finished = outcome, datetime.now(UTC), time.monotonic()

        threading.Thread(target=work, name=f"gasoline-background-{correlation_id}", daemon=True).start()
        return BackgroundCommand(correlation_id=correlation_id, status="pending", kind=mode, issued_at=call.issued_at)

    def status(self, correlation_id: str) -> ObserveCommandResultResult:
        with self._lock:
            self._forget_expired()
            call = self._calls.get(correlation_id)
            if call is None:
                return ObserveCommandResultResult(correlation_id=correlation_id, status="expired")
            outcome, completed_at = call.outcome, call.completed_at
        if outcome is None or completed_at is None:
            return ObserveCommandResultResult(
                correlation_id=correlation_id, status="pending", kind=call.mode, issued_at=call.issued_at
            )
        if not outcome.is_error:
            return ObserveCommandResultResult(
                correlation_id=correlation_id,
                status="ok",
                kind=call.mode,
                issued_at=call.issued_at,
                completed_at=completed_at,
                result=outcome.structured,
            )
        error = ToolError.model_validate(outcome.structured)
        return ObserveCommandResultResult(
            correlation_id=correlation_id,
            status="timeout" if error.error == "timeout" else "error",
            kind=call.mode,
            issued_at=call.issued_at,
            completed_at=completed_at,
            error=error,
        )

    def clear(self) -> int:
        """Forget every finished call; running ones stay."""
        with self._lock:
            finished = [key for key, call in self._calls.items() if call.outcome is not None]
            for key in finished:
                del self._calls[key]
            return len(finished)

    def _forget_expired(self) -> None:
        now = time.monotonic()
        for key in [
            k for k, c in self._calls.items() if c.finished is not None and now - c.finished > self.keep_seconds
        ]:
            del self._calls[key]

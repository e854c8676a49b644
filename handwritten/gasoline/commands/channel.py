"""Commands from tool calls to the browser extension, carried by the extension's /sync long poll.

A call issues a command and waits for its result. The extension keeps one sync waiting; the
command goes out as that sync's answer, the extension acknowledges it on its next sync and
posts the result on another as soon as it is done. A command handed out but not acknowledged
in time is handed out again: the answer that carried it was lost (the service worker stopped,
say). So is one that a newer waiting sync does not acknowledge: the extension sends a waiting
sync only after the one before it returned, with the acknowledgements of what it received, or
after it gave that one up (a tab switched, so the facts changed) and with it whatever its answer
carried. The extension runs a command it receives twice only once. A command whose caller
stopped waiting is withdrawn, so it never runs late.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from gasoline.core.correlation import new_correlation_id
from gasoline_generated.models import Command, CommandResult
from gasoline_generated.policy import LIMITS


@dataclass
class Pending:
    """One command on its way: queued, handed out, acknowledged, then answered."""

    command: Command
    issued_at: datetime = field(default_factory=lambda: datetime.now(UTC))
    handed_out_at: float | None = None
    acknowledged: threading.Event = field(default_factory=threading.Event)
    answered: threading.Event = field(default_factory=threading.Event)
    result: CommandResult | None = None

    @property
    def correlation_id(self) -> str:
        return self.command.root.correlation_id

    def answer(self) -> CommandResult:
        """The extension's result, once `answered` is set."""
        if self.result is None:
            raise RuntimeError(f"command {self.correlation_id} has no result yet")
        return self.result


class CommandChannel:
    def __init__(self, ack_seconds: float = LIMITS.extension.command_ack_ms / 1000) -> None:
        self.ack_seconds = ack_seconds
        self._changed = threading.Condition()
        self._queue: deque[Pending] = deque()  # not handed out (or to be handed out again)
        self._open: dict[str, Pending] = {}  # every command not yet answered or withdrawn
        self._newest_poll = 0
        self._closed = False

    def issue(self, kind: str, params: dict[str, Any], timeout_ms: int, tab_id: int | None = None) -> Pending:
        envelope: dict[str, Any] = {
            "correlation_id": new_correlation_id(),
            "kind": kind,
            "timeout_ms": timeout_ms,
            "issued_at": datetime.now(UTC).isoformat().replace("+00:00", "Z"),
            "params": params,
        }
        if tab_id is not None:
            envelope["tab_id"] = tab_id
        pending = Pending(Command.model_validate(envelope))
        with self._changed:
            self._open[pending.correlation_id] = pending
            self._queue.append(pending)
            self._changed.notify_all()
        return pending

    def withdraw(self, pending: Pending) -> None:
        """The caller stopped waiting: the command is not handed out any more."""
        with self._changed:
            self._open.pop(pending.correlation_id, None)
            if pending in self._queue:
                self._queue.remove(pending)

    def poll(self, acks: Iterable[str], results: Iterable[CommandResult], wait_seconds: float) -> list[Command]:
        """One sync of the extension: take its acknowledgements and results, then answer with the
        commands ready, waiting up to wait_seconds for one. A newer waiting poll releases this one."""
        with self._changed:
            for correlation_id in acks:
                if pending := self._open.get(correlation_id):
                    pending.acknowledged.set()
            for result in results:
                if pending := self._open.pop(result.root.correlation_id, None):
                    pending.result = result
                    pending.acknowledged.set()
                    pending.answered.set()
            if wait_seconds > 0:
                self._newest_poll += 1
                self._hand_out_again(time.monotonic(), unacknowledged_now=True)
            poll = self._newest_poll
            self._changed.notify_all()
            deadline = time.monotonic() + wait_seconds
            while True:
                now = time.monotonic()
                self._hand_out_again(now)
                if self._queue:
                    return self._hand_out(now)
                if wait_seconds <= 0 or self._closed or poll != self._newest_poll or now >= deadline:
                    return []
                self._changed.wait(min(deadline - now, self.ack_seconds))

    def close(self) -> None:
        """Release every waiting poll (the daemon is stopping)."""
        with self._changed:
            self._closed = True
            self._changed.notify_all()

    def _hand_out(self, now: float) -> list[Command]:
        handed = list(self._queue)
        self._queue.clear()
        for pending in handed:
            pending.handed_out_at = now
        return [pending.command for pending in handed]

    def _hand_out_again(self, now: float, unacknowledged_now: bool = False) -> None:
        """Queue again what was handed out and not acknowledged in time (or at all, when a newer
        waiting sync has just come without its acknowledgement)."""
        for pending in self._open.values():
            handed = pending.handed_out_at
            lost = handed is not None and (unacknowledged_now or now - handed > self.ack_seconds)
            if lost and not pending.acknowledged.is_set():
                pending.handed_out_at = None
                self._queue.append(pending)

"""The first answer to each idempotency key, so that a retried call gets that answer again and
runs nothing. Only the most recent keys are kept (Gasoline retries within seconds)."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .protocol_generated import ControlRequest

CAPACITY = 1000


def fingerprint(request: ControlRequest) -> str:
    """What makes two requests with one key the same call: the operation, its params and its modes,
    but not the correlation id (a retry may be logged under a new one)."""
    call = {
        "operation": request.operation,
        "params": request.params,
        "shadow_mode": request.shadow_mode,
        "dry_run": request.dry_run,
    }
    return hashlib.sha256(json.dumps(call, sort_keys=True).encode("utf-8")).hexdigest()


@dataclass(frozen=True)
class Answer:
    fingerprint: str
    status: int
    response: dict[str, Any]


class IdempotencyKeys:
    def __init__(self, capacity: int = CAPACITY) -> None:
        self._capacity = capacity
        self._answers: OrderedDict[str, Answer] = OrderedDict()

    def get(self, key: str) -> Answer | None:
        return self._answers.get(key)

    def keep(self, key: str, answer: Answer) -> None:
        self._answers[key] = answer
        while len(self._answers) > self._capacity:
            self._answers.popitem(last=False)

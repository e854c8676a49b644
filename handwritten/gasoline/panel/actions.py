"""The actions (interact calls) taken lately by any client: the actions card of the evidence."""

from __future__ import annotations

import collections
import json
import threading
from typing import Any

from gasoline_generated.policy import LIMITS

MODE_KEYS = ("what", "action")


class RecentActions:
    """The actions (interact calls) taken lately by any client, one line each, newest last."""

    def __init__(self) -> None:
        self._lines: collections.deque[str] = collections.deque(maxlen=LIMITS.panel.actions_kept)
        self._lock = threading.Lock()

    def note(self, line: str) -> None:
        with self._lock:
            self._lines.append(line)

    def newest(self, most: int) -> list[str]:
        with self._lock:
            return list(self._lines)[-most:][::-1]


def action_line(tool: str, arguments: dict[str, Any], ok: bool) -> str:
    """One action as the evidence shows it: the call, compact, and whether it worked (redacted
    with the rest of the evidence before anything shows it)."""
    mode = next((arguments[key] for key in MODE_KEYS if isinstance(arguments.get(key), str)), "?")
    rest = {k: v for k, v in arguments.items() if k not in MODE_KEYS and k != "approval_id"}
    return f"{tool}({mode}) {json.dumps(rest, ensure_ascii=False)[:200]} {'ok' if ok else 'failed'}"

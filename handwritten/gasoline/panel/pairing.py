"""Pairing the panel with the daemon: a person runs `gasoline pair`, which asks for a one-time code
(behind the approver token, which only the person's own account can read), and types the code into
the panel, which trades it for a bearer token of its own.

Codes are used once and expire; a wrong code counts, and after `attempts` wrong codes every open
code is withdrawn, so guessing one is hopeless. Only digests of the panel tokens are kept (in the
state directory, mode 0600), so they stay valid across restarts of the daemon, and a file that
leaks gives no token.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

from gasoline.state import write_private
from gasoline_generated.models import PairingCode, PanelPairing

# No 0/O or 1/I: the person reads the code off a terminal and types it.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
PANELS_KEPT = 8  # panels paired at once (browsers, profiles); pairing one more forgets the oldest


class PairingRefused(ValueError):
    """The code is wrong, used or expired."""


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Pairing:
    def __init__(
        self, token_file: Path | None, code_seconds: float, attempts: int, clock: Callable[[], float] = time.time
    ) -> None:
        """token_file: where the panel tokens' digests are kept (None: in memory, for tests)."""
        self.token_file = token_file
        self.code_seconds = code_seconds
        self.attempts = attempts
        self.clock = clock
        self._codes: dict[str, float] = {}  # open code -> when it expires
        self._wrong = 0
        self._lock = threading.Lock()
        self._digests = self._read()

    def new_code(self) -> PairingCode:
        raw = "".join(secrets.choice(ALPHABET) for _ in range(8))
        code = f"{raw[:4]}-{raw[4:]}"
        expires = self.clock() + self.code_seconds
        with self._lock:
            self._codes[code] = expires
            self._wrong = 0
        return PairingCode(code=code, expires_at=datetime.fromtimestamp(int(expires), UTC))

    def pair(self, code: str) -> PanelPairing:
        """The panel's token for a code that is open; PairingRefused otherwise (which counts)."""
        now = self.clock()
        with self._lock:
            expires = self._codes.pop(code.upper(), None)
            if expires is None or expires <= now:
                self._wrong += 1
                if self._wrong >= self.attempts:
                    self._codes.clear()
                    raise PairingRefused("wrong code; too many wrong codes, so every open code is withdrawn: "
                                         "run `gasoline pair` again")  # fmt: skip
                raise PairingRefused("wrong or expired code: run `gasoline pair` for a new one")
            token = secrets.token_urlsafe(32)
            self._digests = [*self._digests, digest(token)][-PANELS_KEPT:]
            self._write()
        return PanelPairing(token=token, paired_at=datetime.fromtimestamp(int(now), UTC))

    def accepts(self, token: str) -> bool:
        """Whether this is a paired panel's token (compared in constant time)."""
        sent = digest(token)
        return any(hmac.compare_digest(sent, known) for known in self._digests)

    def _read(self) -> list[str]:
        if self.token_file is None:
            return []
        try:
            return [line for line in self.token_file.read_text().split() if len(line) == 64][-PANELS_KEPT:]
        except OSError:
            return []

    def _write(self) -> None:
        if self.token_file is not None:
            write_private(self.token_file, "\n".join(self._digests))

"""Pairing the panel with the daemon: a person runs `gasoline pair`, which asks for a one-time code
(behind the approver token, which only the person's own account can read), and types the code into
the panel, which trades it for a bearer token of its own.

Codes are used once and expire. Wrong codes are counted by source, and a source that sent too many
waits before it is heard again (`PairingThrottled`: its next code is not even looked at). No open
code is ever withdrawn because of wrong ones: nobody else's guesses can take the person's code
away, and only the person's own source's wrong codes make the person wait (short of the cap on all
sources together, below).

What a source is, for requests that all come over loopback (the peer address is the same for every
local process), is the caller's to say; the HTTP route says: the local user whose process connected
(the kernel knows the owner of the other end of a loopback connection, and nobody can claim another
user's), with the request's Origin. A process of another user on the machine thus never counts
against the person; a process of the person's own user is trusted anyway (it can read the approver
token and get codes itself). Beside each source's allowance, one for all sources together caps
wrong codes over a code's lifetime, so guessing one stays hopeless (8 letters of 32: 2^40 codes)
however many sources there are; past it every source waits, and still nothing is withdrawn.

Only digests of the panel tokens are kept (in the state directory, mode 0600), so they stay valid
across restarts of the daemon, and a file that leaks gives no token.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
import threading
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from gasoline.state import write_private
from gasoline_generated.models import PairingCode, PanelPairing
from gasoline_generated.policy import LIMITS

# No 0/O or 1/I: the person reads the code off a terminal and types it.
ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
SOURCES_KEPT = 64  # allowances remembered before those back to full are forgotten


class PairingRefused(ValueError):
    """The code is wrong, used or expired."""


class PairingThrottled(PairingRefused):
    """Too many wrong codes from this source (or from all): the code was not looked at."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = retry_after


@dataclass
class Allowance:
    """Wrong codes that may still be sent: `most` in a row, and one more every `every` seconds (a
    token bucket)."""

    most: int
    every: float
    left: float
    at: float

    def refill(self, now: float) -> None:
        self.left = min(self.most, self.left + max(now - self.at, 0) / self.every)
        self.at = now

    def wait(self, now: float) -> float:
        """Seconds until one more may be sent (0: now)."""
        self.refill(now)
        return 0.0 if self.left >= 1 else (1 - self.left) * self.every

    def spend(self) -> None:
        self.left -= 1


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Pairing:
    def __init__(
        self,
        token_file: Path | None,
        code_seconds: float,
        attempts: int,
        clock: Callable[[], float] = time.time,
        guess_seconds: float = LIMITS.panel.pairing_guess_seconds,
        wrong_codes: int = LIMITS.panel.pairing_wrong_codes,
    ) -> None:
        """token_file: where the panel tokens' digests are kept (None: in memory, for tests);
        attempts wrong codes in a row from one source, then one every guess_seconds; wrong_codes
        from all sources in a row, then as many every code_seconds."""
        self.token_file = token_file
        self.code_seconds = code_seconds
        self.clock = clock
        self._codes: dict[str, float] = {}  # open code -> when it expires
        self._one_source = (attempts, guess_seconds)
        self._sources: dict[Hashable, Allowance] = {}
        self._everyone = Allowance(wrong_codes, code_seconds / wrong_codes, wrong_codes, clock())
        self._lock = threading.Lock()
        self._digests = self._read()

    def new_code(self) -> PairingCode:
        raw = "".join(secrets.choice(ALPHABET) for _ in range(8))
        code = f"{raw[:4]}-{raw[4:]}"
        expires = self.clock() + self.code_seconds
        with self._lock:
            self._codes[code] = expires
        return PairingCode(code=code, expires_at=datetime.fromtimestamp(int(expires), UTC))

    def pair(self, code: str, source: Hashable = None) -> PanelPairing:
        """The panel's token for a code that is open; PairingRefused otherwise (which counts against
        `source`), or PairingThrottled, without a look at the code, while `source` must wait."""
        now = self.clock()
        with self._lock:
            own = self._allowance(source, now)
            wait = max(own.wait(now), self._everyone.wait(now))
            if wait > 0:
                raise PairingThrottled(
                    f"too many wrong codes: try again in {math.ceil(wait)} s (codes stay open)", wait
                )
            expires = self._codes.pop(code.upper(), None)
            if expires is None or expires <= now:
                own.spend()
                self._everyone.spend()
                raise PairingRefused("wrong or expired code: run `gasoline pair` for a new one")
            token = secrets.token_urlsafe(32)
            self._digests = [*self._digests, digest(token)][-LIMITS.panel.panels_kept :]
            self._write()
        return PanelPairing(token=token, paired_at=datetime.fromtimestamp(int(now), UTC))

    def _allowance(self, source: Hashable, now: float) -> Allowance:
        if source not in self._sources and len(self._sources) >= SOURCES_KEPT:
            for held in self._sources.values():
                held.refill(now)
            self._sources = {key: held for key, held in self._sources.items() if held.left < held.most}
        most, every = self._one_source
        return self._sources.setdefault(source, Allowance(most, every, most, now))

    def accepts(self, token: str) -> bool:
        """Whether this is a paired panel's token (compared in constant time)."""
        sent = digest(token)
        return any(hmac.compare_digest(sent, known) for known in self._digests)

    def _read(self) -> list[str]:
        if self.token_file is None:
            return []
        try:
            return [line for line in self.token_file.read_text().split() if len(line) == 64][
                -LIMITS.panel.panels_kept :
            ]
        except OSError:
            return []

    def _write(self) -> None:
        if self.token_file is not None:
            write_private(self.token_file, "\n".join(self._digests))

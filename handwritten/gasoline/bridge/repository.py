"""The repository of the bridge's client, named to the daemon in every call the bridge forwards.

The first file:// root of the client's MCP roots when it declares roots (asked when first needed,
and again after notifications/roots/list_changed); else GASOLINE_PROJECT_DIR, else the directory
the client started the bridge in. Two clients in two repositories, each with its own bridge,
share one daemon and each acts in its own.
"""

from __future__ import annotations

import threading
from pathlib import Path

from gasoline import logs
from gasoline.core.protocol import Exchange
from gasoline.core.roots import RootsUnanswered, ask_roots


class ClientRepository:
    def __init__(self, fallback: Path, answer_seconds: float) -> None:
        self.fallback = fallback
        self.answer_seconds = answer_seconds
        self._from_roots: Path | None = None
        self._asked = False
        self._lock = threading.Lock()

    def known(self, exchange: Exchange) -> Path | None:
        """The repository, when finding it needs no question to the client."""
        if "roots" not in exchange.client_capabilities:
            return self.fallback
        with self._lock:
            return (self._from_roots or self.fallback) if self._asked else None

    def find(self, exchange: Exchange) -> Path:
        """The repository, asking the client for its roots if need be (see ask_roots)."""
        known = self.known(exchange)
        if known is not None:
            return known
        try:
            root = ask_roots(exchange, self.answer_seconds)
        except RootsUnanswered as error:
            logs.log.warning("roots/list not answered, using %s: %s", self.fallback, error)
            return self.fallback
        with self._lock:
            self._from_roots, self._asked = root, True
        return root or self.fallback

    def roots_changed(self) -> None:
        """notifications/roots/list_changed: ask again when next needed."""
        with self._lock:
            self._asked = False

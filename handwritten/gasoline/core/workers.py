"""A pool of worker threads for requests: a cheap hand-off, and it grows while all are busy.

Workers are daemon threads, so a call still running when its client has gone never keeps
the process alive; transports decide how long to wait for calls in flight.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Workers:
    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._idle = 0

    def submit(self, job: Callable[[], None]) -> None:
        with self._lock:
            start = self._idle <= 0 and self._threads < self.limit
            if start:
                self._threads += 1
            else:
                self._idle -= 1
        if start:
            threading.Thread(target=self._work, args=(job,), name=f"{self.name}-{self._threads}", daemon=True).start()
        else:
            self._jobs.put(job)

    def _work(self, job: Callable[[], None]) -> None:
        while True:
            try:
                job()
            except Exception:
                log.exception("a request failed outside its handler")
            with self._lock:
                self._idle += 1
            job = self._jobs.get()

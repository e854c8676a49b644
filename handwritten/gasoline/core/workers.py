"""The threads a line transport reads and answers with: a pool that grows up to a limit, and a watch.

A transport's reader answers each request itself (see transports/lines.py). The watch is one
thread that, every WATCH_SECONDS while some reader is answering, asks each such transport whether
its reader has been at it for that long; if so, the transport hands reading to a pool thread, so a
slow call holds up nothing behind it for more than two periods. The watch sleeps once nothing has
been answered for a while, so an idle process stays idle.

Workers are daemon threads, so a call still running when its client has gone never keeps
the process alive; transports decide how long to wait for calls in flight.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)
# How often the watch looks, and so how long a reader may answer before another thread reads on.
WATCH_SECONDS = 0.005
# How many looks in a row with nothing to check before the watch sleeps until there is.
WATCH_LINGER = 200

# What the watch calls with the time: whether it should be called again next time.
Check = Callable[[float], bool]


class Workers:
    def __init__(self, name: str, limit: int) -> None:
        self.name = name
        self.limit = limit
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads = 0
        self._idle = 0
        self._watched: set[Check] = set()
        self._watch = threading.Condition()
        self._watch_started = False
        self._watch_asleep = False

    def try_run(self, job: Callable[[], None]) -> bool:
        """Run job on an idle worker or on a new one; False, with nothing done, when all `limit` are busy."""
        with self._lock:
            idle = self._idle > 0
            if idle:
                self._idle -= 1
            elif self._threads < self.limit:
                self._threads += 1
            else:
                return False
        if idle:
            self._jobs.put(job)
        else:
            threading.Thread(target=self._work, args=(job,), name=f"{self.name}-{self._threads}", daemon=True).start()
        return True

    def watch(self, check: Check) -> None:
        """Call check(now) every WATCH_SECONDS, from the watch thread, until it returns False."""
        with self._watch:
            self._watched.add(check)
            if not self._watch_started:
                self._watch_started = True
                threading.Thread(target=self._look, name=f"{self.name}-watch", daemon=True).start()
            elif self._watch_asleep:
                self._watch.notify()

    def _look(self) -> None:
        quiet = 0
        while True:
            time.sleep(WATCH_SECONDS)
            with self._watch:
                checks = list(self._watched)
            now = time.monotonic()
            done = {check for check in checks if not check(now)}
            with self._watch:
                self._watched -= done
                quiet = 0 if checks else quiet + 1
                if quiet >= WATCH_LINGER:
                    self._watch_asleep = True
                    self._watch.wait_for(lambda: bool(self._watched))
                    self._watch_asleep = False
                    quiet = 0

    def _work(self, job: Callable[[], None]) -> None:
        while True:
            try:
                job()
            except Exception:
                log.exception("a worker's job failed")
            with self._lock:
                self._idle += 1
            job = self._jobs.get()

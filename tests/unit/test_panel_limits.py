"""The panel's limits agree with one another."""

from __future__ import annotations

from gasoline_generated.policy import LIMITS


def test_streams_never_hold_every_thread_of_the_panel_lane() -> None:
    limits = LIMITS.panel
    assert limits.panel_streams <= limits.streams < limits.threads, "the rest answer the panel's other routes"

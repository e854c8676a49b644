# Generated from spec/tools, spec/events, spec/messages, spec/control, spec/policy by `python3 tasks.py gen`. Do not edit by hand.
"""The spec's named enums: each set of values several schemas share, stated once in spec/ and
named here, as a Literal alias (typing.get_args lists its values)."""

from __future__ import annotations

from typing import Literal, TypeAlias

WatchTrigger: TypeAlias = Literal["errors", "network_errors", "security", "websocket"]
"""A kind of trouble in the page that fires agent_watch: errors (an exception or a console error),
network_errors (a failed request), security (a console message about the page's security policy,
mixed content or CORS) or websocket (a WebSocket error or abnormal close)."""

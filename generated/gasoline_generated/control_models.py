# Generated from spec/control/control.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""Pydantic models of the /.gasoline/control protocol.

Its schemas are spec definitions like any other, generated once in models.py; this module names
them for code that speaks the protocol.
"""

from __future__ import annotations

from .models import (
    ControlDiscovery,
    ControlError,
    ControlOperation,
    ControlRequest,
    ControlResponse,
    ControlRestored,
    ControlSnapshot,
    ControlStateValues,
)

# The endpoint's path, the protocol version this daemon speaks (MAJOR.MINOR: a client of 1.x
# understands every 1.y service), and the header of a service's OPTIONS answer that names its own.
CONTROL_PATH = "/.gasoline/control"
PROTOCOL_VERSION = "1.1"
VERSION_HEADER = "X-Gasoline-Control"

__all__ = [
    "CONTROL_PATH",
    "PROTOCOL_VERSION",
    "VERSION_HEADER",
    "ControlDiscovery",
    "ControlError",
    "ControlOperation",
    "ControlRequest",
    "ControlResponse",
    "ControlRestored",
    "ControlSnapshot",
    "ControlStateValues",
]

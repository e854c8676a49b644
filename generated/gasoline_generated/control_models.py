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

__all__ = [
    "ControlDiscovery",
    "ControlError",
    "ControlOperation",
    "ControlRequest",
    "ControlResponse",
    "ControlRestored",
    "ControlSnapshot",
    "ControlStateValues",
]

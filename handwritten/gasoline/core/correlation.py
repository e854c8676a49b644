"""Correlation ids: what ties a browser command, or a call left running in the background, to its outcome."""

from __future__ import annotations

import secrets


def new_correlation_id() -> str:
    return f"cmd_{secrets.token_hex(8)}"

"""The control endpoint's lines in the service's own log, one per operation, with its correlation id."""

from __future__ import annotations

import logging

logger = logging.getLogger("gasoline_control")


def make_visible() -> None:
    """Let the operation lines reach the service's log even when the app configured no logging (Python
    would drop INFO lines then), without changing a configuration the app has."""
    if logger.level == logging.NOTSET:
        logger.setLevel(logging.INFO)
    if not logger.hasHandlers():
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
        logger.addHandler(handler)


def log_operation(operation: str, correlation_id: str | None, status: str, applied: bool) -> None:
    logger.info(
        "gasoline-control operation=%s correlation_id=%s status=%s applied=%s",
        operation,
        correlation_id or "-",
        status,
        "true" if applied else "false",
    )

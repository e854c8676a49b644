"""interact's browser actions as a model reads them: what was done and what it caused (the page it
led to, requests, failures, errors, dialogs, how the wait ended), in a line or a few."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .common import Structured, counted, generic, one_line, origin, short_url

ERROR_KINDS = {"console_error": "console error", "exception": "exception", "unhandled_rejection": "unhandled rejection"}


def click(result: Structured, now: float) -> str:
    tag = f"<{result['tag']}> " if result.get("tag") else ""
    return acted(f"clicked {tag}{result.get('selector', '')}", result)


def type_text(result: Structured, now: float) -> str:
    length = counted(result.get("value_length", 0), "character")
    return acted(f"typed into {result.get('selector', '')}, its value now {length} long", result)


def navigate(result: Structured, now: float) -> str:
    status = f" {result['status']}" if result.get("status") else ""
    return acted(f"loaded {page(result)}{status}", result, says_where=True)


def refresh(result: Structured, now: float) -> str:
    return acted(f"reloaded {page(result)}", result, says_where=True)


def new_tab(result: Structured, now: float) -> str:
    tracked = ", now tracked" if result.get("tracked") else ""
    return acted(f"opened tab {result.get('tab_id')} at {page(result)}{tracked}", result, says_where=True)


def page(result: Structured) -> str:
    """A URL and, when known, its title: the effects' (where the page ended up) over the result's."""
    effects = result.get("effects") or {}
    url = effects.get("url") or result.get("url", "")
    title = effects.get("title") or result.get("title")
    return f'{url} "{one_line(title, 80)}"' if title else str(url)


def acted(head: str, result: Structured, says_where: bool = False) -> str:
    """The action's line with its effects in brackets, then a line per failure, error and dialog."""
    effects: Mapping[str, Any] | None = result.get("effects")
    if not effects:
        return head if result.get("success", True) else generic(result)
    parts = [head]
    if effects.get("navigated") and not says_where:
        verb = "URL changed to" if effects.get("same_document") else "navigated to"
        parts.append(f"→ {verb} {page(result)}")
    return " ".join(parts) + f" ({summary(effects)})" + "".join("\n  " + line for line in details(effects))


def summary(effects: Mapping[str, Any]) -> str:
    errors = effects.get("error_count", 0)
    facts = [
        counted(effects.get("requests", 0), "request"),
        f"{effects.get('failed_count', 0)} failed",
        counted(errors, "error") if errors else "no errors",
    ]
    if effects.get("dialogs"):
        facts.append(counted(len(effects["dialogs"]), "dialog"))
    waited = effects.get("waited_ms", 0)
    if effects.get("ended_by") == "limit":
        pending = effects.get("pending_requests", 0)
        facts.append(f"still busy at the {waited} ms limit" + (f", {pending} pending" if pending else ""))
    else:
        facts.append(f"settled in {waited} ms")
    return ", ".join(facts)


def details(effects: Mapping[str, Any]) -> list[str]:
    base = origin(effects.get("url"))
    lines = []
    for failed in effects.get("failed_requests") or []:
        outcome = failed.get("status") or failed.get("error", "failed")
        lines.append(f"failed: {failed.get('method', '')} {short_url(failed.get('url'), base)} {outcome}")
    for error in effects.get("errors") or []:
        lines.append(f"{ERROR_KINDS.get(error.get('kind', ''), 'error')}: {one_line(error.get('message', ''), 200)}")
    for dialog in effects.get("dialogs") or []:
        state = "still open: the page waits until someone answers it" if dialog.get("open") else "answered"
        lines.append(f'{dialog.get("type")} "{one_line(dialog.get("message", ""), 200)}" ({state})')
    hidden = effects.get("failed_count", 0) - len(effects.get("failed_requests") or [])
    hidden += effects.get("error_count", 0) - len(effects.get("errors") or [])
    if hidden > 0:
        lines.append(f"{hidden} more not listed")
    return lines

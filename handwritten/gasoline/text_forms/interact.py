"""interact's browser actions as a model reads them: what was done and what it caused (the page it
led to, requests, failures, errors, dialogs, how the wait ended), in a line or a few."""

from __future__ import annotations

from typing import Any

from gasoline.core.missing import given
from gasoline_generated.models import (
    ActionEffects,
    ClickResult,
    NavigateResult,
    NewTabResult,
    RefreshResult,
    TypeTextResult,
)

from .common import counted, generic, one_line, origin, short_url
from .form import Form, form

ERROR_KINDS = {"console_error": "console error", "exception": "exception", "unhandled_rejection": "unhandled rejection"}

Action = ClickResult | TypeTextResult | NavigateResult | RefreshResult | NewTabResult


def click(result: ClickResult, now: float) -> str:
    tag = f"<{result.tag}> " if result.tag else ""
    return acted(f"clicked {tag}{result.selector}", result)


def type_text(result: TypeTextResult, now: float) -> str:
    length = counted(result.value_length, "character")
    return acted(f"typed into {result.selector}, its value now {length} long", result)


def navigate(result: NavigateResult, now: float) -> str:
    status = given(result.status)
    return acted(f"loaded {page(result)}{f' {status}' if status else ''}", result, says_where=True)


def refresh(result: RefreshResult, now: float) -> str:
    return acted(f"reloaded {page(result)}", result, says_where=True)


def new_tab(result: NewTabResult, now: float) -> str:
    tracked = ", now tracked" if result.tracked else ""
    return acted(f"opened tab {result.tab_id} at {page(result)}{tracked}", result, says_where=True)


def page(result: Action) -> str:
    """A URL and, when known, its title: the effects' (where the page ended up) over the result's."""
    effects = given(result.effects)
    own_url = "" if isinstance(result, ClickResult | TypeTextResult) else result.url
    own_title = given(result.title) if isinstance(result, NavigateResult) else None
    url = (effects.url if effects else "") or own_url
    title = (given(effects.title) if effects else None) or own_title
    return f'{url} "{one_line(title, 80)}"' if title else url


def acted(head: str, result: Action, says_where: bool = False) -> str:
    """The action's line with its effects in brackets, then a line per failure, error and dialog."""
    effects = given(result.effects)
    if effects is None:
        return head if result.success else generic(result.model_dump(mode="json", by_alias=True))
    parts = [head]
    if effects.navigated and not says_where:
        verb = "URL changed to" if given(effects.same_document) else "navigated to"
        parts.append(f"→ {verb} {page(result)}")
    return " ".join(parts) + f" ({summary(effects)})" + "".join("\n  " + line for line in details(effects))


def summary(effects: ActionEffects) -> str:
    errors = effects.error_count
    facts = [
        counted(effects.requests, "request"),
        f"{effects.failed_count} failed",
        counted(errors, "error") if errors else "no errors",
    ]
    if effects.dialogs:
        facts.append(counted(len(effects.dialogs), "dialog"))
    waited = effects.waited_ms
    if effects.ended_by == "limit":
        pending = effects.pending_requests
        facts.append(f"still busy at the {waited} ms limit" + (f", {pending} pending" if pending else ""))
    else:
        facts.append(f"settled in {waited} ms")
    return ", ".join(facts)


def details(effects: ActionEffects) -> list[str]:
    base = origin(effects.url)
    lines = []
    for failed in effects.failed_requests:
        outcome = given(failed.status) or given(failed.error, "failed")
        lines.append(f"failed: {failed.method} {short_url(failed.url, base)} {outcome}")
    for error in effects.errors:
        lines.append(f"{ERROR_KINDS.get(error.kind, 'error')}: {one_line(error.message, 200)}")
    for dialog in effects.dialogs:
        state = "still open: the page waits until someone answers it" if dialog.open else "answered"
        lines.append(f'{dialog.type} "{one_line(dialog.message, 200)}" ({state})')
    hidden = effects.failed_count - len(effects.failed_requests) + effects.error_count - len(effects.errors)
    if hidden > 0:
        lines.append(f"{hidden} more not listed")
    return lines


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("interact", "click"): form(ClickResult, click),
    ("interact", "type"): form(TypeTextResult, type_text),
    ("interact", "navigate"): form(NavigateResult, navigate),
    ("interact", "refresh"): form(RefreshResult, refresh),
    ("interact", "new_tab"): form(NewTabResult, new_tab),
}

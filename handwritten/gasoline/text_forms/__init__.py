"""The text of a tool result, written for a model: compact, one line per entry, nothing that
repeats the structured result, which carries every field for clients that read it. A mode with
no form of its own gets the generic one."""

from __future__ import annotations

import time
from collections.abc import Callable

from . import analyze, backend, code, configure, interact, observe
from .common import Structured, generic
from .untrusted import carries_page_content, fenced

TextForm = Callable[[Structured, float], str]

FORMS: dict[tuple[str, str], TextForm] = {
    ("observe", "errors"): observe.errors,
    ("observe", "failed_requests"): observe.failed_requests,
    ("observe", "logs"): observe.logs,
    ("observe", "network_bodies"): observe.network_bodies,
    ("observe", "websocket_events"): observe.websocket_events,
    ("observe", "websocket_status"): observe.websocket_status,
    ("observe", "page"): observe.page,
    ("observe", "result_page"): observe.result_page,
    ("analyze", "dom"): analyze.dom,
    ("analyze", "page_info"): analyze.page_info,
    ("analyze", "accessibility"): analyze.accessibility,
    ("configure", "health"): configure.health,
    ("configure", "clear"): configure.clear,
    ("interact", "code_search"): code.search,
    ("interact", "code_read"): code.read,
    ("interact", "code_modify"): code.modify,
    ("interact", "code_rollback"): code.rollback,
    ("interact", "run_tests"): code.tests,
    ("observe", "modification_log"): code.log,
    ("interact", "click"): interact.click,
    ("interact", "type"): interact.type_text,
    ("interact", "navigate"): interact.navigate,
    ("interact", "refresh"): interact.refresh,
    ("interact", "new_tab"): interact.new_tab,
    ("interact", "backend_control"): backend.control,
    ("observe", "backend_state"): backend.state,
    ("observe", "audit_log"): backend.audit_log,
    ("configure", "snapshot"): backend.snapshot,
}


# Forms that leave some of their result's page-content fields out of the text: the ones they show.
# The DOM query's text lists the matches, never the page's URL and title, so a bare count is no
# page content (and goes unfenced).
SHOWN_PAGE_FIELDS: dict[tuple[str, str], tuple[str, ...]] = {("analyze", "dom"): ("matches",)}


def text_form(tool: str, mode: str, structured: Structured, now: float | None = None) -> str:
    """The text of a successful result of `tool`'s `mode`."""
    form = FORMS.get((tool, mode))
    return form(structured, time.time() if now is None else now) if form else generic(structured)


class ModelText:
    """The text forms as core reads a result through them (core.ports.TextForms)."""

    def text(self, form: tuple[str, str], structured: Structured) -> str:
        return text_form(*form, structured)

    def from_page(self, form: tuple[str, str], structured: Structured) -> bool:
        return carries_page_content(structured, SHOWN_PAGE_FIELDS.get(form))

    def fenced(self, text: str) -> str:
        return fenced(text)

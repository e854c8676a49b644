"""The text of a tool result, written for a model: compact, one line per entry, nothing that
repeats the structured result, which carries every field for clients that read it. Each form reads
its mode's generated result model; a mode with no form of its own gets the generic one."""

from __future__ import annotations

import time
from typing import Any

from pydantic import BaseModel

from . import analyze, backend, code, configure, interact, observe
from .common import Structured, generic
from .form import Form
from .untrusted import carries_page_content, fenced

FORMS: dict[tuple[str, str], Form[Any]] = {
    **observe.FORMS,
    **analyze.FORMS,
    **configure.FORMS,
    **code.FORMS,
    **interact.FORMS,
    **backend.FORMS,
}


# Forms that leave some of their result's page-content fields out of the text: the ones they show.
# The DOM query's text lists the matches, never the page's URL and title, so a bare count is no
# page content (and goes unfenced).
SHOWN_PAGE_FIELDS: dict[tuple[str, str], tuple[str, ...]] = {("analyze", "dom"): ("matches",)}


def text_form(
    tool: str, mode: str, structured: Structured, now: float | None = None, model: BaseModel | None = None
) -> str:
    """The text of a successful result of `tool`'s `mode`. model: the same result as its generated
    model, when the caller has it; else the form validates `structured` into it."""
    form = FORMS.get((tool, mode))
    if form is None:
        return generic(structured)
    return form.text(structured, model, time.time() if now is None else now)


class ModelText:
    """The text forms as core reads a result through them (core.ports.TextForms)."""

    def text(self, form: tuple[str, str], structured: Structured, model: BaseModel | None = None) -> str:
        return text_form(*form, structured, model=model)

    def from_page(self, form: tuple[str, str], structured: Structured) -> bool:
        return carries_page_content(structured, SHOWN_PAGE_FIELDS.get(form))

    def fenced(self, text: str) -> str:
        return fenced(text)

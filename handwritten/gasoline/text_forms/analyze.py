"""analyze's results as a model reads them: what matched and what is wrong, boxes and styles left
to the structured result."""

from __future__ import annotations

from typing import Any

from gasoline.core.missing import given
from gasoline_generated.models import (
    AccessibilityAuditResult,
    AccessibilityViolation,
    DomElement,
    DomQueryResult,
    PageInfoResult,
)

from .common import counted, one_line
from .form import Form, form

ELEMENT_TEXT = 120
HTML_SNIPPET = 120


def element(node: DomElement, depth: int = 0) -> list[str]:
    """An element on one line (its selector or tag, attributes, text), its children below it."""
    name = given(node.selector) or node.tag
    attributes = " ".join(f'{key}="{one_line(value, 60)}"' for key, value in (given(node.attributes) or {}).items())
    text = one_line(given(node.text, ""), ELEMENT_TEXT)
    hidden = " (hidden)" if node.visible is False else ""
    line = "  " * depth + " ".join(part for part in (name, attributes, f'"{text}"' if text else "") if part) + hidden
    return [line] + [line for child in given(node.children) or [] for line in element(child, depth + 1)]


def dom(result: DomQueryResult, now: float) -> str:
    matches, total = result.matches, result.matchCount
    head = counted(total, "element") + " match"
    if len(matches) < total:
        head += f", first {len(matches)} shown" if matches else ""
    return "\n".join([head, *(line for match in matches for line in element(match))])


def page_info(result: PageInfoResult, now: float) -> str:
    lines = [f"{result.title} {result.url}".strip()]
    lines.append(
        f"viewport {result.viewport.width}x{result.viewport.height}, scrolled to {result.scroll.y} "
        f"of {result.documentHeight}"
    )
    if result.headings:
        lines.append("headings: " + " | ".join(one_line(heading, 80) for heading in result.headings))
    for page_form in result.forms:
        fields = ", ".join(page_form.fields)
        lines.append(f"form {given(page_form.id) or ''} -> {given(page_form.action, '')}: {fields}")
    lines.append(f"{result.links} links, {result.images} images, {result.interactiveElements} interactive elements")
    return "\n".join(lines)


def violation(found: AccessibilityViolation) -> list[str]:
    criteria = [criterion for criterion in found.wcag if criterion[:1].isdigit()]
    wcag = f" (WCAG {', '.join(criteria)})" if criteria else ""
    lines = [f"{found.impact} {found.id}: {one_line(found.description)}{wcag}, {counted(found.nodeCount, 'node')}"]
    for node in found.nodes:
        fix = one_line(given(node.fix, ""), 200)
        lines.append(f"  {node.selector}: {one_line(node.html, HTML_SNIPPET)}" + (f"; fix: {fix}" if fix else ""))
    return lines


def accessibility(result: AccessibilityAuditResult, now: float) -> str:
    head = f"{counted(result.summary.violations, 'violation')}, {result.summary.passes} rules pass"
    lines = [head + (f" ({result.url})" if result.url else "")]
    return "\n".join(lines + [line for found in result.violations for line in violation(found)])


FORMS: dict[tuple[str, str], Form[Any]] = {
    ("analyze", "dom"): form(DomQueryResult, dom),
    ("analyze", "page_info"): form(PageInfoResult, page_info),
    ("analyze", "accessibility"): form(AccessibilityAuditResult, accessibility),
}

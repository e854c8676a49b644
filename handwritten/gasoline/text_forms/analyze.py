"""analyze's results as a model reads them: what matched and what is wrong, boxes and styles left
to the structured result."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .common import Structured, counted, one_line

ELEMENT_TEXT = 120
HTML_SNIPPET = 120


def element(node: Mapping[str, Any], depth: int = 0) -> list[str]:
    """An element on one line (its selector or tag, attributes, text), its children below it."""
    name = node.get("selector") or node.get("tag", "?")
    attributes = " ".join(f'{key}="{one_line(value, 60)}"' for key, value in (node.get("attributes") or {}).items())
    text = one_line(node.get("text", ""), ELEMENT_TEXT)
    hidden = " (hidden)" if node.get("visible") is False else ""
    line = "  " * depth + " ".join(part for part in (name, attributes, f'"{text}"' if text else "") if part) + hidden
    return [line] + [line for child in node.get("children") or [] for line in element(child, depth + 1)]


def dom(result: Structured, now: float) -> str:
    matches = result.get("matches") or []
    total = result.get("matchCount", len(matches))
    head = counted(total, "element") + " match"
    if len(matches) < total:
        head += f", first {len(matches)} shown" if matches else ""
    return "\n".join([head, *(line for match in matches for line in element(match))])


def page_info(result: Structured, now: float) -> str:
    lines = [f"{result.get('title', '')} {result.get('url', '')}".strip()]
    viewport, scroll = result.get("viewport") or {}, result.get("scroll") or {}
    if viewport:
        lines.append(
            f"viewport {viewport.get('width')}x{viewport.get('height')}, scrolled to {scroll.get('y', 0)} "
            f"of {result.get('documentHeight', '?')}"
        )
    if result.get("headings"):
        lines.append("headings: " + " | ".join(one_line(h, 80) for h in result["headings"]))
    for form in result.get("forms") or []:
        lines.append(f"form {form.get('id') or ''} -> {form.get('action', '')}: {', '.join(form.get('fields', []))}")
    counts = [
        f"{result[key]} {label}"
        for key, label in (("links", "links"), ("images", "images"), ("interactiveElements", "interactive elements"))
        if key in result
    ]
    if counts:
        lines.append(", ".join(counts))
    return "\n".join(lines)


def violation(found: Mapping[str, Any]) -> list[str]:
    criteria = [c for c in found.get("wcag") or [] if c[:1].isdigit()]
    wcag = f" (WCAG {', '.join(criteria)})" if criteria else ""
    lines = [
        f"{found.get('impact', '?')} {found['id']}: {one_line(found.get('description', ''))}{wcag}, "
        f"{counted(found.get('nodeCount', 0), 'node')}"
    ]
    for node in found.get("nodes") or []:
        fix = one_line(node.get("fix", ""), 200)
        lines.append(
            f"  {node.get('selector', '?')}: {one_line(node.get('html', ''), HTML_SNIPPET)}"
            + (f"; fix: {fix}" if fix else "")
        )
    return lines


def accessibility(result: Structured, now: float) -> str:
    violations = result.get("violations") or []
    summary = result.get("summary") or {}
    head = f"{counted(summary.get('violations', len(violations)), 'violation')}, {summary.get('passes', 0)} rules pass"
    lines = [head + (f" ({result['url']})" if result.get("url") else "")]
    return "\n".join(lines + [line for found in violations for line in violation(found)])

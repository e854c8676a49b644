"""The edits code_modify makes to a file's lines, checked against what the caller expects there.

Nothing is fuzzy: a line edit applies at the lines given (and only if they still hold what
`expected` says), search_replace only where old_text is found exactly once. When old_text is not
there, the closest stretch of the file comes back as a diff in the conflict, for the caller to
check and send again, never applied.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from gasoline.contract import CallContext
from gasoline.core.errors import ToolFailure, bad_argument
from gasoline_generated.models import InteractCodeModifyParams

from .text_file import TextFile, lines_hash


@dataclass(frozen=True)
class Edited:
    lines: list[str]
    first: int  # the first line the new content occupies (1-based)
    new_count: int  # how many lines it occupies
    lines_changed: int  # lines added, removed or replaced


def edit(ctx: CallContext, params: InteractCodeModifyParams, text: TextFile) -> Edited:
    if params.operation == "search_replace":
        return search_replace(ctx, params, text)
    new = content_lines(params, text) if params.operation != "delete" else []
    total = len(text.lines)
    if params.operation in ("replace", "delete"):
        if not isinstance(params.line_range, list):
            raise bad_argument(ctx.entry, "line_range", f"{params.operation} needs line_range")
        start, end = params.line_range[0].root, params.line_range[1].root
        if start > end or end > total:
            raise bad_argument(ctx.entry, "line_range", f"lines {start}-{end} are not lines of the file's {total}")
        check_expected(ctx, params, text, start, end)
        lines = text.lines[: start - 1] + new + text.lines[end:]
        return Edited(lines, start, len(new), max(end - start + 1, len(new)))
    if not isinstance(params.line, int):
        raise bad_argument(ctx.entry, "line", f"{params.operation} needs line")
    line = params.line
    if line > max(total, 1):
        raise bad_argument(ctx.entry, "line", f"line {line} is not a line of the file's {total}")
    if total:
        check_expected(ctx, params, text, line, line)
    at = line - 1 if params.operation == "insert_before" else min(line, total)
    return Edited(text.lines[:at] + new + text.lines[at:], at + 1, len(new), len(new))


def content_lines(params: InteractCodeModifyParams, text: TextFile) -> list[str]:
    """new_content as lines, with the file's own line ending (a CRLF file keeps its \\r)."""
    if not isinstance(params.new_content, str):
        return []
    body = params.new_content[:-1] if params.new_content.endswith("\n") else params.new_content
    lines = body.split("\n")
    crlf = sum(line.endswith("\r") for line in text.lines) > len(text.lines) // 2
    return [line if not crlf or line.endswith("\r") else line + "\r" for line in lines]


def check_expected(ctx: CallContext, params: InteractCodeModifyParams, text: TextFile, start: int, end: int) -> None:
    if not isinstance(params.expected, str):
        return
    found = text.text_of(start, end)
    if params.expected.rstrip("\n") not in (found, lines_hash(found)):
        message = f"{ctx.entry.label}: lines {start}-{end} no longer hold what was expected; read them again"
        details = {"found": found, "found_hash": lines_hash(found), "lines": [start, end]}
        raise ToolFailure.of(ctx.entry, "edit_conflict", message, details=details)


def search_replace(ctx: CallContext, params: InteractCodeModifyParams, text: TextFile) -> Edited:
    if not isinstance(params.old_text, str) or not isinstance(params.new_content, str):
        missing = "old_text" if not isinstance(params.old_text, str) else "new_content"
        raise bad_argument(ctx.entry, missing, f"search_replace needs {missing}")
    whole = "\n".join(text.lines)
    count = whole.count(params.old_text)
    if count != 1:
        raise not_once(ctx, params.old_text, whole, count)
    at = whole.index(params.old_text)
    replaced = whole[:at] + params.new_content + whole[at + len(params.old_text) :]
    first = whole.count("\n", 0, at) + 1
    new_count = params.new_content.count("\n") + 1 if params.new_content else 0
    lines = replaced.split("\n") if replaced else []
    old_count = params.old_text.count("\n") + 1
    return Edited(lines, first, new_count, max(old_count, new_count))


def not_once(ctx: CallContext, old_text: str, whole: str, count: int) -> ToolFailure:
    if count > 1:
        message = f"{ctx.entry.label}: old_text is found {count} times; give enough of it to be found once"
        return ToolFailure.of(ctx.entry, "edit_conflict", message, details={"found_times": count})
    closest = closest_stretch(old_text.split("\n"), whole.split("\n"))
    message = f"{ctx.entry.label}: old_text is not in the file; nothing changed"
    details: dict[str, object] = {"found_times": 0}
    if closest is not None:
        start, lines = closest
        proposal = difflib.unified_diff(old_text.split("\n"), lines, "old_text", f"file lines {start}-", lineterm="")
        details |= {"closest_lines": [start, start + len(lines) - 1], "closest_diff": "\n".join(proposal)}
        message += f"; the closest text is at lines {start}-{start + len(lines) - 1} (details.closest_diff)"
    return ToolFailure.of(ctx.entry, "edit_conflict", message, details=details)


def closest_stretch(wanted: list[str], lines: list[str]) -> tuple[int, list[str]] | None:
    """The stretch of lines most like `wanted` (as many lines), if any is at least half alike."""
    size = len(wanted)
    best: tuple[float, int] = (0.5, -1)
    matcher = difflib.SequenceMatcher(None, autojunk=False)
    matcher.set_seq2("\n".join(wanted))
    for start in range(max(len(lines) - size + 1, 0)):
        matcher.set_seq1("\n".join(lines[start : start + size]))
        if matcher.real_quick_ratio() > best[0] and matcher.quick_ratio() > best[0]:
            ratio = matcher.ratio()
            if ratio > best[0]:
                best = (ratio, start)
    return (best[1] + 1, lines[best[1] : best[1] + size]) if best[1] >= 0 else None

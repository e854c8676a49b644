"""The code tools as a model reads them: matches as path:line:column and the line, a file as its
numbered lines under a one-line header and its outline."""

from __future__ import annotations

from .common import Structured, counted


def search(result: Structured, now: float) -> str:
    shown = result["matches"]
    more = f", {len(shown)} shown" if result["truncated"] else ""
    head = (
        f"{counted(result['total_matches'], 'match', 'matches')} in {counted(result['files_matched'], 'file')}"
        f"{more} ({result['search_time_ms']} ms)"
    )
    return "\n".join([head, *(f"{m['path']}:{m['line']}:{m['column']}  {m['context'].strip()}" for m in shown)])


def read(result: Structured, now: float) -> str:
    span = f"lines {result['start_line']}-{result['end_line']} of {result['total_lines']}"
    head = f"{result['path']} ({result['language']}, {result['git_status']}) {span}, hash {result['content_hash']}"
    lines = [head]
    if result["outline"]:
        lines.append(
            "outline: " + ", ".join(f"{s['name']} {s['start_line']}-{s['end_line']}" for s in result["outline"])
        )
    if result["content"] or result["end_line"]:
        width = len(str(result["end_line"]))
        numbered = enumerate(result["content"].split("\n"), start=result["start_line"])
        lines += [f"{number:>{width}}  {text}" for number, text in numbered]
    return "\n".join(lines)

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


def modify(result: Structured, now: float) -> str:
    first, last = result["lines_affected"]
    where = f"lines {first}-{last}" if last >= first else f"removed at line {first}"
    staged = "staged" if result["git_staged"] else "not staged"
    lines = [f"{result['operation']} {result['file_path']} {where}, {staged} ({result['modification_id']})"]
    tests = result.get("test_results")
    if tests:
        lines.append(f"tests: {tests['passed']} passed, {tests['failed']} failed ({tests['duration_ms']} ms)")
    lines += [f"warning: {warning}" for warning in result["warnings"]]
    lines.append(result["git_diff"].rstrip("\n"))
    return "\n".join(lines)


def rollback(result: Structured, now: float) -> str:
    index = "index restored" if result["git_staged"] else "index left as it is"
    undone = ", ".join(result["rolled_back"])
    restored = f"{result['lines_restored']} lines put back"
    return f"rolled back {undone} in {result['file']} ({restored}; {index}; logged as {result['rollback_id']})"


def tests(result: Structured, now: float) -> str:
    counts = f"{result['tests_passed']} passed, {result['tests_failed']} failed, {result['tests_skipped']} skipped"
    lines = [f"{result['status']}: {counts} ({result['framework']}, {result['duration_ms']} ms) $ {result['command']}"]
    for failure in result["failures"]:
        where = f" ({failure['file']}:{failure['line']})" if "file" in failure and "line" in failure else ""
        lines.append(
            f"FAILED {failure['name']}{where}: {failure['message'].splitlines()[0] if failure['message'] else ''}"
        )
    if result["status"] in ("error", "timeout") or (not result["failures"] and result["status"] != "passed"):
        lines.append(result["output"][-2000:].rstrip("\n"))
    return "\n".join(lines)


def log(result: Structured, now: float) -> str:
    lines = [
        f"{counted(result['total'], 'change')}"
        + (f", {result['count']} shown" if result["count"] < result["total"] else "")
    ]
    for entry in result["entries"]:
        first, last = entry["lines_affected"]
        state = " (rolled back)" if entry["rolled_back"] else ""
        undoes = f" of {entry['rolls_back']}" if entry.get("rolls_back") else ""
        why = f": {entry['reason']}" if entry.get("reason") else ""
        lines.append(
            f"{entry['modification_id']} {entry['operation']}{undoes} {entry['file']}:{first}-{last}{state}{why}"
        )
    return "\n".join(lines)

"""Carrying one edit over to another version of the same file.

An edit is what turned `base` into `edited`. Applied to `target` (the index's copy of the file,
or the file as it is now), each changed region of base is found in target where the two agree
line for line; if a region's lines are not there unchanged, the edit does not carry over. This is
how only an edit is staged while the developer's own unstaged changes stay unstaged, and how a
rollback keeps edits made since elsewhere in the file.
"""

from __future__ import annotations

from difflib import SequenceMatcher


def carry_over(base: list[str], edited: list[str], target: list[str]) -> list[str] | None:
    """target with the base -> edited change applied, or None where target differs around it."""
    if target == base:
        return list(edited)
    position = {}  # base line -> target line, where they are the same unchanged line
    for block in SequenceMatcher(None, base, target, autojunk=False).get_matching_blocks():
        for offset in range(block.size):
            position[block.a + offset] = block.b + offset
    result = list(target)
    changes = [op for op in SequenceMatcher(None, base, edited, autojunk=False).get_opcodes() if op[0] != "equal"]
    for _, i1, i2, j1, j2 in reversed(changes):
        start = where(position, base, target, i1, i2)
        if start is None:
            return None
        result[start : start + (i2 - i1)] = edited[j1:j2]
    return result


def where(position: dict[int, int], base: list[str], target: list[str], i1: int, i2: int) -> int | None:
    """Where base[i1:i2] sits in target, with its neighbouring lines (the insertion point of an
    empty region) matching too; None when it is not there as it was."""
    if i1 == i2:  # an insertion: between the same two lines in target
        before = position.get(i1 - 1, -1) if i1 > 0 else -1
        after = position.get(i1, len(target)) if i1 < len(base) else len(target)
        if (i1 > 0 and i1 - 1 not in position) or (i1 < len(base) and i1 not in position) or after != before + 1:
            return None
        return after
    first = position.get(i1)
    if first is None or any(position.get(i) != first + (i - i1) for i in range(i1, i2)):
        return None
    return first

"""Where the end of a text that is still arriving could yet become part of a secret.

A text that arrives in pieces (a model's answer, streamed) can be passed on only up to the first
position from which some rule could still match through its end: whatever comes next, no mask
reaches back before that position. RE2, on which the rules run, can only say whether a text holds
a match; the `regex` package can also say whether a text's end is the beginning of one (partial
matching). So each rule is read once more, into `regex`'s syntax, as the same set of texts (RE2's
ASCII classes written out, its flags scoped as RE2 scopes them), and the text is searched for the
leftmost position from which its end is the beginning of a match, or the end of one (a longer
match, or a trailing \\b, may still change it).

What is held back errs on the side of more: any way a rule's pattern could reach the end counts,
not only the one RE2 prefers; a rule's leading \\b (checked in code by the redactor), its
validator and its secret group are left out. Two things are read more closely:

- A block rule (`HEAD(?:[\\s\\S]*?END|REST)`, the private key block) matches up to the first END
  after its HEAD once there is one; it is open from its HEAD until then, as it is for RE2.
- Redaction also scans the text with an encoding undone (percent escapes, HTML entities;
  gasoline.safety.decoding): a view of it that runs to the text's end is searched the same way,
  and what it finds is mapped back. A base64 run is masked whole, and has no space in it: it is
  always within the last word, which a stream holds back anyway.

The search starts where the last one found an open match: a position that cannot begin a match
through the end of a text cannot through the end of a longer one either. So each piece costs the
length of what is still open, not of the whole text; and a rule that begins with a literal
(`ghp_`) is searched only from where that literal, or its beginning at the text's end, is. A
search that runs out of time (LONG_STRETCH below) holds back from where it started, and a project
pattern this module cannot read holds back everything: both hold back more, never less.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import regex
from pydantic import ValidationError

from gasoline.safety.decoding import decoded_views
from gasoline.safety.redaction import (
    LOWER_ASCII,
    CompiledRule,
    Redactor,
    has_top_level_alternative,
    policy_rules,
    user_rule,
)
from gasoline_generated import redaction_rules as policy

# `regex` backtracks: a search that must show a match is open across a long stretch can cost the
# square of its length. So a search across more than LONG_STRETCH characters, and every search of
# a project pattern, may take SEARCH_SECONDS; past that its rule holds back from where the search
# began, for the rest of the text. A shorter search of a policy rule runs untimed (a timed search
# costs several times as much, and a rule's worst short search is a millisecond or two).
LONG_STRETCH = 256
SEARCH_SECONDS = 0.02
SPACES = (" ", "\n", "\t")  # what ends a word


class Unreadable(ValueError):
    """A pattern that cannot be read into `regex`'s syntax as the same set of texts."""


# RE2's classes are ASCII (\s has no vertical tab, unlike Python's).
SHORTHAND = {"d": "0-9", "w": "0-9A-Za-z_", "s": "\\t\\n\\f\\r "}
POSIX = {
    "alnum": "0-9A-Za-z",
    "alpha": "A-Za-z",
    "ascii": "\\x00-\\x7f",
    "blank": "\\t ",
    "cntrl": "\\x00-\\x1f\\x7f",
    "digit": "0-9",
    "graph": "!-~",
    "lower": "a-z",
    "print": " -~",
    "punct": "!-/:-@\\[-`{-~",
    "space": "\\t\\n\\v\\f\\r ",
    "upper": "A-Z",
    "word": "0-9A-Za-z_",
    "xdigit": "0-9A-Fa-f",
}
W = "[0-9A-Za-z_]"
BOUNDARY = {
    "b": f"(?:(?<={W})(?!{W})|(?<!{W})(?={W}))",
    "B": f"(?:(?<={W})(?={W})|(?<!{W})(?!{W}))",
}
REPEAT = re.compile(r"\{[0-9]+(?:,[0-9]*)?\}")
FLAGS = re.compile(r"\(\?([imsU]*)(?:-([imsU]*))?([:)])")
NAMED = re.compile(r"\(\?P?<[A-Za-z_][A-Za-z0-9_]*>")
POSIX_CLASS = re.compile(r"\[:(\^?)([a-z]+):\]")
PROPERTY = re.compile(r"\\[pP](?:\{[^}]*\}|[A-Za-z])")
HEX = re.compile(r"\\x(?:\{([0-9A-Fa-f]+)\}|[0-9A-Fa-f]{2})")
PLAIN_ESCAPES = "afnrtv"


def translated(pattern: str) -> str:
    """An RE2 pattern in `regex`'s syntax, matching the same texts; Unreadable if it cannot be."""
    return _Translation(pattern).text()


def literal(character: str) -> str:
    """One character as a literal, inside a class or out."""
    return "\\" + character if character.isascii() and not character.isalnum() else character


class _Translation:
    """One pass over an RE2 pattern, writing out its `regex` form."""

    def __init__(self, pattern: str) -> None:
        self.pattern = pattern
        self.at = 0
        self.out: list[str] = []
        # For each open group, the flags set part-way through it: RE2 applies them to the rest
        # of the group, alternatives included, so each is a scoped group closed at | and at ).
        self.scopes: list[list[str]] = [[]]

    def text(self) -> str:
        while self.at < len(self.pattern):
            self.token()
        if len(self.scopes) != 1:
            raise Unreadable("a group is not closed")
        self.out.append(")" * len(self.scopes[-1]))
        return "".join(self.out)

    def token(self) -> None:
        character = self.pattern[self.at]
        if character == "\\":
            self.out.append(self.escape())
        elif character == "[":
            self.out.append(self.char_class())
        elif character == "(":
            self.group()
        elif character == ")":
            if len(self.scopes) == 1:
                raise Unreadable("a ) closes no group")
            self.out.append(")" * len(self.scopes.pop()) + ")")
            self.at += 1
        elif character == "|":
            scopes = self.scopes[-1]
            self.out.append(")" * len(scopes) + "|" + "".join(f"(?{flags}:" for flags in scopes))
            self.at += 1
        elif character == "{":
            repeat = REPEAT.match(self.pattern, self.at)
            self.out.append(repeat.group() if repeat else "\\{")  # RE2 reads a { that is no count as a literal
            self.at = repeat.end() if repeat else self.at + 1
        elif character == "}":
            self.out.append("\\}")
            self.at += 1
        else:
            self.out.append(character)
            self.at += 1

    def group(self) -> None:
        """A group's opening, or flags set part-way through a group."""
        named = NAMED.match(self.pattern, self.at)
        flags = FLAGS.match(self.pattern, self.at)
        if named:
            self.at = named.end()
            self.open_group("(?:")
        elif flags:
            self.at = flags.end()
            on, off = flags.group(1).replace("U", ""), (flags.group(2) or "").replace("U", "")  # ungreedy: same texts
            scoped = on + (f"-{off}" if off else "")
            if flags.group(3) == ":":
                self.open_group(f"(?{scoped}:" if scoped else "(?:")
            elif scoped:
                self.out.append(f"(?{scoped}:")
                self.scopes[-1].append(scoped)
        elif self.pattern.startswith("(?", self.at):
            raise Unreadable(f"a group RE2 does not have at {self.at}")
        else:
            self.at += 1
            self.open_group("(?:")  # captures are not needed, and names could clash

    def open_group(self, opening: str) -> None:
        self.out.append(opening)
        self.scopes.append([])

    def escape(self, in_class: bool = False) -> str:
        """The escape at self.at, moved past; inside a class, a class's items (a complement shorthand
        such as \\S is handled by char_class)."""
        if self.at + 1 >= len(self.pattern):
            raise Unreadable("the pattern ends in a backslash")
        letter = self.pattern[self.at + 1]
        if letter in "pP":
            found = PROPERTY.match(self.pattern, self.at)
            if not found:
                raise Unreadable(f"a property escape at {self.at}")
            self.at = found.end()
            return found.group()
        if letter == "x":
            found = HEX.match(self.pattern, self.at)
            if not found:
                raise Unreadable(f"a \\x escape at {self.at}")
            self.at = found.end()
            return literal(chr(int(found.group(1), 16))) if found.group(1) else found.group()
        if letter == "Q" and not in_class:
            end = self.pattern.find("\\E", self.at + 2)
            end = len(self.pattern) if end == -1 else end
            quoted = self.pattern[self.at + 2 : end]
            self.at = min(end + 2, len(self.pattern))
            return "".join(literal(c) for c in quoted)
        self.at += 2
        if letter in SHORTHAND:
            return SHORTHAND[letter] if in_class else f"[{SHORTHAND[letter]}]"
        if letter.lower() in SHORTHAND and not in_class:
            return f"[^{SHORTHAND[letter.lower()]}]"
        if letter in BOUNDARY and not in_class:
            return BOUNDARY[letter]
        if letter in "Az" and not in_class:
            return "\\A" if letter == "A" else "\\Z"
        if letter in PLAIN_ESCAPES:
            return "\\" + letter
        if not (letter.isascii() and letter.isalnum()):
            return literal(letter)
        raise Unreadable(f"an escape RE2 reads differently, or not at all: \\{letter}")

    def char_class(self) -> str:
        """The class at self.at, moved past. A positive class holding \\S, \\W or \\D becomes an
        alternation; a negated one cannot be written in `regex`'s first syntax, and is refused."""
        self.at += 1
        negated = self.pattern.startswith("^", self.at)
        self.at += negated
        items: list[str] = []
        complements: list[str] = []
        first = True
        while True:
            if self.at >= len(self.pattern):
                raise Unreadable("a class is not closed")
            if self.pattern[self.at] == "]" and not first:
                self.at += 1
                break
            first = False
            item = self.class_item(complements)
            if item and self.pattern.startswith("-", self.at) and not self.pattern.startswith("-]", self.at):
                self.at += 1
                high = self.class_item(complements)
                if not high:
                    raise Unreadable("a range ends in a class")
                item += "-" + high
            items.append(item)
        body = "".join(items)
        if negated:
            if complements:
                raise Unreadable("a negated class holds a complement")
            return f"[^{body}]"
        parts = ([f"[{body}]"] if body else []) + [f"[^{complement}]" for complement in complements]
        return parts[0] if len(parts) == 1 else "(?:" + "|".join(parts) + ")"

    def class_item(self, complements: list[str]) -> str:
        """One character, escape or POSIX class of a class, moved past ("" for a complement)."""
        character = self.pattern[self.at]
        if self.pattern.startswith("[:", self.at):
            found = POSIX_CLASS.match(self.pattern, self.at)
            if not found or found.group(1) or found.group(2) not in POSIX:
                raise Unreadable(f"a POSIX class at {self.at}")
            self.at = found.end()
            return POSIX[found.group(2)]
        if character != "\\":
            self.at += 1
            return literal(character)
        letter = self.pattern[self.at + 1 : self.at + 2]
        if letter in ("D", "W", "S"):
            self.at += 2
            complements.append(SHORTHAND[letter.lower()])
            return ""
        return self.escape(in_class=True)


LITERAL_ATOM = r"(?:\\[^0-9A-Za-z]|[^\\\[\](){}|.^$*+?])"
LITERAL = re.compile(f"{LITERAL_ATOM}+")
LITERALS_GROUP = re.compile(f"\\(\\?:({LITERAL_ATOM}+(?:\\|{LITERAL_ATOM}+)*)\\)")
QUANTIFIERS = ("?", "*", "+", "{")


def unescaped(literal: str) -> str:
    return "".join(atom[-1] for atom in re.findall(LITERAL_ATOM, literal))


def literal_starts(pattern: str) -> tuple[str, ...]:
    """Literal texts one of which every match of an RE2 pattern begins with (`ghp_`, or each of
    `(?:AKIA|ASIA)`); none when it has no such beginning."""
    if has_top_level_alternative(pattern):
        return ()
    group = LITERALS_GROUP.match(pattern)
    if group and not pattern.startswith(QUANTIFIERS, group.end()):
        return tuple(unescaped(literal) for literal in group.group(1).split("|"))
    run = LITERAL.match(pattern)
    if run is None:
        return ()
    literal = unescaped(run.group())
    if pattern.startswith(QUANTIFIERS, run.end()):  # its last character may be repeated, or left out
        literal = literal[:-1]
    return (literal,) if literal else ()


def unfinished(literal: str, text: str, start: int) -> int:
    """Where the text ends in the literal's beginning, from `start` (the text's length if it does not)."""
    last = text[-1:]
    cut = literal.rfind(last, 0, len(literal) - 1) if last else -1
    while cut != -1:
        if len(text) - cut - 1 >= start and text.endswith(literal[: cut + 1]):
            return len(text) - cut - 1
        cut = literal.rfind(last, 0, cut)
    return len(text)


def compiled(pattern: str) -> regex.Pattern[str]:
    try:
        return regex.compile(pattern, regex.V0)
    except regex.error as error:
        raise Unreadable(f"regex cannot read it ({error})") from error


def to_end(pattern: str) -> regex.Pattern[str]:
    """A pattern matched only through the text's end (searched with partial=True)."""
    return compiled(f"(?:{pattern})\\Z")


def ascii_lowered(text: str) -> str:
    """The text as case-insensitive rules read it (ASCII letters lowered, as the redactor does)."""
    return text.encode("utf-8", "surrogatepass").translate(LOWER_ASCII).decode("utf-8", "surrogatepass")


def mask_pattern() -> str:
    """Masks as the redactor writes them (spec/policy/redaction.yaml's `mask` and `unhashed_mask`)."""
    return "|".join(
        re.escape(mask).replace(r"\{class\}", "[a-z_]+").replace(r"\{hash\}", "[0-9a-f]{8}")
        for mask in (policy.MASK, policy.UNHASHED_MASK)
    )


BLOCK_FORM = re.compile(r"(?P<head>.+)\(\?:\[\\s\\S\]\*\?(?P<end>[^|]+)\|[^|]*\)", re.S)


@dataclass(frozen=True)
class Scanned:
    """A rule as searched: `source` in `regex`'s syntax, compiled when first searched (compiling
    every rule at once takes a tenth of a second, and most wait for their literal beginning)."""

    source: str
    lowered: bool  # searched in the text with its ASCII letters lowered
    starts: tuple[str, ...] = ()  # what every match begins with
    timed: bool = False  # every search is timed, however short

    @cached_property
    def pattern(self) -> regex.Pattern[str]:
        return to_end(self.source)

    def first(self, text: str, start: int) -> int:
        """The first position from `start` where a match could begin (the text's length if none
        can), by what every match begins with: a plain search, far quicker than a partial one."""
        if not self.starts:
            return start
        found = len(text)
        for literal in self.starts:
            at = text.find(literal, start, found + len(literal) - 1)
            found = at if at != -1 else min(found, unfinished(literal, text, start))
        return found


@dataclass(frozen=True)
class Block:
    """A rule that matches from its head to the first end after it, or, until one comes, to
    whatever follows that a body may hold."""

    head: regex.Pattern[str]
    end: regex.Pattern[str]
    head_to_end: regex.Pattern[str]
    end_to_end: regex.Pattern[str]
    lowered: bool

    @classmethod
    def of(cls, rule: CompiledRule) -> Block | None:
        form = BLOCK_FORM.fullmatch(rule.pattern)
        if form is None:
            return None
        try:
            head, end = translated(form.group("head")), translated(form.group("end"))
            return cls(compiled(head), compiled(end), to_end(head), to_end(end), rule.lowered)
        except Unreadable:
            return None


@dataclass
class BlockPlace:
    """Where a block search goes on from: no block opens before `head`, and no end of the open
    block starts before `end`."""

    head: int = 0
    end: int = 0


@dataclass
class Place:
    """Where each search of one text, growing as its pieces come, goes on from."""

    rules: list[int]
    blocks: list[BlockPlace]
    stuck: set[int] = field(default_factory=set)  # rules whose search ran past its time: held where they were
    views: dict[int, list[tuple[str, Place]]] = field(default_factory=dict)  # by where each view starts


def leftmost(pattern: regex.Pattern[str], text: str, start: int, timed: bool = False) -> int | None:
    """The leftmost position from `start` where the pattern matches, or could, through the text's
    end; None if the search ran past its time."""
    timeout = SEARCH_SECONDS if timed or len(text) - start > LONG_STRETCH else None
    try:
        found = pattern.search(text, start, partial=True, timeout=timeout)
    except TimeoutError:
        return None
    return len(text) if found is None else found.start()


def moved(pattern: regex.Pattern[str], text: str, start: int) -> int:
    """leftmost, staying at `start` if the search runs past its time."""
    found = leftmost(pattern, text, start)
    return start if found is None else found


class OpenMatches:
    """The rules of one redactor, read for partial matching."""

    def __init__(self, rules: Sequence[CompiledRule], projects: Sequence[str] | None) -> None:
        blocks = {rule.rule.name: block for rule in rules if (block := Block.of(rule)) is not None}
        self.blocks = list(blocks.values())
        self.scanned = [Scanned(mask_pattern(), False, ("[REDACTED:",))] + [
            Scanned(translated(rule.pattern), rule.lowered, literal_starts(rule.pattern))
            for rule in rules
            if rule.rule.name not in blocks
        ]
        self.unreadable = projects is None
        for pattern in projects or ():
            try:
                source = translated(pattern)
                to_end(source)  # one that regex cannot read is found now, not at its first search
            except Unreadable:
                self.unreadable = True
            else:
                self.scanned.append(Scanned(source, False, timed=True))

    def place(self) -> Place:
        return Place([0] * len(self.scanned), [BlockPlace() for _ in self.blocks])

    def earliest(self, text: str, place: Place) -> int:
        """The earliest position of the text from which more text could make a match reach back.
        `place` (from `place()`, kept for the same text as it grows) says where the last search
        found one, and is moved on."""
        if self.unreadable:
            return 0
        last_word = max(text.rfind(space) for space in SPACES) + 1  # it may go on
        return min(last_word, self._scan(text, place), self._views(text, place, last_word))

    def _views(self, text: str, place: Place, last_word: int) -> int:
        """The earliest such position in the views of the text with an encoding undone that run to
        its end. Only the part of a view before the text's last word is searched: an escape has
        no space in it, so that part only grows as the text does, and the last word is held back
        anyway."""
        found, views = len(text), dict[int, list[tuple[str, Place]]]()
        if "%" not in text and "&" not in text:
            return found  # the views that map character for character undo percent escapes or entities
        for view in decoded_views(text):
            if view.whole is not None or view.origin[-1] != len(text):
                continue
            settled = view.text[: bisect_left(view.origin, last_word, hi=len(view.text))]
            before = place.views.get(view.origin[0], [])
            kept = next((p for seen, p in before if settled.startswith(seen)), None)
            kept = self.place() if kept is None else kept
            views.setdefault(view.origin[0], []).append((settled, kept))
            found = min(found, view.origin[self._scan(settled, kept)])
        place.views = views
        return found

    def _scan(self, text: str, place: Place) -> int:
        lowered = ascii_lowered(text)
        for index, rule in enumerate(self.scanned):
            subject = lowered if rule.lowered else text
            if index not in place.stuck and (begin := rule.first(subject, place.rules[index])) < len(text):
                at = leftmost(rule.pattern, subject, begin, rule.timed)
                if at is None:
                    place.stuck.add(index)
                else:
                    place.rules[index] = at
            elif index not in place.stuck:
                place.rules[index] = len(text)
        found = min(place.rules)
        for block, block_place in zip(self.blocks, place.blocks, strict=True):
            found = min(found, open_block(block, lowered if block.lowered else text, block_place))
        return found


def open_block(block: Block, text: str, at: BlockPlace) -> int:
    """Where the first block that has no end yet starts (or where a head could), moving `at` on
    past the blocks that have ended."""
    while (head := block.head.search(text, at.head)) is not None and head.end() < len(text):
        at.end = max(at.end, head.end())
        end = block.end.search(text, at.end)
        if end is None or end.end() == len(text):
            at.head = head.start()
            at.end = moved(block.end_to_end, text, at.end)
            return at.head
        at.head = at.end = end.end()
    at.head = moved(block.head_to_end, text, at.head)
    return at.head


@lru_cache(maxsize=8)
def _open_matches(projects: tuple[str, ...] | None) -> OpenMatches:
    return OpenMatches(policy_rules(), projects)


def open_matches(redactor: Redactor) -> OpenMatches:
    """The partial-matching form of a redactor's rules (the policy's and its project's patterns),
    built once per set of patterns."""
    return _open_matches(project_patterns(redactor))


def project_patterns(redactor: Redactor) -> tuple[str, ...] | None:
    """A redactor's project patterns as its rules read them; None if they cannot be had (its
    handover refuses a key of another length than the daemon's)."""
    if redactor.rule_count == len(policy_rules()):
        return ()
    try:
        handover = redactor.handover()
    except ValidationError:
        return None
    return None if handover is None else tuple(user_rule(pattern).pattern for pattern in handover.patterns)

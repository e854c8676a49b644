"""The redaction gateway: secrets masked in free text and structured data, or the data withheld.

A secret becomes "[REDACTED:<class>:<hash>]", the hash keyed per installation, so the same
token always reads the same and two tokens read differently; a secret that could be guessed (a
password, a PIN, a card number, anything short) becomes "[REDACTED:<class>]", so no mask confirms
a guess that a client manages to get masked. Masks already in a text are
left alone, so redacting twice changes nothing. If the policy cannot be built or a rule fails
while running, nothing is passed on raw: RedactionUnavailable tells the caller to withhold it.

Time: every rule and every project pattern runs on RE2, whose time is linear in the text
whatever the pattern (Python's re backtracks: a near-miss JWT took seconds on 64 KB, and a
project pattern such as (a+)+$ never finished). Rules scan the text's UTF-8 bytes, encoded
once: RE2 reads bytes, and handing it a str re-encodes the whole text on every call.

Speed: each rule runs as its own pass, which lets RE2 jump to its literal prefix ("ghp_",
"AKIA", "bearer"); a leading \b would defeat that, so it is checked in code instead, and
case-insensitive rules run on an ASCII-lowercased copy of the text. A rule that cannot start
with a literal names anchors (in the text, or in its shape: "AA00" for an IBAN), and a text
with none of them is not scanned by it. Short strings already found clean are remembered.
"""

from __future__ import annotations

import hmac
import json
import math
import re
import string
import threading
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache, cached_property, lru_cache
from typing import Any, NamedTuple, NoReturn

import re2
from pydantic import ValidationError

from gasoline.core.errors import RedactionUnavailable
from gasoline.core.json_text import MAX_DEPTH, TooDeep, loads
from gasoline.safety.decoding import decoded_views, escaped_anywhere
from gasoline.safety.validators import VALIDATORS, not_path
from gasoline_generated import redaction_rules as policy
from gasoline_generated.models import HealthRedaction, ProjectRedactionPattern, RedactedCount, RedactionHandover
from gasoline_generated.redaction_rules import Rule

# Fields in free text (spec/policy/redaction.yaml's `fields`): group 1 the key, group 2 the value.
QUERY_PARAMETER = re.compile(policy.QUERY_PARAMETER)
HEADER_FIELD = re.compile(policy.HEADER_FIELD)
JSON_FIELD = re.compile(policy.JSON_FIELD)
KEY, VALUE = 1, 2


# A secret in a text: start, end, class, and the secret itself (decoded, if it was encoded).
Span = tuple[int, int, str, str]


def strength_bits(secret: str) -> float:
    """An upper estimate of how hard a secret is to guess: its length times log2 of its alphabet."""
    alphabet = sum(size for present, size in zip(character_kinds(secret), (10, 26, 26, 33), strict=True) if present)
    return len(secret) * math.log2(alphabet) if alphabet > 1 else 0.0


def character_kinds(secret: str) -> tuple[bool, bool, bool, bool]:
    """Whether the secret holds a digit, a small letter, a capital letter, and anything else."""
    if secret.isascii():  # most secrets: their set of characters against each kind's, in C
        present = set(secret)
        return (
            not present.isdisjoint(string.digits),
            not present.isdisjoint(string.ascii_lowercase),
            not present.isdisjoint(string.ascii_uppercase),
            not present.issubset(string.ascii_letters + string.digits),
        )
    return (
        any(c.isdigit() for c in secret),
        any(c.islower() for c in secret),
        any(c.isupper() for c in secret),
        any(not c.isalnum() for c in secret),
    )


CAMEL_HUMP = re.compile(r"([a-z0-9])([A-Z])")


def normalize_key(key: str) -> str:
    """accessToken, Access-Token and ACCESS_TOKEN all read access_token."""
    return CAMEL_HUMP.sub(r"\1_\2", key).lower().replace("-", "_")


LOWER_ASCII = bytes.maketrans(string.ascii_uppercase.encode(), string.ascii_lowercase.encode())


def shape_table() -> bytes:
    """For bytes.translate: digits to 0, capital letters to A, small letters and _ to a, the rest
    (every byte of a non-ASCII character too) to a space."""
    table = bytearray(b" " * 256)
    for characters, shape in ((string.digits, "0"), (string.ascii_uppercase, "A"), (string.ascii_lowercase + "_", "a")):
        for character in characters:
            table[ord(character)] = ord(shape)
    return bytes(table)


SHAPE = shape_table()
NOT_ASCII_WORD = re.compile(rb"[^0-9A-Za-z_]")
ESCAPE_BEFORE = re.compile(rb"(?<!\\)\\(?:[bfnrt]|u[0-9A-Fa-f]{4})$")  # ends right where a word would begin
JSON_OPENERS = ("{", "[")
# A line break for every byte that cannot be part of a JSON integer: each stands on a line of its own.
INTEGERS_ONLY = bytes(byte if chr(byte) in string.digits + "-" else ord("\n") for byte in range(256))
CLEAN_TEXTS_KEPT = 4096
CLEAN_TEXT_MAX_LENGTH = 512
FIELD_LINES_FROM = 100  # a field pass runs over a shorter text as fast as it tells the lines that matter
UTF8 = ("utf-8", "surrogatepass")  # a lone surrogate (from JSON's \ud800) is text too
RE2_OPTIONS = re2.Options()
RE2_OPTIONS.max_mem = 64 << 20  # room for the DFA of a long alternation, on a text of megabytes


class TextViews:
    """A text and the copies of it that rules scan, as UTF-8 bytes, each made once and only when a
    rule asks. Rules find byte offsets; `chars` turns them back into the text's."""

    def __init__(self, text: str) -> None:
        self.text = text

    @cached_property
    def encoded(self) -> bytes:
        return self.text.encode(*UTF8)

    @cached_property
    def lowered(self) -> bytes:
        return self.encoded.translate(LOWER_ASCII)

    @cached_property
    def shape(self) -> bytes:
        """One byte per byte (digit 0, capital A, small letter or _ a, anything else a space),
        after one space that stands for the start of the text."""
        return b" " + self.encoded.translate(SHAPE)

    def chars(self, offsets: Iterable[int]) -> dict[int, int]:
        """Byte offsets of the encoded text as offsets in the text, in one pass over it."""
        if len(self.encoded) == len(self.text):  # all ASCII
            return {offset: offset for offset in offsets}
        found, last, at = {}, 0, 0
        for offset in sorted(set(offsets)):
            at += len(self.encoded[last:offset].decode(*UTF8))
            found[offset], last = at, offset
        return found

    def char_start(self, offset: int) -> int:
        """The byte offset where the character holding this byte begins (a match never starts
        inside one)."""
        while offset > 0 and 0x80 <= self.encoded[offset] < 0xC0:  # a UTF-8 continuation byte
            offset -= 1
        return offset

    def next_char(self, offset: int) -> int:
        """The byte offset of the character after the one that begins at this offset."""
        offset += 1
        while offset < len(self.encoded) and 0x80 <= self.encoded[offset] < 0xC0:
            offset += 1
        return offset

    def word_before(self, offset: int) -> bool:
        """Whether a word goes on before this byte offset, so a rule's leading \b fails there:
        a letter, digit or non-ASCII letter does, but _ does not (creds_ghp_...), nor the letter
        of an escape inside a JSON or JavaScript string (\n, \t, \u0022)."""
        if offset == 0:
            return False
        start = self.char_start(offset - 1)
        before = self.encoded[start:offset].decode("utf-8", "replace")[:1] or " "
        if before == "_" or not _word(before):
            return False
        return not ESCAPE_BEFORE.search(self.encoded, max(offset - 6, 0), offset)


def has_top_level_alternative(pattern: str) -> bool:
    """A | outside every group and character class: what a leading \b would bind to the first branch only."""
    depth, in_class, escaped = 0, False, False
    for character in pattern:
        if escaped:
            escaped = False
        elif character == "\\":
            escaped = True
        elif in_class:
            in_class = character != "]"
        elif character == "[":
            in_class = True
        elif character in "()":
            depth += 1 if character == "(" else -1
        elif character == "|" and depth == 0:
            return True
    return False


class CompiledRule:
    """One rule, ready to scan: its pattern without a leading \b (checked by hand) and its groups."""

    def __init__(self, rule: Rule) -> None:
        pattern = rule.pattern
        self.word_start = pattern.startswith(r"\b")
        if self.word_start:
            pattern = pattern[2:]
        self.lowered = rule.ignore_case
        literals = re.sub(r"\\.|\[[^\]]*\]", "", pattern) + "".join(rule.anchors)
        if self.lowered and re.search(r"[A-Z]", literals):
            raise ValueError(f"rule {rule.name!r} ignores case, so its literal letters must be lower case")
        if rule.shape and (self.lowered or not rule.anchors or any(set(a) - set(" 0Aa") for a in rule.anchors)):
            raise ValueError(f"rule {rule.name!r}: shape anchors are made of ' ', 0, A and a, in a case-sensitive rule")
        self.pattern = pattern
        try:
            self.regex = re2.compile(pattern.encode(), RE2_OPTIONS)
        except re2.error as error:
            raise ValueError(f"rule {rule.name!r}: RE2 cannot read it ({error})") from error
        if self.word_start and has_top_level_alternative(pattern):
            raise ValueError(rf"rule {rule.name!r}: a leading \b stands before a top-level |; group the alternatives")
        self.shortest = shortest_match(pattern)
        if self.shortest == 0 or self.regex.search(b"") is not None:
            raise ValueError(f"rule {rule.name!r} can match empty text, so it would match everywhere")
        if max(rule.secret_groups) > self.regex.groups:
            raise ValueError(f"rule {rule.name!r} has no group {max(rule.secret_groups)}")
        self.rule = rule
        if rule.validator and rule.validator not in VALIDATORS:
            raise ValueError(f"rule {rule.name!r} names a validator there is none of: {rule.validator!r}")

    @property
    def reads_lines(self) -> bool:
        """Whether the rule can read a text's lines as texts of their own: not if it anchors to the
        start or end of the whole text (\\A, \\z)."""
        return "\\A" not in self.pattern and "\\z" not in self.pattern

    @cached_property
    def in_lines(self) -> re2._Regexp:
        """The pattern with ^ and $ matching at line breaks too (for a rule that reads_lines)."""
        return re2.compile(f"(?m:{self.pattern})".encode(), RE2_OPTIONS)

    def may_match(self, views: TextViews) -> bool:
        """A quick test that rules out texts without the rule's anchors (a rule without anchors
        starts with a literal, which RE2 looks for as fast as this could)."""
        if self.rule.shape:
            return any(anchor.encode() in views.shape for anchor in self.rule.anchors)
        subject = views.lowered if self.lowered else views.encoded
        return any(anchor.encode() in subject for anchor in self.rule.anchors) if self.rule.anchors else True

    def secrets(self, views: TextViews) -> Iterator[tuple[int, int]]:
        """The (start, end) byte offsets of each secret this rule finds, leftmost first.

        A validator runs in Python, once per candidate: a text built to hold a candidate every
        few bytes would cost seconds per megabyte. Past a budget of checks that grows with the
        text, candidates are masked unchecked (and the scan moves past each): such a text fails
        closed, with masks it did not need, rather than slowly."""
        subject = views.lowered if self.lowered else views.encoded
        validator = VALIDATORS[self.rule.validator] if self.rule.validator else None
        checks = policy.CHECKS_PER_TEXT + len(subject) // policy.BYTES_PER_CHECK
        rejected: set[bytes] = set()  # candidates the validator turned down: texts repeat ids and dates
        position = 0
        while (match := self.regex.search(subject, position)) is not None:
            start = match.start()
            if self.word_start and views.word_before(start):  # the leading \b fails
                # No match can start before the word ends.
                boundary = NOT_ASCII_WORD.search(subject, start)
                position = boundary.end() if boundary else len(subject)
                continue
            span = self._span(match)
            if span is not None and validator is not None and checks > 0:
                checks -= 1
                if not valid(validator, views.encoded[span[0] : span[1]], rejected):
                    span = None
            if span is None:
                position = views.next_char(start)
            else:
                position = match.end()
                yield span

    def finds_in_lines(self, views: TextViews) -> bool:
        """Whether the rule finds a secret in a line of the text, each line read as a text of its own:
        its pattern with ^ and $ at line breaks (in_lines) finds, in one pass, where it may match, and
        the rule reads the lines each of those touches alone. A match it finds may begin with the line
        break before its line (a pattern such as (?:^|[^a-z])token); that break is no line's."""
        assert self.reads_lines, "a rule anchored to the whole text does not read lines"
        subject = views.lowered if self.lowered else views.encoded
        position = 0
        while (match := self.in_lines.search(subject, position)) is not None:
            first = match.start() + (subject[match.start()] == ord("\n"))
            start = subject.rfind(b"\n", 0, first) + 1
            end = subject.find(b"\n", max(first, match.end() - 1))
            end = len(subject) if end < 0 else end
            for line in views.encoded[start:end].decode(*UTF8).split("\n"):
                alone = TextViews(line)
                if self.may_match(alone) and next(self.secrets(alone), None) is not None:
                    return True
            position = end + 1
        return False

    def _span(self, match: re2._Match) -> tuple[int, int] | None:
        """The secret's span: in the first of the rule's groups that took part, if not empty."""
        for group in self.rule.secret_groups:
            span = match.span(group)
            if span[0] >= 0:
                return None if span[0] == span[1] else span
        return None


def valid(validator: Callable[[str], bool], candidate: bytes, rejected: set[bytes]) -> bool:
    """Whether the validator takes the candidate; one it turned down in this text is not asked about again."""
    if candidate in rejected:
        return False
    if validator(candidate.decode(*UTF8)):
        return True
    rejected.add(candidate)
    return False


COUNTED = re.compile(r"\{([0-9]+)(?:,[0-9]*)?\}")


def at_least_eight(count: re.Match[str]) -> str:
    """X{60} or X{20,99} as X{8,}: it matches wherever they do, and RE2 holds it in far fewer states."""
    return f"{{{min(int(count.group(1)), 8)},}}"


def loose_patterns(rules: list[CompiledRule]) -> list[bytes]:
    """Each rule's pattern made looser (without its leading \b, case folded where the rule ignores
    case, validators aside, counted repeats at least eight): it matches wherever its rule might."""
    loose = [COUNTED.sub(at_least_eight, c.pattern) for c in rules]  # a looser pattern, far smaller for RE2
    return [(f"(?i:{p})" if c.lowered else f"(?:{p})").encode() for c, p in zip(rules, loose, strict=True)]


def _whether_options() -> re2.Options:
    options = re2.Options()
    options.max_mem, options.never_capture = RE2_OPTIONS.max_mem, True  # whether, not where: RE2's DFA alone
    return options


def any_rule(rules: list[CompiledRule]) -> re2._Regexp | None:
    """One pattern that matches wherever any rule might: texts it finds nothing in are clean. None
    when RE2 cannot hold them all at once (many large project patterns): each rule then runs on
    its own, as it does anyway on a text this one matches."""
    return _union_of(tuple(loose_patterns(rules))) if rules else None


def multi_line(patterns: list[bytes]) -> list[bytes]:
    """Patterns with ^ and $ matching at line breaks too."""
    return [b"(?m:" + pattern + b")" for pattern in patterns]


def any_rule_in_lines(rules: list[CompiledRule]) -> re2._Regexp | None:
    """any_rule for a text whose lines stand for texts of their own (see CompiledRule.in_lines); None
    when a rule anchors to the whole text, or RE2 cannot hold them all."""
    if not rules or not all(rule.reads_lines for rule in rules):
        return None
    return _union_of(tuple(multi_line(loose_patterns(rules))))


@lru_cache(maxsize=8)
def _union_of(patterns: tuple[bytes, ...]) -> re2._Regexp | None:
    """One compiled union per list of patterns, as _set_of; None when RE2 cannot hold them all."""
    try:
        return re2.compile(b"|".join(patterns), _whether_options())
    except re2.error:
        return None


def rules_that_may_match(rules: list[CompiledRule], lines: bool = False) -> re2.Set | None:
    """The rules' loose patterns as one RE2 set: one pass over a text that any_rule matched names the
    few rules that may match it, instead of each rule searching it. A set runs on RE2's DFA alone,
    and answers no rule when the DFA runs out of memory: Redactor then runs every rule. None when
    RE2 cannot hold them all at once. For a text whose lines stand for texts of their own, in_lines."""
    return _set_of(tuple(multi_line(loose_patterns(rules)) if lines else loose_patterns(rules)))


@lru_cache(maxsize=8)
def _set_of(patterns: tuple[bytes, ...]) -> re2.Set | None:
    """One compiled set per list of patterns (compiling the policy's takes milliseconds, and every
    redactor of a process without project patterns has the same); matching one is thread-safe."""
    whether = re2.Set.SearchSet(_whether_options())
    try:
        for pattern in patterns:
            whether.Add(pattern)
        whether.Compile()
    except re2.error:
        return None
    return whether


@cache
def policy_rules() -> tuple[CompiledRule, ...]:
    """The policy's rules, compiled once per process: a compiled rule is never changed, and every
    redactor (one per daemon, one per test that builds one) starts from the same."""
    return tuple(CompiledRule(rule) for rule in policy.RULES)


def shortest_match(pattern: str) -> int:
    """The fewest characters a match can span, read with Python's parser (re has no public way to
    ask; parsing never backtracks). A pattern in syntax only RE2 reads counts as one character:
    the empty-text test at compile time still refuses one that matches nothing."""
    try:
        return int(re._parser.parse(pattern).getwidth()[0])  # type: ignore[attr-defined]
    except (re.error, OverflowError, RecursionError):
        return 1


def _word(character: str) -> bool:
    return character.isalnum() or character == "_"


# What Python's parser reads a pattern as (re has no public way to ask).
LITERAL, SUBPATTERN, BRANCH, MAX_REPEAT, MIN_REPEAT = (
    re._constants.LITERAL,  # type: ignore[attr-defined]
    re._constants.SUBPATTERN,  # type: ignore[attr-defined]
    re._constants.BRANCH,  # type: ignore[attr-defined]
    re._constants.MAX_REPEAT,  # type: ignore[attr-defined]
    re._constants.MIN_REPEAT,  # type: ignore[attr-defined]
)


def required_literals(pattern: str) -> frozenset[str] | None:
    """Strings one of which every match of the pattern holds, as Python's parser reads it
    (literals, groups, alternatives, repeats of at least one); None when it finds none."""
    try:
        parsed = re._parser.parse(pattern)  # type: ignore[attr-defined]
    except re.error:
        return None
    return None if parsed.state.flags & re.IGNORECASE else _required(parsed)


def _required(items: Any) -> frozenset[str] | None:
    """The best of the literals a sequence of parsed items requires: the set whose shortest is longest."""
    found: list[frozenset[str]] = []
    run = ""
    for op, argument in items:
        if op is LITERAL:
            run += chr(argument)
            continue
        if run:
            found.append(frozenset([run]))
            run = ""
        if (inner := _required_in(op, argument)) is not None:
            found.append(inner)
    if run:
        found.append(frozenset([run]))
    return max(found, key=lambda literals: min(map(len, literals)), default=None)


def _required_in(op: Any, argument: Any) -> frozenset[str] | None:
    if op is SUBPATTERN:
        _, added, removed, items = argument
        return None if added or removed else _required(items)
    if op is BRANCH:
        alternatives = [_required(items) for items in argument[1]]
        return None if None in alternatives else frozenset().union(*alternatives)  # type: ignore[arg-type]
    if op in (MAX_REPEAT, MIN_REPEAT) and argument[0] >= 1:
        return _required(argument[2])
    return None


KEY_CHARACTERS = (string.ascii_lowercase + string.digits + "-_").encode()  # in a text lowered


def squashed(word: str) -> str:
    return word.replace("_", "").replace("-", "")


def spelled(word: str) -> str:
    """A pattern for a key word as a page may spell it, in a text lowered: normalize_key reads a -, an _
    and a camel hump as _, so its letters may stand apart by - and _ (one of them for each _ it
    starts or ends with)."""
    core = word.strip("_")
    ends = ["[-_]" * (len(part) - len(part.lstrip("_"))) for part in (word, word[::-1])]
    return ends[0] + "[-_]*".join(map(re.escape, squashed(core))) + ends[1]


class KeyWords(NamedTuple):
    """Where a sensitive key may be, in a text lowered. A key whose normalized name is one of the
    policy's keys spells that word (see spelled), as a whole; one that matches its key pattern holds
    one of the literals the pattern requires, anywhere. Longest words first, so that where several
    start, the whole key's is the one found."""

    regex: re2._Regexp
    anywhere: frozenset[str]  # the key pattern's literals, squashed

    @classmethod
    def of_policy(cls) -> KeyWords | None:
        """None when the key pattern requires no literal."""
        literals = required_literals(policy.KEY_PATTERN)
        if literals is None:
            return None
        words = {squashed(word) for word in literals}
        anywhere = {word for word in words if not any(other != word and other in word for other in words)}
        whole = {key for key in policy.KEYS if not any(word in squashed(key) for word in anywhere)}
        ordered = sorted(anywhere | whole, key=len, reverse=True)
        return cls(re2.compile("|".join(map(spelled, ordered))), frozenset(anywhere))

    def may_be_key(self, lowered: bytes, start: int, end: int) -> bool:
        """A literal of the key pattern may be part of a key; one of the policy's keys, only a whole
        one: no letter, digit, - or _ right before or after it."""
        word = squashed(lowered[start:end].decode("ascii"))
        if any(literal in word for literal in self.anywhere):
            return True
        neighbours = lowered[start - 1 : start] + lowered[end : end + 1]
        return neighbours.translate(None, KEY_CHARACTERS) == neighbours


KEY_WORDS = KeyWords.of_policy()


def lowered_ascii(text: str) -> bytes | None:
    """The text lowered, one byte per character (? for any other than ASCII), for KEY_WORDS: offsets
    are the text's; None when lowering changes the text's length."""
    if text.isascii():
        return text.encode("ascii").translate(LOWER_ASCII)
    lowered = text.lower()
    return lowered.encode("ascii", "replace") if len(lowered) == len(text) else None


WHITE_SPACE = " \t\n\r\f\v"  # as the field patterns write it


def outside_json_fields(text: str) -> Callable[[int], bool]:
    """Whether no JSON field runs across the line break at an offset: one holds a line break only
    in the white space between its key's closing quote and its colon, or after that colon."""

    def space_before(at: int) -> int:
        while at and text[at - 1] in WHITE_SPACE:
            at -= 1
        return at

    def clear(at: int) -> bool:
        start, end = space_before(at), at
        while end < len(text) and text[end] in WHITE_SPACE:
            end += 1
        before, after = text[start - 1 : start], text[end : end + 1]
        if before == ":":
            colon = space_before(start - 1)
            return text[colon - 1 : colon] != '"'
        return not (before == '"' and after == ":")

    return clear


def outside_quoted_values(text: str) -> Callable[[int], bool]:
    """Whether no query parameter runs across the line break at an offset: one holds a line break
    only in a quoted value (k="...), when the last quote opened after an = before it is still open."""
    opened = {quote: [found.end() for found in re.finditer("=" + quote, text)] for quote in "\"'"}

    def clear(at: int) -> bool:
        for quote, ends in opened.items():
            last = bisect_left(ends, at)
            if last and text.find(quote, ends[last - 1], at) < 0:
                return False
        return True

    return clear


def never_across(text: str) -> Callable[[int], bool]:
    """For a pass whose matches never hold a line break."""
    return lambda at: True


# For each field pattern, what tells the line breaks none of its matches runs across. Read off the
# patterns as spec/policy/redaction.yaml writes them, so keyed by the pattern: one that reads
# differently gets none, and its pass runs over the whole text.
LINE_BREAKS: dict[str, Callable[[str], Callable[[int], bool]]] = {
    r"""(?:^|(?<=[?&; \t\n\r\f\v]))([^=&#; \t\n\r\f\v"'?/]+)="""
    r"""("[^"]*"?|'[^']*'?|[^&#;, \t\n\r\f\v"']*)""": outside_quoted_values,
    r""""((?:[^"\\\r\n]|\\[^\n]){1,64})"[ \t\n\r\f\v]*:[ \t\n\r\f\v]*"""
    r"""("(?:[^"\\\r\n]|\\[^\n])*"?|[^ \t\n\r\f\v,{}\[\]"]+)""": outside_json_fields,
    r"""(?:^|(?<=[ \t\n\r\f\v,;{(]))([A-Za-z][A-Za-z0-9_-]{0,63})[ \t]*:[ \t]*"""
    r"""([^ \t\n\r\f\v,;"'<>]*[^ \t\n\r\f\v,;"'<>:])(?=[ \t\n\r\f\v,;"'<>]|$)""": never_across,
}


class FieldPass(NamedTuple):
    """A sensitive-field pass: its pattern, a quick test for texts it cannot match, whether it masks
    a header's value (see Redactor._masked_header), and its LINE_BREAKS."""

    pattern: re.Pattern[str]
    may_match: Callable[[str], bool]
    header: bool
    line_breaks: Callable[[str], Callable[[int], bool]] | None


FIELD_PASSES = tuple(
    FieldPass(pattern, may_match, header, LINE_BREAKS.get(pattern.pattern))
    for pattern, may_match, header in (
        (QUERY_PARAMETER, lambda text: "=" in text, False),
        (JSON_FIELD, lambda text: '"' in text and ":" in text, False),
        (HEADER_FIELD, lambda text: ":" in text, True),
    )
)


def key_words_at(lowered: bytes, words: KeyWords) -> Iterator[tuple[int, int]]:
    """Where a sensitive key may be in a text lowered by lowered_ascii, in order."""
    position = 0
    while (word := words.regex.search(lowered, position)) is not None:
        start, end = word.span()
        if words.may_be_key(lowered, start, end):
            yield start, end
            position = end
        else:
            position = start + 1


Lines = list[tuple[int, int]]  # lines of a text, where each starts and ends, in order


def key_lines(text: str) -> Lines | None:
    """The lines of the text that may hold a sensitive key; None when that cannot be told."""
    lowered = lowered_ascii(text)
    if lowered is None or KEY_WORDS is None:
        return None
    lines: Lines = []
    for start, end in key_words_at(lowered, KEY_WORDS):
        if lines and start < lines[-1][1]:
            continue
        last = lowered.find(b"\n", end)
        lines.append((lowered.rfind(b"\n", 0, start) + 1, len(text) if last < 0 else last))
    return lines


def apart(text: str, lines: Lines, field: FieldPass) -> bool:
    """Whether no field of the pass runs across a line break next to one of these lines."""
    if field.line_breaks is None:
        return False
    clear = field.line_breaks(text)
    return all((not first or clear(first - 1)) and (last == len(text) or clear(last)) for first, last in lines)


class Redactor:
    """Masks secrets with one policy; thread-safe; counts what it masks per class."""

    def __init__(self, key: bytes, version: str, project_patterns: Iterable[ProjectRedactionPattern] = ()) -> None:
        self.version = version
        self._key = key
        self._project_patterns = list(project_patterns)
        self._rules = [*policy_rules(), *(CompiledRule(user_rule(pattern)) for pattern in self._project_patterns)]
        self._any_rule = any_rule(self._rules)
        self._may_match = rules_that_may_match(self._rules)
        self._key_pattern = re.compile(policy.KEY_PATTERN)
        self._mask_template = policy.MASK
        self._masks = re.compile(
            "|".join(
                re.escape(mask).replace(r"\{class\}", "([a-z_]+)").replace(r"\{hash\}", "[0-9a-f]{8}")
                for mask in (policy.MASK, policy.UNHASHED_MASK)
            )
        )
        self._counts: Counter[str] = Counter()
        self._blocked = 0
        self._lock = threading.Lock()
        # Texts too short for any rule pass untouched, and so do short texts already found clean:
        # results re-redact what was redacted when stored, and repeat the same strings often.
        self._shortest = min((rule.shortest for rule in self._rules), default=0)
        self._smallest_scanned = 10 ** max(self._shortest - 1, 0)  # integers with fewer digits pass untouched
        self._clean: dict[str, None] = {}
        self._key_classes: dict[str, str | None] = {}

    @cached_property
    def _in_lines(self) -> tuple[re2._Regexp, re2.Set | None] | None:
        """any_rule and the rules' set for a text whose lines stand for texts of their own, made when
        first asked for; None when a rule anchors to the whole text, or RE2 cannot hold them all."""
        union = any_rule_in_lines(self._rules)
        return None if union is None else (union, rules_that_may_match(self._rules, lines=True))

    @property
    def rule_count(self) -> int:
        return len(self._rules)

    def handover(self) -> RedactionHandover | None:
        """What the extension needs to mask exactly as this redactor does, before anything leaves
        the browser (None when this redactor withholds everything)."""
        return RedactionHandover(key=self._key.hex(), patterns=self._project_patterns)

    def mask(self, secret: str, secret_class: str) -> str:
        """The mask of a secret. A hash, where it has one, depends on the secret alone, so a token
        masked as a header and again as a query parameter reads the same. A secret that could be
        guessed gets none: a client that gets its guesses masked (echoed in an error, logged by the
        page) must not be able to compare them with the secret's mask, online or offline."""
        with self._lock:
            self._counts[secret_class] += 1
        if secret_class in policy.UNHASHED_CLASSES or strength_bits(secret) < policy.HASH_MIN_BITS:
            return policy.UNHASHED_MASK.replace("{class}", secret_class)
        digest = hmac.digest(self._key, secret.encode(), "sha256").hex()[:8]
        return self._mask_template.replace("{class}", secret_class).replace("{hash}", digest)

    def text(self, text: str) -> str:
        """Free text with every secret the rules find masked (masks already there are kept)."""
        if len(text) < self._shortest or text in self._clean:
            return text
        try:
            spans = self._spans(text)
        except Exception as error:
            raise self.withheld(error) from error
        if not spans:
            self._remember_clean(text)
            return text
        out, copied = [], 0
        for start, end, secret_class, secret in spans:
            out.append(text[copied:start])
            out.append(self.mask(secret, secret_class))
            copied = end
        out.append(text[copied:])
        return "".join(out)

    def _remember_clean(self, text: str) -> None:
        if len(text) <= CLEAN_TEXT_MAX_LENGTH:
            self._remember(self._clean, text, None)

    def _remember(self, memory: dict[str, Any], key: str, value: Any) -> None:
        """Keep a fact about a text that holds no secret, in a memory that forgets its oldest first."""
        with self._lock:
            if len(memory) >= CLEAN_TEXTS_KEPT:
                del memory[next(iter(memory))]
            memory[key] = value

    def _spans(self, text: str) -> list[Span]:
        """The secrets in a text as non-overlapping spans, in order; existing masks excluded. A
        secret found only once an encoding is undone (percent, HTML entities, base64) masks its
        encoded span, and its mask is the decoded secret's (a token reads the same, encoded or not)."""
        found = [(start, end, secret_class, text[start:end]) for start, end, secret_class in self._found(text)]
        for decoded in decoded_views(text):
            for start, end, secret_class in self._found(decoded.text):
                found.append((*decoded.span(start, end), secret_class, decoded.text[start:end]))
        taken: list[Span] = [(m.start(), m.end(), "", "") for m in self._masks.finditer(text)]
        spans: list[Span] = []
        for span in sorted(taken + found, key=lambda span: (span[0], -span[1], span[2] != "")):
            if spans and span[0] < spans[-1][1]:
                continue
            spans.append(span)
        return [span for span in spans if span[2]]

    def _found(self, text: str) -> list[tuple[int, int, str]]:
        """What every rule finds in a text: (start, end, class), in no particular order."""
        in_bytes: list[tuple[int, int, str]] = []
        views = TextViews(text)
        if self._any_rule is not None and self._any_rule.search(views.encoded) is None:
            return []  # most texts: one pass in C rules out every rule at once
        named = self._may_match.Match(views.encoded) if self._may_match is not None else None
        for compiled in self._rules if named is None else [self._rules[index] for index in sorted(named)]:
            if compiled.may_match(views):
                in_bytes.extend((start, end, compiled.rule.secret_class) for start, end in compiled.secrets(views))
        chars = views.chars(offset for start, end, _ in in_bytes for offset in (start, end))
        return [(chars[start], chars[end], secret_class) for start, end, secret_class in in_bytes]

    def masks_in(self, text: str) -> list[dict[str, Any]]:
        """How many masks a text carries, by class (a result reports them; the values never)."""
        return by_class(Counter(match.group(1) or match.group(2) for match in self._masks.finditer(text)))

    def for_model(self, payload: Any) -> Any:
        """The egress stage: what may go to a model provider. Raises RedactionUnavailable: send nothing then."""
        return self.value(payload)

    def key_class(self, key: str) -> str | None:
        """The class of a value by its key in structured data (JSON keys, query parameters, form fields)."""
        if key in self._key_classes:
            return self._key_classes[key]
        name = normalize_key(key)
        found = policy.KEYS.get(name) or (policy.KEY_PATTERN_CLASS if self._key_pattern.search(name) else None)
        if len(key) < self._shortest or key in self._clean:  # never keep a secret in memory
            self._remember(self._key_classes, key, found)
        return found

    def value(self, data: Any) -> Any:
        """JSON-like data with secrets masked: values under sensitive keys whole, strings by the rules.

        Data nested deeper than the JSON depth limit is withheld (RedactionUnavailable says why), so
        the walk never runs out of stack; a JSON document inside a string counts from where it sits.
        """
        try:
            return self._value(data, 0)
        except RedactionUnavailable:
            raise
        except Exception as error:
            raise self.withheld(error) from error

    def _value(self, data: Any, depth: int) -> Any:
        """`data`, found inside `depth` arrays and objects, redacted."""
        if isinstance(data, str):
            return self._string(data, depth)
        if isinstance(data, dict | list) and depth >= MAX_DEPTH:
            raise TooDeep(MAX_DEPTH)
        if isinstance(data, dict):
            return self._object(data, depth + 1)
        if isinstance(data, list):
            return [self._value(item, depth + 1) for item in data]
        if isinstance(data, int) and not isinstance(data, bool) and abs(data) >= self._smallest_scanned:
            return self._number(data)
        return data

    def _map_key(self, key: Any) -> Any:
        """A key is data too: a map keyed by tokens must not carry them out."""
        return self.text(key) if isinstance(key, str) else key

    def _number(self, number: int) -> Any:
        """An integer stays one unless the rules see a secret in its digits (a card number)."""
        digits = str(number)
        masked = self.text(digits)
        return number if masked == digits else masked

    def _string(self, text: str, depth: int) -> str:
        """A string in structured data: a JSON document inside it (a body, a frame) is redacted as
        structured data, and written back only if that changed it; anything else (a URL, a form
        body, a log line, JSON cut short or nested past the depth limit, or a document with a
        key twice, which parsing would keep only once) gets the free-text rules and the
        sensitive-field pass. A long document seen to come out unchanged is passed as it is."""
        if text[:1] in JSON_OPENERS or (text[:1].isspace() and text.lstrip()[:1] in JSON_OPENERS):
            try:
                document = loads(text, max_depth=MAX_DEPTH - depth, object_pairs_hook=unique_keys)
            except ValueError:
                pass
            else:
                if len(text) > CLEAN_TEXT_MAX_LENGTH and self._unchanged(text):
                    return text
                redacted = self._value(document, depth)
                return text if redacted == document else json.dumps(redacted, ensure_ascii=False)
        return self.fields(text)

    def _unchanged(self, text: str) -> bool:
        """Whether redacting this JSON document changes nothing, told from its text (walking a 10 KB
        body takes milliseconds in Python): no backslash, so each of its strings is a stretch of the
        text between quotes; no word of a sensitive key where a key could be, so no key, pair or
        field is sensitive; no escape (a string's view of one would read only the string); and the
        rules find nothing in any of its strings or integers, each read as a text of its own."""
        if "\\" in text or KEY_WORDS is None or self._in_lines is None:
            return False
        lowered = lowered_ascii(text)
        if lowered is None or next(key_words_at(lowered, KEY_WORDS), None) is not None or escaped_anywhere(text):
            return False
        any_rule, may_match = self._in_lines
        strings = text.replace('"', "\n")
        integers = lowered.translate(INTEGERS_ONLY).decode("ascii")
        lines = strings + "\n" + integers
        return self._nothing_in_lines(lines, any_rule, may_match) and self._nothing_decoded(strings, any_rule)

    def _nothing_in_lines(self, text: str, any_rule: re2._Regexp, may_match: re2.Set | None) -> bool:
        """Whether the rules find nothing in any line of the text read as a text of its own (any_rule
        and may_match: the ones for lines)."""
        views = TextViews(text)
        if any_rule.search(views.encoded) is None:
            return True
        named = may_match.Match(views.encoded) if may_match is not None else None
        rules = self._rules if named is None else [self._rules[index] for index in sorted(named)]
        return not any(compiled.finds_in_lines(views) for compiled in rules)

    def _nothing_decoded(self, text: str, any_rule: re2._Regexp) -> bool:
        """Whether the rules find nothing in what a base64 run of the text decodes to (for a text with
        no other encoding: a run reads the same standing alone, its view being the run's alone);
        any_rule, the one for lines, rules out most at once."""
        decoded = [view.text for view in decoded_views(text)]
        if decoded and any_rule.search("\n".join(decoded).encode(*UTF8)) is not None:
            return not any(self._found(view) for view in decoded)
        return True

    def _object(self, data: dict[Any, Any], depth: int) -> dict[Any, Any]:
        """An object's members (inside `depth` arrays and objects): each key scanned as text, and the
        value of a sensitive key masked whole, as are the value members of a sensitive pair."""
        out = {}
        pair_class = self.pair_class(data)
        for key, value in data.items():
            secret_class = None
            if isinstance(key, str):
                secret_class = self.key_class(key) or (pair_class if key in policy.PAIR_VALUES else None)
                key = self.text(key)
            out[key] = self._value(value, depth) if secret_class is None else self._whole(value, secret_class, depth)
        return out

    def pair_class(self, data: Mapping[Any, Any]) -> str | None:
        """The class of what an object's value members hold when it is a name/value pair whose name
        is sensitive ({"name": "csrf_token", "value": ...}) or a field that hides what is typed
        ({"type": "password", "value": ...}); None otherwise."""
        for member in policy.PAIR_NAMES:
            name = data.get(member)
            if isinstance(name, str) and (found := self.key_class(name)) is not None:
                return found
        kind = data.get("type")
        if isinstance(kind, str) and kind.lower() in policy.PAIR_HIDDEN_TYPES:
            return self.key_class(kind)
        return None

    def _whole(self, value: Any, secret_class: str, depth: int) -> Any:
        """What a sensitive key holds, masked whole: every string and number in it (a list of
        cookies, an object of credentials); null, booleans and empty strings say nothing."""
        if isinstance(value, dict | list) and depth >= MAX_DEPTH:
            raise TooDeep(MAX_DEPTH)
        if isinstance(value, list):
            return [self._whole(item, secret_class, depth + 1) for item in value]
        if isinstance(value, dict):
            return {self._map_key(key): self._whole(item, secret_class, depth + 1) for key, item in value.items()}
        if value is None or isinstance(value, bool) or value == "":
            return value
        text = str(value)
        return text if self._masks.fullmatch(text) else self.mask(text, secret_class)

    def fields(self, text: str) -> str:
        """A URL, form body, log line or JSON cut short: the free-text rules, then the values of
        sensitive fields masked whole (query parameters, form fields, key=value, "key": value and
        Name: value)."""
        # Free-text rules first: a secret that spans a field boundary (a PEM block) is seen whole.
        text = self.text(text)
        if "=" not in text and ":" not in text:  # what every field pattern needs
            return text
        lines = key_lines(text) if len(text) > FIELD_LINES_FROM else None
        for field in FIELD_PASSES:
            if field.may_match(text):
                text, lines = self._field_pass(field, text, lines)
        return text

    def _field_pass(self, field: FieldPass, text: str, lines: Lines | None) -> tuple[str, Lines | None]:
        """`field.pattern.sub(...)` over the text, with the same result, and where the lines that may
        hold a sensitive key now are. A field whose key is not sensitive is left as it is, so the
        pattern runs only on those lines, each from its start as it would run through the whole text
        (no field runs across the line breaks around them, so no mask changes where lines break)."""
        replace = self._masked_header if field.header else self._masked_field
        if lines is None or not apart(text, lines, field):
            text = field.pattern.sub(replace, text)
            return text, key_lines(text) if lines is not None else None
        pieces: list[str] = []
        moved: Lines = []
        copied = grown = 0
        for first, last in lines:
            before = grown
            for match in field.pattern.finditer(text, first, last):
                masked = replace(match)
                pieces += (text[copied : match.start()], masked)
                copied = match.end()
                grown += len(masked) - (match.end() - match.start())
            moved.append((first + before, last + grown))
        return ("".join([*pieces, text[copied:]]) if pieces else text), moved

    def _masked_header(self, match: re.Match[str]) -> str:
        """A Name: value in text, its value masked when the name is sensitive, unless the value
        is an auth scheme (its credential follows) or a path ("pwd: /home/dana")."""
        value = match.group(VALUE)
        if value.lower() in policy.AUTH_SCHEMES or not not_path(value):
            return match.group(0)
        return self._masked_field(match)

    def _masked_field(self, match: re.Match[str]) -> str:
        """One key=value or "key": value, its value masked when the key is sensitive (quotes kept)."""
        value = match.group(VALUE)
        secret_class = self.key_class(match.group(KEY))
        quoted = value[:1] in ("'", '"')
        inner = value[1:-1] if quoted and len(value) > 1 and value[-1] == value[0] else value[1:] if quoted else value
        if secret_class is None or not inner or self._masks.fullmatch(inner):
            return match.group(0)
        start, end = match.span(VALUE)
        offset = match.start()
        masked = value.replace(inner, self.mask(inner, secret_class), 1)
        return match.group(0)[: start - offset] + masked + match.group(0)[end - offset :]

    def withheld(self, error: BaseException | str) -> RedactionUnavailable:
        with self._lock:
            self._blocked += 1
        reason = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        return RedactionUnavailable(f"redaction failed, so the data was withheld ({reason})")

    def stats(self) -> HealthRedaction:
        with self._lock:
            counts = [RedactedCount.model_validate(count) for count in by_class(self._counts)]
            return HealthRedaction(policy_version=self.version, redacted_count=counts, blocked_count=self._blocked)


def unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, for json.loads; ValueError when a key comes twice."""
    found = dict(pairs)
    if len(found) < len(pairs):
        raise ValueError("a key comes twice")
    return found


def by_class(counts: Mapping[str, int]) -> list[dict[str, Any]]:
    """Counts as a list, not a map: class names such as api_key are sensitive keys themselves."""
    return [{"class": name, "count": counts[name]} for name in sorted(counts)]


class UnavailableRedactor(Redactor):
    """Stands in when the policy cannot be built: everything is withheld, and counted."""

    def __init__(self, reason: str, version: str) -> None:
        super().__init__(b"", version)
        self.reason = reason

    def handover(self) -> RedactionHandover | None:
        return None

    def _refuse(self) -> NoReturn:
        raise self.withheld(self.reason)

    def text(self, text: str) -> str:
        self._refuse()

    def value(self, data: Any) -> Any:
        self._refuse()

    def fields(self, text: str) -> str:
        self._refuse()

    def for_model(self, payload: Any) -> Any:
        self._refuse()


def build_redactor(
    key: bytes, user_patterns: Iterable[Mapping[str, Any]] = (), patterns_file: str = "the project's config"
) -> Redactor:
    """The policy of spec/policy/redaction.yaml plus a project's own patterns; fails closed if any is broken."""
    version = str(policy.POLICY_VERSION)
    try:
        extra = [ProjectRedactionPattern.model_validate(p) for p in user_patterns]
    except ValidationError as error:
        return UnavailableRedactor(f"a redaction pattern in {patterns_file} is malformed: {error}", version)
    if extra:
        version += "+project"
    try:
        return Redactor(key, version, extra)
    except ValueError as error:
        where = f" (project patterns come from {patterns_file})" if extra else ""
        return UnavailableRedactor(f"the redaction policy could not be built: {error}{where}", version)


def user_rule(pattern: ProjectRedactionPattern) -> Rule:
    """A project's pattern as a rule, taken as written: wrapped in a group (with its own flag when
    it ignores case), so no part of it, such as a leading \b, is read the way policy rules are."""
    text = f"(?i:{pattern.pattern})" if pattern.ignore_case else f"(?:{pattern.pattern})"
    return Rule(pattern.name, policy.PROJECT_PATTERN_CLASS, text, False, (pattern.secret,), None, (), False)

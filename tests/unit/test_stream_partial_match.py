"""The rules read into `regex`'s syntax match what RE2 matches, and a match is seen as open at its
start through every prefix of the text that ends inside it: what the stream to the panel holds
back is never less than what a rule could still mask."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
import re2

from gasoline.safety.decoding import decoded_views
from gasoline.safety.partial_match import (
    Block,
    BlockPlace,
    Unreadable,
    ascii_lowered,
    compiled,
    literal_starts,
    open_block,
    to_end,
    translated,
)
from gasoline.safety.redaction import CompiledRule, policy_rules

from .adversarial_text import adversarial
from .secret_corpus import corpus
from .secret_recall import ordinary_corpus, recall_corpus

RULES = policy_rules()
Span = tuple[int, int]
LINES = [s.line for s in corpus()] + [s.line for s in recall_corpus()] + ordinary_corpus()


def subject(rule: CompiledRule, text: str) -> str:
    return ascii_lowered(text) if rule.lowered else text


def differences(pattern: str, texts: list[str]) -> Iterator[tuple[str, list[Span], list[Span]]]:
    """Each text where RE2 and `regex` (the pattern read into its syntax) find different matches."""
    in_re2, in_regex = re2.compile(pattern), compiled(translated(pattern))
    for text in texts:
        found = [m.span() for m in in_re2.finditer(text)], [m.span() for m in in_regex.finditer(text)]
        if found[0] != found[1]:
            yield text, *found


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.rule.name)
def test_each_rule_matches_in_regex_what_it_matches_in_re2(rule: CompiledRule) -> None:
    texts = [subject(rule, text) for text in LINES + adversarial(rule.rule, 300)]
    differ = next(differences(rule.pattern, texts), None)
    assert differ is None, f"RE2 finds {differ[1]} and regex {differ[2]} in {differ[0][:80]!r}"


@pytest.mark.parametrize("rule", RULES, ids=lambda rule: rule.rule.name)
def test_a_match_is_open_at_its_start_while_the_text_ends_inside_it(rule: CompiledRule) -> None:
    block = Block.of(rule)
    pattern = to_end(translated(rule.pattern))
    matches = [(text, m.span()) for text in LINES for m in re2.compile(rule.pattern).finditer(subject(rule, text))]
    assert matches, "the corpora hold the rule's secrets"
    for text, (start, end) in matches:
        for length in range(start + 1, end + 1):
            prefix = subject(rule, text)[:length]
            if block is None:
                assert pattern.match(prefix, start, partial=True), f"closed too soon: {prefix[start:]!r}"
            else:
                assert open_block(block, prefix, BlockPlace()) <= start, f"closed too soon: {prefix[start:]!r}"


def test_a_block_opens_at_its_head_and_closes_after_its_end_line() -> None:
    (block,) = [block for rule in RULES if (block := Block.of(rule)) is not None]
    key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----"
    text = f"Key: {key}\nand prose, which the body of an open block could hold. "
    for length in range(5, len(text) + 1):
        held = open_block(block, text[:length], BlockPlace())
        assert held == (5 if length <= 5 + len(key) else length), text[:length]
    twice = f"{key} then -----BEGIN EC PRIVATE KEY-----\nabc"
    assert open_block(block, twice, BlockPlace()) == twice.index("-----BEGIN EC")


@pytest.mark.parametrize(
    "pattern",
    [
        r"a(?i)b|c",
        r"x(?i)y(?-i)z|w",
        r"(?i:AbC)d",
        r"x(?s:.)y",
        r"x.y",
        r"[\s\S]x",
        r"[^\s]+",
        r"\S+",
        r"\s+",
        r"[\w.]+@",
        r"[\d-]+",
        r"[[:alpha:]]+[[:digit:]]",
        r"[[:punct:]]+",
        r"\Qa.b\E+",
        r"\x{41}\x42",
        r"a{,2}b",
        r"a{2}b{1,}",
        r"\bfoo\b",
        r"\Bo",
        r"(?P<name>ab)\z",
        r"k(?i)k",
        r"(?U)a+b",
        r"[]a]+",
        r"[^]a]",
        r"[a-]+",
        r"\pN+",
        r"\p{Greek}+",
        r"é+",
        r"^ab|cd$",
    ],
)
def test_re2_syntax_reads_into_regex_as_the_same_pattern(pattern: str) -> None:
    texts = [
        "aB c xYz xyZ w AbCd abcd x\ny x.y \v\xa0\t foo_bar foo-bar a@b.c 12-3",
        "ab:c a.b a.bb AB a{,2}b aab aabbb kK kK k\u212a ]]a --a ٣٤ αβγ éé ab\ncd",
        "bar foo food afoo x foo. oo oops ab",
    ]
    differ = next(differences(pattern, texts), None)
    assert differ is None, f"RE2 finds {differ[1]} and regex {differ[2]} in {differ[0]!r}"


@pytest.mark.parametrize("pattern", [r"(a)\1", r"[^\D]", r"[[:^alpha:]]", r"\C", r"(?=a)", r"(a", r"a)", "a\\"])
def test_what_regex_would_read_otherwise_is_refused(pattern: str) -> None:
    with pytest.raises(Unreadable):
        compiled(translated(pattern))


def test_literal_starts_are_what_every_match_begins_with() -> None:
    assert literal_starts(r"ghp_[A-Za-z0-9]{36}") == ("ghp_",)
    assert literal_starts(r"(?:AKIA|ASIA)[0-9A-Z]{16}") == ("AKIA", "ASIA")
    assert literal_starts(r"aws_?secret") == ("aws",)
    assert literal_starts(r"ya29\.[0-9]") == ("ya29.",)
    assert literal_starts(r"a\.+") == ("a",)
    for none in (r"abc|def", r"(?:ab|cd)+x", r"x{2}", r"[ab]c", r"(?i:abc)"):
        assert literal_starts(none) == (), none


def test_only_percent_escapes_and_entities_give_views_that_map_character_for_character() -> None:
    plain = [line for line in LINES if "%" not in line and "&" not in line]
    assert all(view.whole is not None for line in plain for view in decoded_views(line))

"""The worker's redaction parts answer exactly as the daemon's Python: the validators, the decoded
views (same texts, each character mapped to the same span of the original) and JSON read and
written. Each test runs many inputs, seeded and hand-picked, through both and compares."""

from __future__ import annotations

import base64
import functools
import html
import html.entities
import json
import random
import re
import struct
import time
from collections.abc import Callable, Iterator
from typing import Any
from urllib.parse import quote

import pytest

from gasoline.core.json_text import MAX_DEPTH, loads
from gasoline.safety.decoding import decoded_views
from gasoline.safety.redaction import unique_keys
from gasoline.safety.validators import IBAN_LENGTHS, ISSUERS, OBJECT_ID_LABELS, VALIDATORS, luhn
from gasoline_generated.redaction_rules import DECODE_REACH, LONGEST_BASE64

from ..conftest import ROOT
from ..in_node import RunningEntry, bundle_for_node, running
from .secret_corpus import ORDINARY, corpus, grouped, make_iban
from .secret_recall import ALPHABETS, ordinary_corpus, recall_corpus

SEED = 20261125
RAISES = "raises"
ALNUM, HEX = ALPHABETS["alnum"], ALPHABETS["hex"]
# Characters of every width and kind: Latin-1, title case, upper and lower case by Unicode's
# derived properties only (circled A, ordinal a), digits of other scripts and a superscript, CJK,
# characters of two UTF-16 units, a noncharacter, controls, a byte order mark, and white space.
ODD_CHARACTERS = [*"é ß\u01c5\u24b6ª\u0663²中😀\U0001d7d8\ufffe\x00\x1f\x7f\ufeff\u2028\xa0\t\n"]


@pytest.fixture(scope="module")
def parts(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningEntry]:
    with running(bundle_for_node(ROOT / "tests/ts/redaction-parts.ts", tmp_path_factory.mktemp("parts"))) as entry:
        yield entry


def as_js(text: str) -> str:
    """The text as JavaScript holds it once it has crossed JSON: a high surrogate then a low one are one character."""
    return json.loads(json.dumps(text))


def python(call: Callable[[], Any], *errors: type[Exception]) -> Any:
    try:
        return call()
    except errors:
        return RAISES


def worker(parts: RunningEntry, requests: list[dict[str, Any]]) -> list[Any]:
    """What the worker answers to each request (each answer comes as its JSON text, in ASCII)."""
    return [json.loads(answer).get("ok", RAISES) for answer in parts.answers(requests)]


def assert_same(cases: list[Any], daemon: list[Any], worker_answers: list[Any]) -> None:
    differ = [(case, want, got) for case, want, got in zip(cases, daemon, worker_answers, strict=True) if want != got]
    shown = "\n".join(f"{case!r}\n  daemon: {want!r}\n  worker: {got!r}" for case, want, got in differ[:5])
    assert not differ, f"{len(differ)} of {len(cases)} differ:\n{shown}"


def drawn(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(length))


# Validators


def card_numbers(rng: random.Random) -> list[str]:
    """For each issuer, numbers of every length it issues and one either side, passing Luhn and
    not, plain, grouped and in other scripts' digits (Python's int() reads those; not superscripts)."""
    numbers = []
    for low, high, lengths in ISSUERS:
        for length in {*lengths, min(lengths) - 1, max(lengths) + 1}:
            prefix = str(rng.randint(int(low), int(high)))
            body = prefix + drawn(rng, "0123456789", length - len(prefix) - 1)
            valid = next(body + digit for digit in "0123456789" if luhn(body + digit))
            numbers += [valid, body + str((int(valid[-1]) + 1) % 10), grouped(valid), "-".join(grouped(valid).split())]
            for zero in (0x660, 0x966, 0xFF10, 0x1D7CE, 0x1D7D8):  # Arabic-Indic, Devanagari, fullwidth, maths
                numbers.append(valid[:4] + "".join(chr(zero + int(digit)) for digit in valid[4:]))
            numbers.append(valid[:-1] + "²")
    return numbers


def ibans(rng: random.Random) -> list[str]:
    found = []
    for country, length in IBAN_LENGTHS.items():
        valid = make_iban(country, drawn(rng, ALPHABETS["ud"], length - 4))
        in_groups = grouped(valid)
        found += [valid, valid.lower(), in_groups, in_groups + " EUR", in_groups + " 12", valid[:-1], valid + "0"]
        found += [valid[:2] + str((int(valid[2:4]) + 1) % 100).zfill(2) + valid[4:]]
        found += [valid[:4] + "".join(chr(0x660 + int(c)) if c.isdigit() else c for c in valid[4:])]
        found += [valid[:4] + valid[4:].replace("S", "ß", 1), valid[:5] + "\uff21" + valid[6:], valid[:-1] + "²"]
    return found


def labeled_tokens(rng: random.Random) -> list[str]:
    """Labels (payment object ids, digests, issuers' prefixes, too long to be one) before random,
    hex, UUID, worded and low- or borderline-entropy bodies."""
    issued = ["sha512", "SHA384", "md5", "blake2b", "glpat", "sk_live", "dp.pt", "a", "x" * 12, "y" * 13]
    labels = [*OBJECT_ID_LABELS, *issued]
    bodies = [
        lambda: drawn(rng, ALNUM, rng.randint(14, 40)),
        lambda: drawn(rng, ALPHABETS["ld"], rng.randint(14, 40)),
        lambda: drawn(rng, ALPHABETS["ud"], rng.randint(14, 40)),
        lambda: drawn(rng, HEX, rng.choice([16, 24, 31, 32, 40])),
        lambda: "-".join(drawn(rng, HEX, n) for n in (8, 4, 4, 4, 12)),
        lambda: "-".join(rng.choice(["cache", "control", "max", "age", "31536000", "v2"]) for _ in range(5)),
        lambda: drawn(rng, ALNUM, 12) + rng.choice("_.-") + drawn(rng, ALNUM, 12),
        lambda: "ab12" * rng.randint(4, 6),
        lambda: "".join(rng.sample("gghhiijj01234567", 16)),  # exactly 3.5 bits per character
        lambda: "".join(rng.sample("gghhiijjk0123456", 16)),
        lambda: drawn(rng, ALNUM + "é中😀\u24b6ª", 20),
        lambda: drawn(rng, ALPHABETS["ud"], 16) + "ª",  # lower case by Python's islower, though not Ll
        lambda: drawn(rng, ALPHABETS["ld"], rng.randint(13, 15)) + "😀" * rng.randint(1, 2),  # 16 UTF-16 units
    ]
    separators = "_.-"
    return [label + rng.choice(separators) + body() for label in labels for body in bodies for _ in range(3)]


def base64_pairs() -> list[str]:
    """Base64 of user:password and of what is not: no colon, nothing after it, controls and
    separators, other scripts, bytes that are not UTF-8; with and without padding."""
    texts = [b"dana:Hunter2", b":pw", b"dana:", b"dana", b"a:b\tc", b"a:b\nc", b"a:\xc2\xa0b", b"\xff:\xfe"]
    texts += [f"d{c}:p{c}".encode(errors="surrogatepass") for c in ODD_CHARACTERS]
    texts += [b"a:\x80", b"a:\xc0\x80b", b"a:\xed\xa0\x80b", b"\xef\xbb\xbfa:b"]
    encoded = [base64.b64encode(text).decode() for text in texts]
    return encoded + [text.rstrip("=") for text in encoded] + [text + "=" for text in encoded]


@functools.cache
def validator_candidates() -> list[str]:
    """Made when a test first asks, not as every test process collects the module (most run none of them)."""
    rng = random.Random(SEED)
    candidates = [secret.value for secret in corpus()] + ORDINARY + ordinary_corpus()
    for sample in recall_corpus():
        candidates += [sample.line, *sample.parts, *sample.line.split()]
    candidates += card_numbers(rng) + ibans(rng) + labeled_tokens(rng) + base64_pairs()
    candidates += ["", "a", "/home/dana", "~/x", "./x", "../x", ".x", "Basic authentication", "bearer", "abc"]
    words = ("", "abc", "Abc", "aBC", "1")
    candidates += [text for c in ODD_CHARACTERS for word in words for text in (c + word, word + c, "a" + c + word)]
    candidates += ["a\ud800b", "\udc00Z", "x\U0001f600Y"]
    for text in list(candidates):  # near misses: a character changed, dropped or doubled
        if len(text) > 1:
            at = rng.randrange(len(text))
            candidates += [text[:at] + rng.choice(ALNUM + "-_ .") + text[at + 1 :], text[:at] + text[at + 1 :]]
    return list(dict.fromkeys(as_js(text) for text in candidates))


@pytest.mark.parametrize("name", sorted(VALIDATORS))
def test_validators_answer_as_the_daemon_does(parts: RunningEntry, name: str) -> None:
    candidates = validator_candidates()
    daemon = [python(lambda c=candidate: VALIDATORS[name](c), ValueError) for candidate in candidates]
    assert {True, False} <= set(daemon)
    got = worker(parts, [{"validator": name, "candidate": candidate} for candidate in candidates])
    assert_same(candidates, daemon, got)


# Decoded views


def percent_encoded(data: bytes, hex_case: str = "X") -> str:
    return "".join(f"%{byte:02{hex_case}}" for byte in data)


# Byte sequences UTF-8 decoders must replace: a stray continuation byte, overlong forms, an
# encoded surrogate, a code point past U+10FFFF, cut sequences, bytes UTF-8 never uses.
INVALID_UTF8 = [
    b"\x80", b"\xc0\x80", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80", b"\xe2\x82", b"\xf0\x9f\x98",
    b"\xff", b"\xfe\xfe", b"\xc2", b"\xe2\x28\xa1", b"\xf8\x88\x80\x80\x80", b"a\xf0\x9f\x98\x80\x80b",
]  # fmt: skip


def percent_texts() -> list[str]:
    texts = [f"q={percent_encoded(bad, hex_case)}&token=ghp_{'a' * 36}" for bad in INVALID_UTF8 for hex_case in "Xx"]
    texts += ["next=" + percent_encoded("é中😀 x".encode(), hex_case) for hex_case in "Xx"]
    texts += ["u=" + quote(quote('pass="s3cr3t" 😀')), "100% sure", "%zz%4", "%41%4", "%%41", "%2541%252541"]
    texts += [percent_encoded("\ufeffBOM first".encode()), "a%F0%9F%98%80b%E2%82%ACc%C3"]
    return texts


# The names the entity scan finds: a letter, then 1 to 31 letters and digits.
ENTITY_NAMES = [name for name in html.entities.html5 if re.fullmatch(r"[A-Za-z][A-Za-z0-9]{1,31};?", name)]


def entity_texts(rng: random.Random) -> list[str]:
    """Every named entity (with its semicolon, or a legacy one followed by more letters), numeric
    ones of every kind (controls, C1, surrogates, noncharacters, too large), and unknown names."""
    names = [f"&{name}" if name.endswith(";") else f"&{name}xyz;" for name in ENTITY_NAMES]
    numbers = [*range(0, 0x200), *range(0xD7F0, 0xE010), *range(0xFDC0, 0xFE00), *range(0xFFF0, 0x10010)]
    numbers += [0x1FFFE, 0x1FFFF, 0x10FFFE, 0x10FFFF, 0x110000, 999999, 9999999, 0x1F600]
    numeric = [rng.choice(["&#{0};", "&#x{0:x};", "&#X{0:X};", "&#{0:07d};"]).format(n) for n in numbers]
    unknown = ["&foo;", "&a;", "&x" + "y" * 31 + ";", "&x" + "y" * 32 + ";", "&#;", "&#x;", "&#12345678;", "&AMP;"]
    references = names + numeric + unknown
    spaced = [" ".join(references[at : at + 40]) + " tail" for at in range(0, len(references), 40)]
    return [*spaced, "".join(rng.sample(references, 60)), "&amp&amp;&lt;&;&amp"]


def base64_texts(rng: random.Random) -> list[str]:
    """Runs of every length modulo 4 with zero, one and two "=", text that is mostly printable or
    not quite, with a byte order mark or invalid UTF-8, bytes, and runs too long to be decoded."""
    texts = []
    for length in range(24, 33):
        for pads in range(3):
            run = base64.b64encode(b'{"auth": "ghp_' + b"x" * 40 + b'"}').decode().rstrip("=")[:length] + "=" * pads
            texts.append(f"state={run} and {run}")
    for control_count in range(5):
        decoded = list(drawn(rng, ALNUM, 40 - control_count)) + ["\x01"] * control_count
        rng.shuffle(decoded)
        texts.append("s=" + base64.b64encode("".join(decoded).encode()).decode())
    payloads = [b"\xef\xbb\xbfsecret=" + b"k" * 30, b"token \xff\xfe" + b"z" * 30, bytes(range(40))]
    for payload in [*payloads, "😀é中\n\t".encode() * 6]:
        texts.append("x " + base64.b64encode(payload).decode() + " y")
    texts.append("data:" + base64.b64encode(b"a" * (LONGEST_BASE64 * 3 // 4)).decode())
    texts.append("data:" + base64.b64encode(b"a" * (LONGEST_BASE64 * 3 // 4 + 3)).decode())
    return texts


def reach_texts(rng: random.Random) -> list[str]:
    """Escapes just within and just past the reach of each other, the gap written in characters of
    one or two UTF-16 units, so a stretch is counted in characters as the daemon counts it."""
    texts = []
    for gap in (DECODE_REACH - 1, DECODE_REACH, DECODE_REACH + 1, 2 * DECODE_REACH, 2 * DECODE_REACH + 1):
        for filler in ("a", "😀", "é😀"):
            between = "".join(rng.choice(filler) for _ in range(gap))
            texts.append(f"{between}%22{between}%3D{between}&quot;{between}&amp;{between}")
    return texts


def random_texts(rng: random.Random, count: int) -> list[str]:
    """Mixtures of plain text in any script with percent runs, entities and base64, near each other
    and far apart."""

    def plain() -> str:
        return "".join(rng.choice([*ODD_CHARACTERS, *ALNUM, *" =&%;"]) for _ in range(rng.randint(0, 40)))

    def far() -> str:
        return drawn(rng, "ab 😀", rng.randint(DECODE_REACH - 40, DECODE_REACH * 2 + 40))

    def encoded() -> str:
        secret = rng.choice(['"ghp_' + drawn(rng, ALNUM, 36) + '"', "password=" + drawn(rng, ALNUM + "é😀&%", 12)])
        return rng.choice([quote(secret), percent_encoded(secret.encode()), html.escape(secret), quote(quote(secret))])

    def base64_run() -> str:
        run = base64.b64encode(rng.choice([plain(), encoded()]).encode() + bytes(rng.randrange(3))).decode()
        return run[: rng.randint(max(len(run) - 3, 0), len(run))]

    def entity() -> str:
        code = rng.randrange(0x110000)
        return rng.choice(["&amp;", "&quot;", f"&#{code};", f"&#x{code:x};", "&notin;"])

    makers = [plain, plain, far, encoded, base64_run, entity]
    return ["".join(rng.choice(makers)() for _ in range(rng.randint(1, 12))) for _ in range(count)]


def view_texts(kind: str) -> list[str]:
    rng = random.Random(f"{SEED} {kind}")
    made = {
        "percent": percent_texts,
        "entities": lambda: entity_texts(rng),
        "base64": lambda: base64_texts(rng),
        "reach": lambda: reach_texts(rng),
        "random": lambda: random_texts(rng, 600),
        "lone surrogates": lambda: ["a\ud800 %41", "&amp; \udfff", "QUJDREVGR0hJSktMTU5PUFFSU1RVVldY \ud83d", "\udc00"],
    }[kind]()
    return [as_js(text) for text in made]


def daemon_views(text: str) -> Any:
    views = decoded_views(text)
    return [
        {"text": v.text, "spans": [list(v.span(k, k + 1)) for k in range(len(v.text))], "whole": v.whole and [*v.whole]}
        for v in views
    ]


@pytest.mark.parametrize("kind", ["percent", "entities", "base64", "reach", "random", "lone surrogates"])
def test_decoded_views_are_the_daemon_s(parts: RunningEntry, kind: str) -> None:
    texts = view_texts(kind)
    daemon = [python(lambda t=text: daemon_views(t), UnicodeEncodeError) for text in texts]
    assert RAISES not in daemon and any(views != [] for views in daemon)
    assert_same(texts, daemon, worker(parts, [{"views": text} for text in texts]))


# JSON


def arrays(depth: int) -> str:
    return "[" * depth + "0" + "]" * depth


def objects(depth: int) -> str:
    return '{"a":' * depth + "0" + "}" * depth


HAND_PICKED_JSON = [
    # numbers: integers past 2**53 and 2**64, Python's digit limit, floats, exponents, overflow
    "9007199254740993", "-18446744073709551617", "1" * 4300, "-" + "1" * 4300, "1" * 4301, "-0", "0", "-0.0",
    "1.0", "1e5", "1E+5", "1e-5", "1.5e300", "1e400", "-1e400", "1e-400", "0.1", "123456789012345678901234567890.5",
    ".5", "01", "+1", "1.", "-", "--1", "1e", "1e+", "0x1F", "1_000", "\u0661",
    # constants
    "NaN", "Infinity", "-Infinity", "-NaN", "nan", "infinity", "+Infinity", "[NaN, -Infinity]", "true", "False", "nul",
    # strings: every escape, lone and paired surrogates, controls raw and escaped
    r'"\" \\ \/ \b \f \n \r \t \u0041 \u00e9 \u4E2D"', r'"\ud83d\ude00"', r'"\ud800"', r'"\udc00\ud800"',
    r'"\ud800\u0041"', r'"\ud800\uZZZZ"', r'"\u12"', r'"\x41"', r"'single'", '"raw \x00"', '"raw \x1f"', '"raw \x7f"',
    '"raw \u2028 😀 é"', '"unclosed', '"\\', '"a\\"', '"\t"',
    # whitespace: only space, tab, newline and carriage return
    " \t\n\r1 \t\n\r", "\f1", "\v1", "\xa01", "1\xa0", "\ufeff1", " \ufeff1", "", "   ",
    # objects: repeated keys (at any depth), keys in insertion order, __proto__ as a key
    '{"a": 1, "a": 2}', '{"a": {"b": 1, "b": 1}}', '{"a": 1, "A": 2}', '[{"a": 1}, {"a": 2}]',
    '{"b": 1, "1": 2, "0": 3, "a": 4, "4294967295": 5}', '{"__proto__": {"x": 1}, "constructor": 2}',
    '{"\\u0061": 1, "a": 2}', '{"a" 1}', "{a: 1}", '{"a": 1,}', "[1,]", "[,1]", "[1 2]", "{}", "[]", "[[]]",
    '{"a":1}x', "[1]]", "[1", "/* c */ 1", "1 // c",
    # nesting at and past the limit, and brackets that only sit in a string
    arrays(MAX_DEPTH), arrays(MAX_DEPTH + 1), objects(MAX_DEPTH), objects(MAX_DEPTH + 1),
    '"' + "[" * (MAX_DEPTH + 5) + '"', "[" * (MAX_DEPTH + 1) + "]" * MAX_DEPTH,
]  # fmt: skip


def random_value(rng: random.Random, depth: int = 0) -> Any:
    """A value of any kind Python's json writes: ints of any size, floats of any bit pattern,
    strings of any characters (lone surrogates included), and nested arrays and objects."""
    kind = rng.choice(["int", "float", "str", "const"] + ["list", "dict"] * (depth < 4))
    if kind == "int":
        return rng.choice([-1, 1]) * rng.randrange(10 ** rng.choice([1, 5, 16, 20, 60, 400]))
    if kind == "float":
        whole = float(rng.randrange(10**17))
        return rng.choice([random_float(rng), rng.uniform(-1e6, 1e6), whole, 10.0 ** rng.randint(-8, 20)])
    if kind == "str":
        return random_string(rng)
    if kind == "const":
        return rng.choice([None, True, False])
    if kind == "list":
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 4))]
    keys = [
        rng.choice([random_string(rng), str(rng.randrange(100)), "__proto__", "constructor", "a"]) for _ in range(3)
    ]
    return {key: random_value(rng, depth + 1) for key in keys[: rng.randint(0, 3)]}


def random_float(rng: random.Random) -> float:
    return float(struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0])


def random_string(rng: random.Random) -> str:
    pool = [*ODD_CHARACTERS, *ALNUM, '"', "\\", "/", "\b", "\r", "\ud800", "\udfff", "\U0010ffff"]
    return "".join(rng.choice(pool) for _ in range(rng.randint(0, 12)))


def random_json_texts(rng: random.Random, count: int) -> list[str]:
    texts = []
    for _ in range(count):
        separators = rng.choice([(",", ":"), (", ", ": "), (" ,\t", " :\r\n")])
        indent = rng.choice([None, 0, 2, "\t"])
        ascii_only = rng.random() < 0.5
        texts.append(json.dumps(random_value(rng), ensure_ascii=ascii_only, separators=separators, indent=indent))
    return texts


def mutated(rng: random.Random, texts: list[str]) -> list[str]:
    """Each text with one character dropped, doubled or replaced: mostly no longer JSON."""
    out = []
    for text in texts:
        at = rng.randrange(len(text))
        other = rng.choice([*'{}[],:"\\ 0-.eE+', "\x01", "\ud800"])
        dropped, doubled, replaced = (
            text[:at] + text[at + 1 :],
            text[:at] + text[at] + text[at:],
            text[:at] + other + text[at + 1 :],
        )
        out.append(rng.choice([dropped, doubled, replaced]))
    return out


def json_cases(kind: str) -> list[tuple[str, int]]:
    """(text, nesting limit) pairs."""
    rng = random.Random(f"{SEED} {kind}")
    if kind == "hand-picked":
        return [(text, MAX_DEPTH) for text in HAND_PICKED_JSON]
    if kind == "nesting limits":
        shapes = [arrays(2), objects(2), "[{}]", '{"a": [[1]]}', "[[], [[]]]", "1", '"[[["', "[" * 3 + "]" * 3]
        return [(text, limit) for text in shapes for limit in range(4)]
    if kind == "random":
        return [(text, MAX_DEPTH) for text in random_json_texts(rng, 800)]
    return [(text, MAX_DEPTH) for text in mutated(rng, random_json_texts(rng, 800))]


def daemon_json(text: str, max_depth: int) -> str:
    return json.dumps(loads(text, max_depth=max_depth, object_pairs_hook=unique_keys), ensure_ascii=False)


@pytest.mark.parametrize("kind", ["hand-picked", "nesting limits", "random", "mutated"])
def test_json_is_read_and_written_as_the_daemon_does(parts: RunningEntry, kind: str) -> None:
    cases = [(as_js(text), limit) for text, limit in json_cases(kind)]
    daemon = [python(lambda c=case: daemon_json(*c), ValueError) for case in cases]
    assert kind == "random" or RAISES in daemon
    assert any(answer != RAISES for answer in daemon)
    got = worker(parts, [{"json": text, "maxDepth": limit} for text, limit in cases])
    assert_same(cases, daemon, got)


def python_values(kind: str) -> list[Any]:
    rng = random.Random(f"{SEED} {kind}")
    if kind == "floats":
        edges = [
            0.0, -0.0, 1e-4, 9.999999999999999e-05, 1e16, 9999999999999998.0, 1.5e16, 5e-324, 1.7976931348623157e308,
            float("nan"), float("inf"), float("-inf"), 0.1 + 0.2, 1 / 3, 100.0, 1e22, 123456.789e-10,
        ]  # fmt: skip
        return edges + [random_float(rng) for _ in range(3000)] + [rng.uniform(-1e-3, 1e-3) for _ in range(500)]
    if kind == "integers":
        edges = [0, -1, 2**53 + 1, -(2**64), 10**4299, -(10**4299)]
        return edges + [rng.randrange(-(10**40), 10**40) for _ in range(500)]
    if kind == "strings":
        return [random_string(rng) for _ in range(1000)] + ["".join(map(chr, range(0x30)))]
    return [random_value(rng) for _ in range(1000)]


@pytest.mark.parametrize("kind", ["floats", "integers", "strings", "structures"])
def test_values_are_written_as_the_daemon_writes_them(parts: RunningEntry, kind: str) -> None:
    values = [json.loads(json.dumps(value)) for value in python_values(kind)]  # as JavaScript will read them
    texts = [json.dumps(value) for value in values]
    daemon = [json.dumps(value, ensure_ascii=False) for value in values]
    assert_same(texts, daemon, worker(parts, [{"json": text, "maxDepth": MAX_DEPTH} for text in texts]))


def test_floats_read_as_python_prints_them(parts: RunningEntry) -> None:
    floats = python_values("floats")
    daemon = [repr(number) for number in floats]
    assert_same(floats, daemon, worker(parts, [{"repr": json.dumps(number)} for number in floats]))


@pytest.mark.parametrize("shape", [arrays, objects])
def test_deep_nesting_is_refused_by_name_at_once(parts: RunningEntry, shape: Callable[[int], str]) -> None:
    started = time.monotonic()
    [answer] = parts.answers([{"json": shape(100_000), "maxDepth": MAX_DEPTH}])
    assert f"nested deeper than {MAX_DEPTH} levels" in json.loads(answer)["error"]
    assert time.monotonic() - started < 5

"""The corpus builder for recall: every format of secret_formats.py made into seeded samples, each
placed in the contexts a secret turns up in, and ordinary text that holds none; and the measure
of a redactor on both (what the tests hold to, and what `tasks.py bench` reports)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
import random
import re
import string
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

try:  # imported as tests.unit.secret_recall by the tests, as secret_recall by the benchmarks
    from .secret_formats import FORMATS
except ImportError:
    from secret_formats import FORMATS  # type: ignore[no-redef]

ALPHABETS = {
    "alnum": string.ascii_letters + string.digits,
    "upper": string.ascii_uppercase,
    "lower": string.ascii_lowercase,
    "digits": string.digits,
    "hex": "0123456789abcdef",
    "HEX": "0123456789ABCDEF",
    "b64": string.ascii_letters + string.digits + "+/",
    "url": string.ascii_letters + string.digits + "_-",
    "ud": string.ascii_uppercase + string.digits,
    "ld": string.ascii_lowercase + string.digits,
}
FIELD = re.compile(r"\{(\w+):(\d+)(?:-(\d+))?\}")
SHORTEST_SECRET_PART = 8  # a generated part at least this long must never come out


@dataclass(frozen=True)
class Sample:
    format: str
    context: str
    line: str
    parts: tuple[str, ...]  # the random parts of the secret: none may appear in the output


def expand(shape: str, rng: random.Random) -> tuple[str, tuple[str, ...]]:
    """A secret in this shape, and its random parts."""
    parts: list[str] = []

    def field(match: re.Match[str]) -> str:
        low = int(match.group(2))
        length = rng.randint(low, int(match.group(3) or low))
        part = "".join(rng.choice(ALPHABETS[match.group(1)]) for _ in range(length))
        parts.append(part)
        return part

    return FIELD.sub(field, shape), tuple(part for part in parts if len(part) >= SHORTEST_SECRET_PART)


CONTEXTS: dict[str, Callable[[str], str]] = {
    "log line": lambda secret: f"2026-11-22T10:30:00.120Z INFO upload started with {secret} (attempt 1)",
    "json value": lambda secret: json.dumps({"id": 42, "value": secret, "ok": True}),
    "environment": lambda secret: f"export SETTING_VALUE={secret}",
    "header": lambda secret: f"X-Forwarded-Note: {secret}",
    "query": lambda secret: f"https://api.example.com/v1/items?page=2&q={quote(secret, safe='')}",
    "html attribute": lambda secret: f'<div class="cfg" data-config="{secret}"></div>',
    "escaped string": lambda secret: json.dumps({"message": f"config loaded\n{secret}\tdone"}),
    "URL in a query": lambda secret: (
        "https://login.example.com/?next=" + quote(f"https://app.example.com/cb?q={quote(secret, safe='')}", safe="")
    ),
    "percent-encoded": lambda secret: "payload=" + "".join(f"%{byte:02X}" for byte in secret.encode()),
    "base64-wrapped": lambda secret: "state=" + base64.b64encode(json.dumps({"auth": secret}).encode()).decode(),
    "HTML entities": lambda secret: f'<div data-state="{{&quot;config&quot;:&quot;{html.escape(secret)}&quot;}}">',
}


def recall_corpus(seed: int = 20261122) -> list[Sample]:
    rng = random.Random(seed)
    samples = []
    for secret_format in FORMATS:
        for context, place in CONTEXTS.items():
            secret, parts = expand(secret_format.shape, rng)
            samples.append(Sample(secret_format.name, context, place(secret), parts))
    return samples


def ordinary_kinds(rng: random.Random) -> dict[str, Callable[[], str]]:
    """Makers of text that looks technical and holds no secret, by kind, drawing on `rng`."""

    def drawn(alphabet: str, length: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(length))

    def hexes(length: int) -> str:
        return drawn("0123456789abcdef", length)

    def digest(algorithm: str) -> str:
        return base64.b64encode(hashlib.new(algorithm, drawn(ALPHABETS["alnum"], 32).encode()).digest()).decode()

    def image() -> str:
        pixels = bytes(rng.randrange(256) for _ in range(rng.randint(60, 600)))
        return base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + pixels).decode()

    return {
        "uuid": lambda: f"user {hexes(8)}-{hexes(4)}-4{hexes(3)}-a{hexes(3)}-{hexes(12)} opened the cart",
        "git sha": lambda: f"commit {hexes(40)} merged into main",
        "image digest": lambda: f"sha256:{hexes(64)} pulled",
        "file checksums": lambda: f"{hexes(32)}  dist/app.{hexes(8)}.js (sha1 {hexes(40)})",
        "epoch ms": lambda: f"created_at={rng.randrange(1_400_000_000_000, 1_900_000_000_000)}",
        "epoch s": lambda: f"epoch {rng.randrange(1_400_000_000, 1_900_000_000)} s",
        "iso time": lambda: (
            f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:10:00.000Z done"
        ),
        "price": lambda: (
            f"total {rng.randint(1, 9999)}.{rng.randint(0, 99):02d} EUR for order ORD-{rng.randint(10**5, 10**6)}"
        ),
        "snowflake": lambda: (
            f"message id {rng.randrange(10**18, 2 * 10**18)} in channel {rng.randrange(10**17, 10**18)}"
        ),
        "api path": lambda: f"GET /api/products/{rng.randint(1, 5000)}?page={rng.randint(1, 9)}&sort=price 200 12ms",
        "source path": lambda: (
            f"/home/dana/projects/shop/src/components/Cart{rng.randint(1, 99)}.tsx:{rng.randint(1, 400)}:7"
        ),
        "version": lambda: (
            f"version {rng.randint(0, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 99)}-rc.{rng.randint(1, 9)}"
        ),
        "etag": lambda: f'etag W/"{hexes(16)}" cache hit',
        "css": lambda: f"transform: translate3d({rng.randint(0, 400)}px, 0, 0); color: #{hexes(6)}",
        "identifier": lambda: f"getUserById{rng.randint(1, 9)}ForCheckoutPageComponent rendered",
        "request id": lambda: f"request-id: {hexes(8)}-{hexes(4)}-{hexes(4)}-{hexes(4)}-{hexes(12)}",
        "working directory": lambda: f"pwd: /home/dana/projects/shop{rng.randint(1, 99)}",
        "phone and invoice": lambda: (
            f"phone +49 30 {rng.randint(1_000_000, 9_999_999)}, invoice INV-2026-{rng.randint(1, 999_999):06d}"
        ),
        "words": lambda: "token-ring networks, secretariat and monkey keyboards are words, not secrets",
        "approval ids": lambda: f"approval apr_{hexes(24)} asked for request req_{hexes(24)}",
        "order and address": lambda: (
            f"order {rng.randrange(10**15, 10**16)} shipped to 10.0.{rng.randint(0, 255)}.{rng.randint(1, 254)}:8080"
        ),
        "package path": lambda: (
            f"node_modules/.pnpm/react-dom@18.{rng.randint(0, 3)}.{rng.randint(0, 9)}"
            "/node_modules/react-dom/cjs/react-dom.development.js"
        ),
        "base64 image": lambda: f'<img alt="logo" src="data:image/png;base64,{image()}">',
        "subresource integrity": lambda: (
            f'<script src="https://cdn.example.com/app.js" integrity="sha384-{digest("sha384")}"'
            ' crossorigin="anonymous"></script>'
        ),
        "lockfile integrity": lambda: (
            f'"resolved": "https://registry.npmjs.org/a/-/a-1.0.0.tgz", "integrity": "sha512-{digest("sha512")}"'
        ),
        "payment object ids": lambda: (
            f"payment_intent pi_{drawn(ALPHABETS['alnum'], 24)} succeeded for cus_{drawn(ALPHABETS['alnum'], 14)}"
            f" (charge ch_{drawn(ALPHABETS['alnum'], 24)})"
        ),
        "nanoid": lambda: f"saved draft id={drawn(ALPHABETS['url'], 21)}",
    }


def ordinary_samples(seed: int = 7) -> list[tuple[str, str]]:
    """Ordinary text by kind, (kind, text): 30 samples of each kind, at least 600 in all."""
    rng = random.Random(seed)
    kinds = ordinary_kinds(rng)
    per_kind = max(30, -(-600 // len(kinds)))
    return [(kind, make()) for _ in range(per_kind) for kind, make in kinds.items()]


def ordinary_corpus(seed: int = 7) -> list[str]:
    """Text that looks technical and holds no secret: at least 600 samples."""
    return [text for _, text in ordinary_samples(seed)]


@dataclass(frozen=True)
class Measure:
    recall: float
    false_positive_rate: float
    missed: list[Sample]
    changed: list[str]


def measure(redact: Callable[[str], str]) -> Measure:
    samples, ordinary = recall_corpus(), ordinary_corpus()
    missed = [s for s in samples if any(part in redact(s.line) for part in s.parts)]
    changed = [text for text in ordinary if redact(text) != text]
    return Measure(1 - len(missed) / len(samples), len(changed) / len(ordinary), missed, changed)

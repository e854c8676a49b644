"""The corpus builder for recall: every format of secret_formats.py made into seeded samples, each
placed in the contexts a secret turns up in, and ordinary text that holds none; and the measure
of a redactor on both (what the tests hold to, and what `tasks.py bench` reports)."""

from __future__ import annotations

import base64
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


def ordinary_corpus(seed: int = 7) -> list[str]:
    """Text that looks technical and holds no secret: at least 600 samples."""
    rng = random.Random(seed)

    def hexes(length: int) -> str:
        return "".join(rng.choice("0123456789abcdef") for _ in range(length))

    makers: list[Callable[[], str]] = [
        lambda: f"user {hexes(8)}-{hexes(4)}-4{hexes(3)}-a{hexes(3)}-{hexes(12)} opened the cart",
        lambda: f"commit {hexes(40)} merged into main",
        lambda: f"sha256:{hexes(64)} pulled",
        lambda: f"created_at={rng.randrange(1_400_000_000_000, 1_900_000_000_000)}",
        lambda: f"epoch {rng.randrange(1_400_000_000, 1_900_000_000)} s",
        lambda: f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}T{rng.randint(0, 23):02d}:10:00.000Z done",
        lambda: f"total {rng.randint(1, 9999)}.{rng.randint(0, 99):02d} EUR for order ORD-{rng.randint(10**5, 10**6)}",
        lambda: f"message id {rng.randrange(10**18, 2 * 10**18)} in channel {rng.randrange(10**17, 10**18)}",
        lambda: f"GET /api/products/{rng.randint(1, 5000)}?page={rng.randint(1, 9)}&sort=price 200 12ms",
        lambda: f"/home/dana/projects/shop/src/components/Cart{rng.randint(1, 99)}.tsx:{rng.randint(1, 400)}:7",
        lambda: f"version {rng.randint(0, 9)}.{rng.randint(0, 40)}.{rng.randint(0, 99)}-rc.{rng.randint(1, 9)}",
        lambda: f'etag W/"{hexes(16)}" cache hit',
        lambda: f"transform: translate3d({rng.randint(0, 400)}px, 0, 0); color: #{hexes(6)}",
        lambda: f"getUserById{rng.randint(1, 9)}ForCheckoutPageComponent rendered",
        lambda: f"request-id: {hexes(8)}-{hexes(4)}-{hexes(4)}-{hexes(4)}-{hexes(12)}",
        lambda: f"pwd: /home/dana/projects/shop{rng.randint(1, 99)}",
        lambda: f"phone +49 30 {rng.randint(1_000_000, 9_999_999)}, invoice INV-2026-{rng.randint(1, 999_999):06d}",
        lambda: "token-ring networks, secretariat and monkey keyboards are words, not secrets",
        lambda: f"approval apr_{hexes(24)} asked for request req_{hexes(24)}",
        lambda: (
            f"order {rng.randrange(10**15, 10**16)} shipped to 10.0.{rng.randint(0, 255)}.{rng.randint(1, 254)}:8080"
        ),
        lambda: (
            f"node_modules/.pnpm/react-dom@18.{rng.randint(0, 3)}.{rng.randint(0, 9)}"
            "/node_modules/react-dom/cjs/react-dom.development.js"
        ),
    ]
    return [makers[index % len(makers)]() for index in range(max(600, len(makers) * 30))]


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

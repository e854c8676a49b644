"""The redaction gateway: secrets masked in free text and structured data, or the data withheld.

A secret becomes "[REDACTED:<class>:<hash>]", the hash keyed per installation, so the same
secret always reads the same and two secrets read differently. Masks already in a text are
left alone, so redacting twice changes nothing. If the policy cannot be built or a rule fails
while running, nothing is passed on raw: RedactionUnavailable tells the caller to withhold it.

Speed: each rule runs as its own pass, which lets the regular-expression engine jump to its
literal prefix ("ghp_", "AKIA", "bearer"); a leading \b would defeat that, so it is checked in
code instead, and case-insensitive rules run on an ASCII-lowercased copy of the text.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from gasoline_generated import redaction_rules as policy
from gasoline_generated.redaction_rules import Rule

USER_CLASS = "user_pattern"
QUERY_PARAMETER = re.compile(r"([?&;])([^=&#;\s]+)=([^&#;\s]*)")


class RedactionUnavailable(Exception):
    """The policy could not be loaded or applied: withhold the data, never pass it on raw."""


def luhn(candidate: str) -> bool:
    digits = [int(c) for c in candidate if c.isdigit()]
    if not 13 <= len(digits) <= 19:
        return False
    total = 0
    for index, digit in enumerate(reversed(digits)):
        if index % 2:
            digit *= 2
            if digit > 9:
                digit -= 9
        total += digit
    return total % 10 == 0


def iban(candidate: str) -> bool:
    compact = candidate.replace(" ", "")
    if not 15 <= len(compact) <= 34:
        return False
    rearranged = compact[4:] + compact[:4]
    return int("".join(str(int(c, 36)) for c in rearranged)) % 97 == 1


VALIDATORS: dict[str, Callable[[str], bool]] = {"luhn": luhn, "iban": iban}


def normalize_key(key: str) -> str:
    return key.lower().replace("-", "_")


LOWER_ASCII = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


class CompiledRule:
    """One rule, ready to scan: its pattern without a leading \b (checked by hand) and its group."""

    def __init__(self, rule: Rule) -> None:
        pattern = rule.pattern
        self.word_start = pattern.startswith(r"\b")
        if self.word_start:
            pattern = pattern[2:]
        self.lowered = rule.ignore_case
        if self.lowered and re.search(r"[A-Z]", re.sub(r"\\.|\[[^\]]*\]", "", pattern)):
            raise ValueError(f"rule {rule.name!r} ignores case, so its literal letters must be lower case")
        self.regex = re.compile(pattern)
        if self.regex.groups < rule.secret_group:
            raise ValueError(f"rule {rule.name!r} has no group {rule.secret_group}")
        self.rule = rule
        self.validator = VALIDATORS[rule.validator] if rule.validator else None


def _word(character: str) -> bool:
    return character.isalnum() or character == "_"


class Redactor:
    """Masks secrets with one policy; thread-safe; counts what it masks per class."""

    def __init__(self, key: bytes, rules: Iterable[Rule], keys: Mapping[str, str], version: str) -> None:
        self.version = version
        self._key = key
        self._rules = [CompiledRule(rule) for rule in rules]
        self._keys = dict(keys)
        self._header_pattern = re.compile(policy.HEADER_PATTERN, re.IGNORECASE)
        self._key_pattern = re.compile(policy.KEY_PATTERN)
        self._mask_template = policy.MASK
        self._masks = re.compile(
            re.escape(policy.MASK).replace(r"\{class\}", "[a-z_]+").replace(r"\{hash\}", "[0-9a-f]{8}")
        )
        self._counts: Counter[str] = Counter()
        self._blocked = 0
        self._lock = threading.Lock()

    @property
    def rule_count(self) -> int:
        return len(self._rules)

    def mask(self, secret: str, secret_class: str) -> str:
        digest = hmac.new(self._key, f"{secret_class}:{secret}".encode(), hashlib.sha256).hexdigest()[:8]
        with self._lock:
            self._counts[secret_class] += 1
        return self._mask_template.replace("{class}", secret_class).replace("{hash}", digest)

    def text(self, text: str) -> str:
        """Free text with every secret the rules find masked (masks already there are kept)."""
        try:
            spans = self._spans(text)
        except Exception as error:
            raise self.withheld(error) from error
        if not spans:
            return text
        out, copied = [], 0
        for start, end, secret_class in spans:
            out.append(text[copied:start])
            out.append(self.mask(text[start:end], secret_class))
            copied = end
        out.append(text[copied:])
        return "".join(out)

    def _spans(self, text: str) -> list[tuple[int, int, str]]:
        """The secrets in a text as non-overlapping (start, end, class), in order; existing masks excluded."""
        taken = [(m.start(), m.end(), "") for m in self._masks.finditer(text)]
        found: list[tuple[int, int, str]] = []
        lowered = text.translate(LOWER_ASCII) if any(r.lowered for r in self._rules) else text
        for compiled in self._rules:
            subject = lowered if compiled.lowered else text
            if compiled.rule.trigger and compiled.rule.trigger not in subject:
                continue
            position = 0
            while (match := compiled.regex.search(subject, position)) is not None:
                position = max(match.end(), match.start() + 1)
                if compiled.word_start and match.start() > 0 and _word(text[match.start() - 1]):
                    position = match.start() + 1
                    continue
                start, end = match.span(compiled.rule.secret_group)
                if compiled.validator and not compiled.validator(text[start:end]):
                    position = match.start() + 1
                    continue
                found.append((start, end, compiled.rule.secret_class))
        spans: list[tuple[int, int, str]] = []
        for start, end, secret_class in sorted(taken + found, key=lambda span: (span[0], -span[1], span[2] != "")):
            if spans and start < spans[-1][1]:
                continue
            spans.append((start, end, secret_class))
        return [span for span in spans if span[2]]

    def masks_in(self, text: str) -> int:
        """How many masks a text carries (a result reports it; the values never)."""
        return sum(1 for _ in self._masks.finditer(text))

    def for_model(self, payload: Any) -> Any:
        """The egress stage: what may go to a model provider. Raises RedactionUnavailable: send nothing then."""
        return self.value(payload)

    def key_class(self, key: str) -> str | None:
        """The class of a value by its key in structured data (JSON keys, query parameters, form fields)."""
        name = normalize_key(key)
        if name in self._keys:
            return self._keys[name]
        return policy.KEY_PATTERN_CLASS if self._key_pattern.search(name) else None

    def value(self, data: Any) -> Any:
        """JSON-like data with secrets masked: values under sensitive keys whole, strings by the rules."""
        try:
            return self._value(data)
        except RedactionUnavailable:
            raise
        except Exception as error:
            raise self.withheld(error) from error

    def _value(self, data: Any) -> Any:
        if isinstance(data, str):
            return self._string(data)
        if isinstance(data, dict):
            return {key: self._field(key, value) for key, value in data.items()}
        if isinstance(data, list):
            return [self._value(item) for item in data]
        return data

    def _string(self, text: str) -> str:
        """A string in structured data: a JSON document inside it (a body, a frame) is redacted as
        structured data, and written back only if that changed it; otherwise query parameters and
        free-text rules apply."""
        if text[:1] in "{[":
            try:
                document = json.loads(text)
            except ValueError:
                pass
            else:
                redacted = self._value(document)
                return text if redacted == document else json.dumps(redacted, ensure_ascii=False)
        return self.url(text)

    def _field(self, key: Any, value: Any) -> Any:
        secret_class = self.key_class(key) if isinstance(key, str) else None
        if secret_class is None or value is None or isinstance(value, dict | list | bool):
            return self._value(value)
        text = str(value)
        return text if self._masks.fullmatch(text) else self.mask(text, secret_class)

    def headers(self, headers: Mapping[str, str]) -> dict[str, str]:
        """Header values masked whole when the name is sensitive (any name with token, secret, key or password)."""
        out = {}
        for name, value in headers.items():
            secret_class = self._keys.get(normalize_key(name))
            if secret_class is None and self._header_pattern.search(name):
                secret_class = policy.KEY_PATTERN_CLASS
            out[name] = self.mask(value, secret_class) if secret_class else self.text(value)
        return out

    def url(self, url: str) -> str:
        """A URL (or any text) with the free-text rules applied and sensitive query parameters masked."""

        def parameter(match: re.Match[str]) -> str:
            secret_class = self.key_class(match.group(2))
            if secret_class is None or not match.group(3) or self._masks.fullmatch(match.group(3)):
                return match.group(0)
            return f"{match.group(1)}{match.group(2)}={self.mask(match.group(3), secret_class)}"

        # Free-text rules first: a secret that spans a parameter boundary (a PEM block) is seen whole.
        return QUERY_PARAMETER.sub(parameter, self.text(url))

    def withheld(self, error: BaseException | str) -> RedactionUnavailable:
        with self._lock:
            self._blocked += 1
        reason = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
        return RedactionUnavailable(f"redaction failed, so the data was withheld ({reason})")

    def stats(self) -> dict[str, Any]:
        with self._lock:
            return {"policy_version": self.version, "redacted": dict(self._counts), "blocked": self._blocked}


class UnavailableRedactor(Redactor):
    """Stands in when the policy cannot be built: everything is withheld, and counted."""

    def __init__(self, reason: str, version: str) -> None:
        super().__init__(b"", [], {}, version)
        self.reason = reason

    def text(self, text: str) -> str:
        raise self.withheld(self.reason)

    def value(self, data: Any) -> Any:
        raise self.withheld(self.reason)

    def headers(self, headers: Mapping[str, str]) -> dict[str, str]:
        raise self.withheld(self.reason)

    def url(self, url: str) -> str:
        raise self.withheld(self.reason)


def build_redactor(key: bytes, user_patterns: Iterable[Mapping[str, Any]] = ()) -> Redactor:
    """The policy of spec/policy/redaction.yaml plus a project's own patterns; fails closed if any is broken."""
    version = str(policy.POLICY_VERSION)
    try:
        extra = [
            Rule(
                p["name"],
                USER_CLASS,
                p["pattern"],
                bool(p.get("ignore_case", False)),
                int(p.get("secret", 0)),
                None,
                None,
            )
            for p in user_patterns
        ]
        if extra:
            version += "+project"
        return Redactor(key, [*policy.RULES, *extra], policy.KEYS, version)
    except (re.error, ValueError, KeyError, TypeError) as error:
        return UnavailableRedactor(f"the redaction policy could not be built: {error}", version)

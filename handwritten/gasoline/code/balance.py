"""A basic check that an edit leaves brackets and quotes as balanced as they were."""

from __future__ import annotations

PAIRS = {"parentheses": ("(", ")"), "brackets": ("[", "]"), "braces": ("{", "}")}
QUOTES = {"double quotes": '"', "single quotes": "'", "backticks": "`"}


def unbalanced_by(before: str, after: str) -> list[str]:
    """What the edit unbalanced: a warning per kind whose balance it changed for the worse."""
    warnings = []
    for name, (opening, closing) in PAIRS.items():
        was, now = before.count(opening) - before.count(closing), after.count(opening) - after.count(closing)
        if now != was and abs(now) > abs(was):
            side = (
                f"'{opening}' without a matching '{closing}'"
                if now > 0
                else f"'{closing}' without a matching '{opening}'"
            )
            warnings.append(f"unbalanced {name}: {abs(now)} {side}")
    for name, quote in QUOTES.items():
        if before.count(quote) % 2 == 0 and after.count(quote) % 2 == 1:
            warnings.append(f"unbalanced {name}: an odd number of {quote}")
    return warnings

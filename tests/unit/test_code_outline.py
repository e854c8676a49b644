"""code_read's outline: the declarations of each language, and the outlines kept by content (a file
read again is not parsed again, a changed one is, and what is kept stays within its symbols)."""

from __future__ import annotations

import pytest

from gasoline.code import outline as outlines
from gasoline.code.outline import KeptOutlines, outline

TYPESCRIPT = b"""export interface CartItem { id: string }
export class Cart {
  total(): number { return 0; }
}
export const handleCheckout = async () => {};
const limit = 3;
"""
PYTHON = b"""@decorated
class Store:
    def handle(self):
        def inner():
            pass


def main():
    pass
"""
GO = b"""package main

type Cart struct{}

type Pricer interface{ Price() int }

func (c *Cart) Total() int { return 0 }
"""


def listed(suffix: str, source: bytes) -> list[tuple[str, str, int, int]]:
    return [(s.name, s.kind, s.start_line, s.end_line) for s in outline(suffix, source)]


def test_each_language_declares_its_own_symbols() -> None:
    assert listed(".ts", TYPESCRIPT) == [
        ("CartItem", "interface", 1, 1),
        ("Cart", "class", 2, 4),
        ("Cart.total", "method", 3, 3),
        ("handleCheckout", "function", 5, 5),
    ]
    assert listed(".PY", PYTHON) == [
        ("Store", "class", 2, 5),
        ("Store.handle", "method", 3, 5),
        ("main", "function", 8, 9),
    ]
    assert listed(".go", GO) == [("Cart", "type", 3, 3), ("Pricer", "interface", 5, 5), ("Cart.Total", "method", 7, 7)]
    assert outline(".txt", b"def not_code(): pass\n") == []


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """The sources parsed, in order, by a fresh set of kept outlines of at most 4 symbols."""
    parsed: list[bytes] = []
    real = outlines.parsed_outline

    def counted(suffix: str, source: bytes) -> list[outlines.InteractCodeReadSymbol]:
        parsed.append(source)
        return real(suffix, source)

    monkeypatch.setattr(outlines, "parsed_outline", counted)
    monkeypatch.setattr(outlines, "KEPT", KeptOutlines(4))
    return parsed


def functions(*names: str) -> bytes:
    return "".join(f"def {name}():\n    pass\n" for name in names).encode()


def test_a_file_read_again_is_not_parsed_again_and_a_changed_one_is(parses: list[bytes]) -> None:
    first = outline(".py", functions("a", "b"))
    first.clear()
    assert [s.name for s in outline(".py", functions("a", "b"))] == ["a", "b"], "a copy of what is kept"
    assert [s.name for s in outline(".py", functions("a", "c"))] == ["a", "c"]
    assert parses == [functions("a", "b"), functions("a", "c")]
    assert outline(".pyi", functions("a", "b")) and len(parses) == 3, "kept by suffix too"


def test_what_is_kept_stays_within_its_symbols_the_oldest_going_first(parses: list[bytes]) -> None:
    outline(".py", functions("a", "b"))
    outline(".py", functions("c", "d"))
    outline(".py", functions("a", "b"))  # used last now
    outline(".py", b"x = 1\n")  # no symbols, counted as one: c, d goes
    outline(".py", functions("a", "b"))
    outline(".py", functions("c", "d"))
    outline(".py", functions("e", "f", "g", "h", "i"))  # more than all: never kept
    outline(".py", functions("e", "f", "g", "h", "i"))
    assert parses == [
        functions("a", "b"),
        functions("c", "d"),
        b"x = 1\n",
        functions("c", "d"),
        functions("e", "f", "g", "h", "i"),
        functions("e", "f", "g", "h", "i"),
    ]

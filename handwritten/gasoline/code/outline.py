"""code_read's outline: the functions, classes, methods, interfaces and types of a file, from
tree-sitter's parse of it (Python, TypeScript/TSX, JavaScript, Go). Functions inside functions are
left out: an outline is for finding one's way, not a call graph. The outlines of the files read
last are kept by their content, so a file read again, whole or a range at a time, is not parsed
again."""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator
from functools import cache
from typing import Literal, TypedDict

import tree_sitter_go
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript
from pydantic import TypeAdapter
from tree_sitter import Language, Node, Parser

from gasoline_generated.models import InteractCodeReadSymbol

GRAMMARS: dict[str, Callable[[], object]] = {
    ".py": tree_sitter_python.language,
    ".pyi": tree_sitter_python.language,
    ".ts": tree_sitter_typescript.language_typescript,
    ".mts": tree_sitter_typescript.language_typescript,
    ".cts": tree_sitter_typescript.language_typescript,
    ".tsx": tree_sitter_typescript.language_tsx,
    ".js": tree_sitter_javascript.language,
    ".jsx": tree_sitter_javascript.language,
    ".mjs": tree_sitter_javascript.language,
    ".cjs": tree_sitter_javascript.language,
    ".go": tree_sitter_go.language,
}
SymbolKind = Literal["function", "class", "method", "interface", "type"]
# Node type -> the kind of symbol it declares (a function inside a class is a method).
DECLARATIONS: dict[str, SymbolKind] = {
    "function_definition": "function",  # Python
    "class_definition": "class",
    "function_declaration": "function",  # JavaScript, TypeScript, Go
    "generator_function_declaration": "function",
    "class_declaration": "class",
    "abstract_class_declaration": "class",
    "method_definition": "method",
    "interface_declaration": "interface",
    "type_alias_declaration": "type",
    "method_declaration": "method",  # Go
    "type_spec": "type",
}
FUNCTION_VALUES = {"arrow_function", "function_expression", "function", "generator_function"}
# Containers whose children may declare something: a class's body, an export, a decorator...
CONTAINERS = {
    "module", "program", "source_file", "class_body", "export_statement", "decorated_definition",
    "lexical_declaration", "variable_declaration", "type_declaration",
}  # fmt: skip


class Symbol(TypedDict):
    name: str
    kind: SymbolKind
    start_line: int
    end_line: int


SYMBOLS = TypeAdapter(list[InteractCodeReadSymbol])
# How many symbols the kept outlines hold at most (about 600 bytes each).
KEPT_SYMBOLS = 16_000


@cache
def parser_for(suffix: str) -> Parser:
    return Parser(Language(GRAMMARS[suffix]()))


def outline(suffix: str, source: bytes) -> list[InteractCodeReadSymbol]:
    """The symbols of a file whose name ends with suffix; empty for a language without a grammar here."""
    suffix = suffix.lower()
    return KEPT.outline(suffix, source) if suffix in GRAMMARS else []


def parsed_outline(suffix: str, source: bytes) -> list[InteractCodeReadSymbol]:
    tree = parser_for(suffix).parse(source)
    # Checked in one pass over the list: a model built per symbol cost more than the walk itself.
    return SYMBOLS.validate_python(list(symbols(tree.root_node, owner=None)))


class KeptOutlines:
    """The outlines of the files read last, by suffix and content, up to a number of symbols in all
    (one file can declare thousands); a file without any counts as one."""

    def __init__(self, most_symbols: int) -> None:
        self.most_symbols = most_symbols
        self._kept: OrderedDict[tuple[str, bytes], list[InteractCodeReadSymbol]] = OrderedDict()
        self._symbols = 0
        self._lock = threading.Lock()

    def outline(self, suffix: str, source: bytes) -> list[InteractCodeReadSymbol]:
        key = (suffix, hashlib.blake2b(source, digest_size=16).digest())
        with self._lock:
            kept = self._kept.get(key)
            if kept is not None:
                self._kept.move_to_end(key)
                return list(kept)
        found = parsed_outline(suffix, source)
        self._keep(key, found)
        return list(found)

    def _keep(self, key: tuple[str, bytes], found: list[InteractCodeReadSymbol]) -> None:
        with self._lock:
            if key in self._kept or cost(found) > self.most_symbols:
                return
            self._kept[key] = found
            self._symbols += cost(found)
            while self._symbols > self.most_symbols:
                self._symbols -= cost(self._kept.popitem(last=False)[1])


def cost(found: list[InteractCodeReadSymbol]) -> int:
    return max(len(found), 1)


KEPT = KeptOutlines(KEPT_SYMBOLS)


def symbols(node: Node, owner: str | None) -> Iterator[Symbol]:
    for child in node.named_children:
        declared = declaration(child, owner)
        if declared is not None:
            yield declared
            if declared["kind"] in ("class", "interface"):
                yield from symbols(body_of(child), owner=declared["name"])
        elif child.type in CONTAINERS:
            yield from symbols(child, owner)


def declaration(node: Node, owner: str | None) -> Symbol | None:
    node_type = node.type
    kind: SymbolKind | None = DECLARATIONS.get(node_type)
    if node_type == "variable_declarator":
        value = node.child_by_field_name("value")
        kind = "function" if value is not None and value.type in FUNCTION_VALUES else None
    if kind is None:
        return None
    name = text_of(node.child_by_field_name("name"))
    if not name:
        return None
    if node_type == "type_spec":
        shape = node.child_by_field_name("type")
        kind = "interface" if shape is not None and shape.type == "interface_type" else "type"
    if node_type == "method_declaration":
        owner = receiver_type(node) or owner
    if kind == "function" and owner is not None:
        kind = "method"
    return {
        "name": f"{owner}.{name}" if owner and kind == "method" else name,
        "kind": kind,
        "start_line": node.start_point.row + 1,
        "end_line": node.end_point.row + 1,
    }


def body_of(node: Node) -> Node:
    return node.child_by_field_name("body") or node


def receiver_type(node: Node) -> str | None:
    """A Go method's receiver type, without its pointer star."""
    receiver = node.child_by_field_name("receiver")
    found = [text_of(n) for n in walk(receiver) if n.type == "type_identifier"] if receiver else []
    return found[0] if found else None


def walk(node: Node) -> Iterator[Node]:
    yield node
    for child in node.named_children:
        yield from walk(child)


def text_of(node: Node | None) -> str:
    return node.text.decode(errors="replace") if node is not None and node.text is not None else ""

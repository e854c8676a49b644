"""code_read's outline: the functions, classes, methods, interfaces and types of a file, from
tree-sitter's parse of it (Python, TypeScript/TSX, JavaScript, Go). Functions inside functions are
left out: an outline is for finding one's way, not a call graph."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache
from typing import Literal

import tree_sitter_go
import tree_sitter_javascript
import tree_sitter_python
import tree_sitter_typescript
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


@cache
def parser_for(suffix: str) -> Parser | None:
    grammar = GRAMMARS.get(suffix)
    return Parser(Language(grammar())) if grammar else None


def outline(suffix: str, source: bytes) -> list[InteractCodeReadSymbol]:
    """The symbols of a file whose name ends with suffix; empty for a language without a grammar here."""
    parser = parser_for(suffix.lower())
    if parser is None:
        return []
    return list(symbols(parser.parse(source).root_node, owner=None))


def symbols(node: Node, owner: str | None) -> Iterator[InteractCodeReadSymbol]:
    for child in node.named_children:
        declared = declaration(child, owner)
        if declared is not None:
            yield declared
            if declared.kind in ("class", "interface"):
                yield from symbols(body_of(child), owner=declared.name)
        elif child.type in CONTAINERS:
            yield from symbols(child, owner)


def declaration(node: Node, owner: str | None) -> InteractCodeReadSymbol | None:
    kind: SymbolKind | None = DECLARATIONS.get(node.type)
    name = text_of(node.child_by_field_name("name"))
    if node.type == "variable_declarator" and node.child_by_field_name("value") is not None:
        value = node.child_by_field_name("value")
        kind = "function" if value is not None and value.type in FUNCTION_VALUES else None
    if node.type == "type_spec":
        shape = node.child_by_field_name("type")
        kind = "interface" if shape is not None and shape.type == "interface_type" else "type"
    if node.type == "method_declaration":
        owner = receiver_type(node) or owner
    if kind is None or not name:
        return None
    if kind == "function" and owner is not None:
        kind = "method"
    return InteractCodeReadSymbol(
        name=f"{owner}.{name}" if owner and kind == "method" else name,
        kind=kind,
        start_line=node.start_point.row + 1,
        end_line=node.end_point.row + 1,
    )


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

"""What every family's builder shares: the spec files by kind, the namespace of definitions,
the problems found so far and the example sets to turn into contract tests."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import replace
from pathlib import PurePosixPath
from typing import Any

from ..model import Example, ExampleSet
from ..schema import Namespace
from ..specload import Problem, SpecFile, json_path


def described(schema: dict[str, Any], text: str) -> dict[str, Any]:
    """The schema with a description (which becomes the class docstring) unless it has one or is a $ref."""
    return schema if "description" in schema or "$ref" in schema else {**schema, "description": text}


def examples_of(
    origin: str, block: dict[str, Any], valid_key: str = "valid", invalid_key: str = "invalid"
) -> tuple[Example, ...]:
    valid = [Example(f"{origin}.{valid_key}[{i}]", value, True) for i, value in enumerate(block.get(valid_key, []))]
    invalid = [
        Example(f"{origin}.{invalid_key}[{i}]", item["value"], False, item["reason"])
        for i, item in enumerate(block.get(invalid_key, []))
    ]
    return (*valid, *invalid)


class BuildContext:
    def __init__(self, files: list[SpecFile]) -> None:
        self.problems: list[Problem] = []
        self.namespace = Namespace(lambda source, message: self.problems.append(Problem(source, "$", message)))
        self.example_sets: list[ExampleSet] = []
        self.by_kind: dict[str, list[SpecFile]] = defaultdict(list)
        for spec_file in files:
            self.by_kind[spec_file.kind].append(spec_file)

    def problem(self, spec_file: SpecFile, path: Sequence[str | int], message: str) -> None:
        self.problems.append(Problem(spec_file.rel, json_path(path), message, spec_file.line_of(path)))

    def one(self, kind: str) -> SpecFile:
        return self.by_kind[kind][0]

    def add_defs(self, spec_file: SpecFile, family: str) -> None:
        for name, schema in spec_file.data.get("defs", {}).items():
            self.namespace.add(name, {"title": name, **schema}, spec_file.rel, family)

    def check(self, definition: str, examples: tuple[Example, ...], **published: str) -> None:
        """Record examples that the named definition must accept or reject."""
        self.example_sets.append(ExampleSet(definition, examples, **published))

    def publish(self, definition: str, tool: str, mode_key: str, mode: str) -> None:
        """Check the valid examples of a definition against a tool's published schema as well."""
        self.example_sets = [
            replace(s, published_tool=tool, mode_key=mode_key, mode=mode) if s.definition == definition else s
            for s in self.example_sets
        ]

    def expect_file_name(self, spec_file: SpecFile, value: str, path: list[str | int], name: str | None = None) -> None:
        expected = name or PurePosixPath(spec_file.rel).stem
        if value != expected:
            self.problem(spec_file, path, f"{value!r} must equal the {'folder' if name else 'file'} name {expected!r}")

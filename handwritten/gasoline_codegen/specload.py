"""Load every file under spec/: parse, resolve limit references, validate against spec/meta/.

Nothing is generated from a spec that fails here. Every problem names the file, the
JSON path inside it and, for YAML, the line, so that a typo is one glance away.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from openapi_spec_validator import OpenAPIV31SpecValidator
from referencing import Registry, Resource

from .schema import from_openapi

# Which meta-schema checks which spec file; the first matching pattern wins.
# "openapi" and "daemon_api" files are checked by the OpenAPI 3.1 validator instead of a meta-schema;
# a daemon_api document may refer to spec definitions it does not hold (the generator copies them in).
KIND_BY_PATTERN: tuple[tuple[str, str], ...] = (
    ("tools/errors.yaml", "tool_errors"),
    ("tools/gates.yaml", "gates"),
    ("tools/*/tool.yaml", "tool"),
    ("tools/*/*.yaml", "mode"),
    ("events/*.yaml", "event"),
    ("messages/envelope.yaml", "envelope"),
    ("messages/commands/*.yaml", "command"),
    ("messages/*.yaml", "exchange"),
    ("policy/approval.yaml", "approval"),
    ("policy/limits.yaml", "limits"),
    ("policy/goals.yaml", "goals"),
    ("policy/redaction.yaml", "redaction"),
    ("policy/project_config.yaml", "project_config"),
    ("control/*.yaml", "openapi"),
    ("daemon/*.yaml", "daemon_api"),
    ("contracts.yaml", "contracts"),
)
# Folders of spec/ that are not spec files: the meta-schemas, and the released contracts the
# compatibility gate compares with (compat/releases.py reads them).
NOT_SPEC_FILES = ("meta", "releases")
LIMITS_FILE = "policy/limits.yaml"
LIMIT_REF = "$limit"
LIMIT_PLACEHOLDER = re.compile(r"\{limit:([a-z0-9_]+\.[a-z0-9_]+)\}")


@dataclass(frozen=True)
class Problem:
    file: str
    path: str
    message: str
    line: int | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.path}: {self.message}"


class SpecError(Exception):
    """The spec is invalid; carries every problem found, in a stable order."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = sorted(problems, key=lambda p: (p.file, p.line or 0, p.path, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))


@dataclass(frozen=True)
class SpecFile:
    rel: str  # "spec/tools/observe/errors.yaml"
    kind: str
    data: Any
    node: yaml.Node | None

    def line_of(self, path: Sequence[str | int]) -> int | None:
        return _line_of(self.node, path)


def json_path(path: Sequence[str | int]) -> str:
    out = "$"
    for part in path:
        out += (
            f"[{part}]"
            if isinstance(part, int)
            else (f".{part}" if re.fullmatch(r"[A-Za-z_$][\w$]*", part) else f"[{part!r}]")
        )
    return out


class _JsonYamlLoader(yaml.CSafeLoader):
    """YAML restricted to what JSON can say: only true/false are booleans, no dates, no duplicate keys.
    Parsed by libyaml (PyYAML's wheels carry it): four times faster than the pure-Python parser."""


_JsonYamlLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_JsonYamlLoader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"), list("tf"))


def _construct_mapping(loader: _JsonYamlLoader, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
    seen: set[Any] = set()
    for key_node, _ in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in seen:
            raise yaml.constructor.ConstructorError(None, None, f"duplicate key {key!r}", key_node.start_mark)
        seen.add(key)
    return yaml.SafeLoader.construct_mapping(loader, node, deep=deep)


_JsonYamlLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


@functools.lru_cache(maxsize=512)
def _parse(text: str) -> tuple[Any, yaml.Node | None]:
    """The file's data and node tree, parsed once per process for each distinct text: nothing
    downstream changes either (limits are resolved into new containers)."""
    loader = _JsonYamlLoader(text)
    try:
        node = loader.get_single_node()
        return (loader.construct_document(node) if node is not None else None), node
    finally:
        loader.dispose()


def _line_of(node: yaml.Node | None, path: Sequence[str | int]) -> int | None:
    line = node.start_mark.line + 1 if node is not None else None
    for part in path:
        if isinstance(node, yaml.MappingNode):
            match = next(((k, v) for k, v in node.value if k.value == part), None)
            if match is None:
                break
            node = match[1]
            line = match[0].start_mark.line + 1
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            node = node.value[part]
            line = node.start_mark.line + 1
        else:
            break
    return line


def kind_of(rel_to_spec: str) -> str | None:
    return next((kind for pattern, kind in KIND_BY_PATTERN if fnmatchcase(rel_to_spec, pattern)), None)


def limit_values(limits_data: dict[str, Any]) -> dict[str, int]:
    """Flatten spec/policy/limits.yaml into {"group.name": value}."""
    return {
        f"{group}.{name}": limit["value"]
        for group, body in limits_data["groups"].items()
        for name, limit in body["limits"].items()
    }


def _resolve_limits(value: Any, limits: dict[str, int], report: Any, path: list[str | int]) -> Any:
    """Replace {"$limit": "group.name"} by its number and "{limit:group.name}" in text by its digits."""
    if isinstance(value, dict):
        if set(value) == {LIMIT_REF}:
            name = value[LIMIT_REF]
            if name not in limits:
                report(path, f"unknown limit {name!r} (declared in spec/{LIMITS_FILE})")
                return 0
            return limits[name]
        return {key: _resolve_limits(item, limits, report, [*path, key]) for key, item in value.items()}
    if isinstance(value, list):
        return [_resolve_limits(item, limits, report, [*path, index]) for index, item in enumerate(value)]
    if isinstance(value, str) and "{limit:" in value:

        def substitute(match: re.Match[str]) -> str:
            if match.group(1) not in limits:
                report(path, f"unknown limit {match.group(1)!r} in text (declared in spec/{LIMITS_FILE})")
                return match.group(0)
            return str(limits[match.group(1)])

        return LIMIT_PLACEHOLDER.sub(substitute, value)
    return value


def load_checks(spec_dir: Path) -> SpecChecks:
    """The checks of spec files, with the meta-schemas under spec_dir/meta (checked once per process
    for each distinct set)."""
    return _spec_checks(tuple((p.name, p.read_text()) for p in sorted((spec_dir / "meta").glob("*.schema.json"))))


@functools.lru_cache(maxsize=4)
def _spec_checks(files: tuple[tuple[str, str], ...]) -> SpecChecks:
    metas = {name.removesuffix(".schema.json"): json.loads(text) for name, text in files}
    for meta in metas.values():
        Draft202012Validator.check_schema(meta)
    registry = Registry().with_resources((meta["$id"], Resource.from_contents(meta)) for meta in metas.values())
    return SpecChecks({kind: Draft202012Validator(meta, registry=registry) for kind, meta in metas.items()})


Found = list[tuple[list[str | int], str]]  # (JSON path, message), before lines are looked up


class SpecChecks:
    """What a spec file is checked with: one validator per spec kind (sharing a registry, so
    meta-schemas can $ref each other), and OpenAPI 3.1 for the OpenAPI documents.

    A verdict depends only on the meta-schemas and the file's data, so each is kept for the
    process: the generator's tests load hundreds of copies of one spec that differ in a file."""

    def __init__(self, validators: dict[str, Draft202012Validator]) -> None:
        self.validators = validators
        self._verdicts: dict[tuple[str, str], Found] = {}

    def meta_found(self, kind: str, data: Any) -> Found:
        return self._kept(kind, data, lambda: _meta_errors(self.validators[kind], data))

    def components_found(self, data: Any) -> Found:
        """The component schemas of an OpenAPI document the namespace takes in keep to the schema subset."""
        schemas = data.get("components", {}).get("schemas", {})
        return self._kept(
            "components",
            schemas,
            lambda: (
                (
                    [*["components", "schemas", name], *error.absolute_path],
                    f"outside the spec's schema subset: {error.message}",
                )
                for name, schema in schemas.items()
                for error in self.validators["schema"].iter_errors(from_openapi(schema))
            ),
        )

    def openapi_found(self, data: Any, borrowed: bool) -> Found:
        return self._kept(f"openapi, borrowed={borrowed}", data, lambda: _openapi_errors(data, borrowed))

    def _kept(self, check: str, data: Any, find: Callable[[], Iterable[tuple[list[str | int], str]]]) -> Found:
        key = (check, json.dumps(data, sort_keys=True))
        if key not in self._verdicts:
            self._verdicts[key] = list(find())
        return self._verdicts[key]


def _meta_errors(validator: Draft202012Validator, data: Any) -> Iterator[tuple[list[str | int], str]]:
    for error in validator.iter_errors(data):
        path = list(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            # Point at each unexpected key itself, not at the object that holds it.
            allowed = error.schema.get("properties", {})
            yield from (([*path, key], f"{key!r} is not allowed here") for key in error.instance if key not in allowed)
        elif error.validator == "not" and error.validator_value == {} and path:
            # {"not": {}, "description": why} forbids a key in some case, and says why.
            why = error.schema.get("description") if isinstance(error.schema, dict) else None
            yield path, f"{path[-1]!r} is not allowed here" + (f": {why}" if why else "")
        else:
            yield path, error.message


def load_spec(root: Path) -> list[SpecFile]:
    """Parse and validate every spec file under root/spec, or raise SpecError listing every problem."""
    spec_dir = root / "spec"
    problems: list[Problem] = []
    checks = load_checks(spec_dir)
    parsed: list[SpecFile] = []
    for path in sorted(
        p for p in spec_dir.rglob("*") if p.is_file() and p.relative_to(spec_dir).parts[0] not in NOT_SPEC_FILES
    ):
        rel = path.relative_to(root).as_posix()
        kind = kind_of(path.relative_to(spec_dir).as_posix())
        if kind is None or path.suffix != ".yaml":
            problems.append(
                Problem(
                    rel, "$", "no meta-schema covers this file (see KIND_BY_PATTERN in gasoline_codegen/specload.py)"
                )
            )
            continue
        try:
            data, node = _parse(path.read_text(encoding="utf-8"))
        except yaml.YAMLError as error:
            mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
            problems.append(
                Problem(
                    rel, "$", f"not valid YAML: {getattr(error, 'problem', error)}", mark.line + 1 if mark else None
                )
            )
            continue
        parsed.append(SpecFile(rel, kind, data, node))

    limits_file = next((f for f in parsed if f.kind == "limits"), None)
    if limits_file is None:
        raise SpecError(
            [*problems, Problem(f"spec/{LIMITS_FILE}", "$", "missing: every other spec file may refer to its limits")]
        )
    problems.extend(_meta_problems(limits_file, checks))
    if problems:
        raise SpecError(problems)
    limits = limit_values(limits_file.data)

    resolved: list[SpecFile] = []
    for spec_file in parsed:

        def report(path: list[str | int], message: str, spec_file: SpecFile = spec_file) -> None:
            problems.append(Problem(spec_file.rel, json_path(path), message, spec_file.line_of(path)))

        data = _resolve_limits(spec_file.data, limits, report, [])
        resolved_file = SpecFile(spec_file.rel, spec_file.kind, data, spec_file.node)
        if spec_file.kind == "openapi":
            problems.extend(_problems(resolved_file, checks.openapi_found(resolved_file.data, borrowed=False)))
            problems.extend(_problems(resolved_file, checks.components_found(resolved_file.data)))
        elif spec_file.kind == "daemon_api":
            problems.extend(_problems(resolved_file, checks.openapi_found(resolved_file.data, borrowed=True)))
        elif spec_file is not limits_file:
            problems.extend(_meta_problems(resolved_file, checks))
        resolved.append(resolved_file)
    if problems:
        raise SpecError(problems)
    return resolved


def _problems(spec_file: SpecFile, found: Found) -> list[Problem]:
    return [Problem(spec_file.rel, json_path(path), message, spec_file.line_of(path)) for path, message in found]


def _meta_problems(spec_file: SpecFile, checks: SpecChecks) -> list[Problem]:
    if spec_file.kind not in checks.validators:
        return [Problem(spec_file.rel, "$", f"spec/meta/{spec_file.kind}.schema.json is missing")]
    return _problems(spec_file, checks.meta_found(spec_file.kind, spec_file.data))


# JSON Schema 2020-12 keywords plus OpenAPI's own. JSON Schema ignores unknown keywords, so a
# typo ("descripton") or a YAML slip (text split at a comma into a new key) would pass silently.
SCHEMA_KEYWORDS = frozenset(
    {
        "$schema",
        "$id",
        "$ref",
        "$defs",
        "$comment",
        "$anchor",
        "$dynamicRef",
        "$dynamicAnchor",
        "type",
        "enum",
        "const",
        "title",
        "description",
        "default",
        "examples",
        "deprecated",
        "readOnly",
        "writeOnly",
        "properties",
        "required",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "items",
        "prefixItems",
        "contains",
        "minItems",
        "maxItems",
        "uniqueItems",
        "minContains",
        "maxContains",
        "minimum",
        "maximum",
        "exclusiveMinimum",
        "exclusiveMaximum",
        "multipleOf",
        "minLength",
        "maxLength",
        "pattern",
        "format",
        "contentMediaType",
        "contentEncoding",
        "allOf",
        "anyOf",
        "oneOf",
        "not",
        "if",
        "then",
        "else",
        "dependentRequired",
        "dependentSchemas",
        "unevaluatedProperties",
        "unevaluatedItems",
        "discriminator",
        "xml",
        "externalDocs",
        "example",
    }
)
SCHEMA_MAPS = ("properties", "$defs", "patternProperties", "dependentSchemas")
SCHEMA_LISTS = ("allOf", "anyOf", "oneOf", "prefixItems")
SCHEMA_VALUES = ("items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames")


def _unknown_keywords(schema: Any, path: list[str | int]) -> Iterator[tuple[list[str | int], str]]:
    if not isinstance(schema, dict):
        return
    for key, value in schema.items():
        if key not in SCHEMA_KEYWORDS and not key.startswith("x-"):
            yield [*path, key], f"unknown schema keyword {key!r}"
        elif key in SCHEMA_MAPS and isinstance(value, dict):
            for name, sub in value.items():
                yield from _unknown_keywords(sub, [*path, key, name])
        elif key in SCHEMA_LISTS and isinstance(value, list):
            for index, sub in enumerate(value):
                yield from _unknown_keywords(sub, [*path, key, index])
        elif key in SCHEMA_VALUES:
            yield from _unknown_keywords(value, [*path, key])


def borrowed_schemas(document: dict[str, Any]) -> set[str]:
    """Names under #/components/schemas/ the document refers to but does not define."""
    own = document.get("components", {}).get("schemas", {})
    found = re.findall(r'"#/components/schemas/([A-Za-z0-9_]+)"', json.dumps(document))
    return {name for name in found if name not in own}


def _openapi_errors(document: dict[str, Any], borrowed: bool) -> Iterator[tuple[list[str | int], str]]:
    original = document
    if borrowed:  # stand-ins, so the structure can be checked before the definitions are copied in
        components = document.get("components", {})
        stand_ins: dict[str, dict[str, Any]] = {name: {} for name in borrowed_schemas(document)}
        document = {**document, "components": {**components, "schemas": {**components.get("schemas", {}), **stand_ins}}}
    yield from ((list(e.absolute_path), e.message) for e in OpenAPIV31SpecValidator(document).iter_errors())
    for name, schema in original.get("components", {}).get("schemas", {}).items():
        yield from _unknown_keywords(schema, ["components", "schemas", name])

"""Python: pydantic models (datamodel-code-generator), the named enums they are typed with, the
JSON Schema bundle, the dispatch table, the handler base classes and the policy constants."""

from __future__ import annotations

import json
from typing import Any

from datamodel_code_generator import InputFileType, PythonVersion
from datamodel_code_generator.enums import DataModelType

from ..banner import banner, dump_json, python_banner
from ..model import Definition, Spec
from ..model_text import models_text
from ..patching import GenerationError, replace
from ..schema import is_enum
from ..templating import environment

PACKAGE = "generated/gasoline_generated"
ENUMS_MODULE = "gasoline_generated.enums"
SCHEMA_SOURCES = ("spec/tools", "spec/events", "spec/messages", "spec/control", "spec/policy")
JSON_SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"

# Fixed options: together with the pinned datamodel-code-generator they make the output
# byte-for-byte reproducible. Strict types and the MISSING sentinel give the models the
# schemas' exact meaning: no coercion ("5" is not 5) and an absent field is not null.
MODEL_OPTIONS: dict[str, Any] = {
    "input_file_type": InputFileType.JsonSchema,
    "output_model_type": DataModelType.PydanticV2BaseModel,
    "target_python_version": PythonVersion.PY_311,
    "target_pydantic_version": "2.14",
    "formatters": ["builtin"],
    "disable_timestamp": True,
    "use_title_as_name": True,
    "enum_field_as_literal": "all",
    "strict_types": ["str", "int", "float", "bool"],
    "use_annotated": True,
    "field_constraints": True,
    "use_schema_description": True,
    "use_field_description": True,
    "use_double_quotes": True,
    "use_missing_sentinel": True,
    "strict_nullable": True,
    "skip_root_model": True,
}


def strict_date_times(models: str, schemas: dict[str, Any]) -> str:
    """datamodel-code-generator types date-time as AwareDatetime, which takes numbers too: use the
    contract's IsoDateTime (text only) instead. Raises GenerationError when a date-time is declared
    but the models no longer read as the patch expects."""
    if '"format": "date-time"' not in json.dumps(schemas):
        return models
    patch = "strict_date_times"
    models = replace(models, patch, "    AwareDatetime,\n", "", count=1)
    models = replace(models, patch, "AwareDatetime", "IsoDateTime")
    return replace(
        models,
        patch,
        "\nfrom pydantic import (",
        "\nfrom gasoline.contract import IsoDateTime\nfrom pydantic import (",
        1,
    )


def unique_items(models: str, schemas: dict[str, Any]) -> str:
    """datamodel-code-generator drops uniqueItems: a named schema's array property that says it is
    typed with the contract's UniqueItems instead of list, which refuses a repeated item. Raises
    GenerationError when a field no longer reads as the patch expects, or when uniqueItems sits
    anywhere else (a nested schema's property, an array's items)."""
    patch = "unique_items"
    fields = [
        (model, name)
        for model, definition in schemas["$defs"].items()
        for name, schema in definition.get("properties", {}).items()
        if schema.get("uniqueItems")
    ]
    declared = json.dumps(schemas).count('"uniqueItems": true')
    if declared != len(fields):
        raise GenerationError(
            f"patch {patch!r}: {declared} schemas say uniqueItems, {len(fields)} of them a named schema's "
            "own array property; only those are generated, so move the others up or extend the patch"
        )
    for model, field in fields:
        start = models.find(f"\nclass {model}(")
        following = models.find("\nclass ", start + 1)
        end = len(models) if following < 0 else following
        line_at = models.find(f"\n    {field}: ", start, end)
        if start < 0 or line_at < 0:
            raise GenerationError(f"patch {patch!r} no longer applies: no field {field} in class {model}")
        # The field's type, which the formatter may have wrapped over several lines, opens with list[.
        type_at = line_at + len(f"\n    {field}: ")
        opening = models.find("list[", type_at, end)
        if opening < 0 or models[type_at:opening].replace("Annotated[", "").strip():
            raise GenerationError(f"patch {patch!r} no longer applies: {model}.{field} is not typed list[...]")
        models = models[:opening] + "UniqueItems[" + models[opening + len("list[") :]
    if fields:
        models = replace(
            models,
            patch,
            "\nfrom pydantic import (",
            "\nfrom gasoline.contract import UniqueItems\nfrom pydantic import (",
            1,
        )
    return models


def named_enums(spec: Spec) -> list[Definition]:
    return [definition for definition in spec.definitions.values() if is_enum(definition.schema)]


def bundle(spec: Spec) -> dict[str, Any]:
    """Every named schema of the spec in one JSON Schema document."""
    return {"$schema": JSON_SCHEMA_DIALECT, "$defs": {name: d.schema for name, d in spec.definitions.items()}}


def render(spec: Spec) -> dict[str, str]:
    env = environment()
    tools = spec.tools
    enums = named_enums(spec)
    schemas = bundle(spec)
    models = models_text(
        json.dumps(schemas),
        # datamodel-code-generator writes this opening above the models.
        custom_file_header=env.get_template("models_header.py.j2")
        .render(banner=python_banner(SCHEMA_SOURCES))
        .rstrip(),
        # A named enum is its Literal alias (enums.py), not a root model: a field holds the value itself.
        type_overrides={enum.name: f"{ENUMS_MODULE}.{enum.name}" for enum in enums},
        **MODEL_OPTIONS,
    )
    models = unique_items(strict_date_times(models, schemas), schemas)
    return {
        f"{PACKAGE}/__init__.py": env.get_template("package_init.py.j2").render(banner=python_banner(("spec/",))),
        f"{PACKAGE}/models.py": models,
        f"{PACKAGE}/enums.py": env.get_template("enums.py.j2").render(
            banner=python_banner(SCHEMA_SOURCES), enums=enums
        ),
        f"{PACKAGE}/schemas.json": dump_json({"$comment": banner(SCHEMA_SOURCES), **schemas}),
        f"{PACKAGE}/dispatch.py": env.get_template("dispatch.py.j2").render(
            banner=python_banner(("spec/tools/*/*.yaml", "spec/tools/gates.yaml", "spec/policy/limits.yaml")),
            tools=tools,
            approval_parameter=spec.approval_parameter,
            approval_parameter_pattern=spec.approval_parameter_schema["pattern"],
        ),
        f"{PACKAGE}/handler_protocols.py": env.get_template("handler_protocols.py.j2").render(
            banner=python_banner(("spec/tools/*/*.yaml",)), handled_tools=[t for t in tools if t.handled_modes]
        ),
        f"{PACKAGE}/goals.py": env.get_template("goals.py.j2").render(
            banner=python_banner(("spec/policy/goals.yaml",)), groups=spec.goal_groups
        ),
        f"{PACKAGE}/policy.py": env.get_template("policy.py.j2").render(
            banner=python_banner(
                (
                    "spec/policy/limits.yaml",
                    "spec/policy/approval.yaml",
                    "spec/messages/commands/*.yaml",
                    "spec/daemon/api.yaml",
                )
            ),
            limits_version=spec.limits_version,
            groups=spec.limit_groups,
            approval=spec.approval,
            commands=spec.commands,
            extension_origin=spec.daemon_api["components"]["parameters"]["ExtensionOrigin"]["schema"]["const"],
        ),
    }

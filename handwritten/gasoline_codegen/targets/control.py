"""The backend-control protocol: the bundled OpenAPI document and pydantic models of its schemas."""

from __future__ import annotations

import json

from datamodel_code_generator import InputFileType, generate

from ..banner import banner, dump_json, python_banner
from ..model import Spec
from .python_modules import MODEL_OPTIONS, PACKAGE


def render(spec: Spec) -> dict[str, str]:
    sources = (spec.control_source,)
    # x-invalid-examples are the spec's own test data, not part of the published protocol.
    document = json.loads(
        json.dumps(spec.control), object_hook=lambda o: {k: v for k, v in o.items() if k != "x-invalid-examples"}
    )
    models = generate(
        json.dumps(document),
        custom_file_header=python_banner(sources) + '"""Pydantic models of the /.gasoline/control protocol."""',
        **{**MODEL_OPTIONS, "input_file_type": InputFileType.OpenAPI},
    )
    return {
        "generated/openapi/control.json": dump_json({"x-generated": banner(sources), **document}),
        f"{PACKAGE}/control_models.py": models,
    }

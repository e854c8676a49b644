"""The backend-control protocol: the bundled OpenAPI document and pydantic models of its schemas."""

from __future__ import annotations

import json

from datamodel_code_generator import InputFileType, generate

from ..banner import banner, dump_json
from ..model import Spec
from ..templating import environment
from .python_modules import MODEL_OPTIONS, PACKAGE, file_header


def render(spec: Spec) -> dict[str, str]:
    sources = (spec.control_source,)
    # x-invalid-examples are the spec's own test data, not part of the published protocol.
    document = json.loads(
        json.dumps(spec.control), object_hook=lambda o: {k: v for k, v in o.items() if k != "x-invalid-examples"}
    )
    models = generate(
        json.dumps(document),
        custom_file_header=file_header(environment(), "control_models_header.py.j2", sources),
        **{**MODEL_OPTIONS, "input_file_type": InputFileType.OpenAPI},
    )
    return {
        "generated/openapi/control.json": dump_json({"x-generated": banner(sources), **document}),
        f"{PACKAGE}/control_models.py": models,
    }

"""The control protocol's bindings in the python copier template: pydantic v2 models of the
protocol's schemas and its version, written into the rendered service's control package."""

from __future__ import annotations

import json
from typing import Any

from datamodel_code_generator import InputFileType, PythonVersion, generate

from ..banner import python_banner
from ..templating import environment
from .python_modules import MODEL_OPTIONS

BINDINGS = "{{package}}/gasoline_control/protocol_generated.py"

# The repository's own model options (reproducible, strict types), adjusted for a service that is
# not this repository: plain pydantic 2 (no experimental MISSING sentinel, absent fields are None),
# Python 3.10 syntax, and the OpenAPI document's component schemas as input.
TEMPLATE_MODEL_OPTIONS: dict[str, Any] = {
    **{k: v for k, v in MODEL_OPTIONS.items() if k not in {"use_missing_sentinel", "target_pydantic_version"}},
    "input_file_type": InputFileType.OpenAPI,
    "target_python_version": PythonVersion.PY_310,
}


def render(schemas: dict[str, dict[str, Any]], version: str, sources: tuple[str, ...]) -> dict[str, str]:
    """{path inside templates/python/template/: text} of the models at protocol `version`."""
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Gasoline backend control protocol", "version": version},
        "paths": {},
        "components": {"schemas": schemas},
    }
    header = (
        environment().get_template("control_python_header.py.j2").render(banner=python_banner(sources), version=version)
    )
    models = generate(json.dumps(document), custom_file_header=header.rstrip(), **TEMPLATE_MODEL_OPTIONS)
    if not isinstance(models, str):
        raise TypeError("datamodel-code-generator wrote modules, not the one text of the bindings")
    version_line = (
        "\n\n\n# The protocol version these models are generated at (MAJOR.MINOR), sent as X-Gasoline-Control.\n"
        f'PROTOCOL_VERSION = "{version}"\n'
    )
    return {BINDINGS: models.rstrip("\n") + version_line}

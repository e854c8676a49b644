"""The control protocol's bindings in the python copier template: pydantic v2 models of the
protocol's schemas, the version the service announces and the glue from the endpoint's terms to
this version's (see control_bindings.py), written into the rendered service's control package."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from datamodel_code_generator import InputFileType, PythonVersion

from ..banner import python_banner
from ..model_text import models_text
from ..patching import replace
from ..templating import environment
from .python_modules import MODEL_OPTIONS

if TYPE_CHECKING:
    from .control_bindings import Protocol

BINDINGS = "{{package}}/gasoline_control/protocol_generated.py"

# The repository's own model options (reproducible, strict types), adjusted for a service that is
# not this repository: plain pydantic 2 (no experimental MISSING sentinel, absent fields are None),
# Python 3.10 syntax, and the OpenAPI document's component schemas as input.
TEMPLATE_MODEL_OPTIONS: dict[str, Any] = {
    **{k: v for k, v in MODEL_OPTIONS.items() if k not in {"use_missing_sentinel", "target_pydantic_version"}},
    "input_file_type": InputFileType.OpenAPI,
    "target_python_version": PythonVersion.PY_310,
}


def render(protocol: Protocol) -> dict[str, str]:
    """{path inside templates/python/template/: text} of the models and glue at `protocol`."""
    document = {
        "openapi": "3.1.0",
        "info": {"title": "Gasoline backend control protocol", "version": protocol.version},
        "paths": {},
        "components": {"schemas": protocol.schemas},
    }
    templates = environment()
    header = templates.get_template("control_python_header.py.j2").render(
        banner=python_banner((protocol.source,)), version=protocol.version
    )
    models = models_text(json.dumps(document), custom_file_header=header.rstrip(), **TEMPLATE_MODEL_OPTIONS)
    if protocol.writes_text:
        models = replace(models, "import json", "\nfrom typing import ", "\nimport json\nfrom typing import ", count=1)
    glue = templates.get_template("control_python_glue.py.j2").render(protocol=protocol)
    return {BINDINGS: models.rstrip("\n") + "\n\n\n" + glue}

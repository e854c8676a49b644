"""One module per kind of output; each renders {path relative to the repository: text}."""

from . import (
    contract_changes,
    contract_tests,
    contract_versions,
    control,
    control_bindings,
    daemon_api,
    daemon_client,
    python_modules,
    redaction,
    tools_payload,
    typescript,
)

TARGETS = (
    python_modules,
    tools_payload,
    control,
    control_bindings,
    daemon_api,
    daemon_client,
    typescript,
    redaction,
    contract_tests,
    contract_changes,
    contract_versions,
)

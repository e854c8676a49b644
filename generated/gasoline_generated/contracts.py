# Generated from spec/contracts.yaml by `python3 tasks.py gen`. Do not edit by hand.
"""The version of each contract family this build speaks (spec/contracts.yaml), MAJOR.MINOR."""

from __future__ import annotations

CONTRACT_VERSIONS: dict[str, str] = {
    "control": "1.1",
    "extension": "1.2",
    "project_config": "1.0",
    "session_export": "1.0",
    "daemon_api": "1.2",
    "tools": "1.1",
}
CONTROL_CONTRACT = "1.1"
EXTENSION_CONTRACT = "1.2"
PROJECT_CONFIG_CONTRACT = "1.0"
SESSION_EXPORT_CONTRACT = "1.0"
DAEMON_API_CONTRACT = "1.2"
TOOLS_CONTRACT = "1.1"

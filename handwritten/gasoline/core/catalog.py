"""What this server is and offers, readable without loading the models (the bridge must start fast)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import gasoline_generated
from gasoline import __version__

from .protocol import ServerInfo

SERVER_INFO = ServerInfo(
    name="gasoline",
    version=__version__,
    title="Gasoline",
    instructions=(
        "Gasoline sees and acts in the user's browser, backend and repository. Start with "
        'configure(action="health") to learn which modes are available. observe and analyze only '
        "read; interact changes things and may need the user's approval."
    ),
)


@cache
def published_tools() -> list[dict[str, Any]]:
    """The generated tools/list payload: the tools with at least one implemented mode."""
    # Read beside the package rather than through importlib.resources, which costs the bridge's start.
    text = Path(gasoline_generated.__file__).with_name("tools_list.json").read_text(encoding="utf-8")
    tools: list[dict[str, Any]] = json.loads(text)["tools"]
    return tools

"""The text of datamodel-code-generator's models for a schema document, kept on disk by what went in.

Its output depends only on the document, the options and its own pinned version, and producing it
is most of what `gen` costs: a document seen before gets the text written then. The texts live in
the user's cache directory; GASOLINE_CODEGEN_CACHE names another, or `off` produces every time."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tempfile
from importlib.metadata import version
from pathlib import Path
from typing import Any

CACHE_VARIABLE = "GASOLINE_CODEGEN_CACHE"
CACHE_OFF = "off"


def cache_dir() -> Path | None:
    """Where the texts are kept; None when the cache is off."""
    chosen = os.environ.get(CACHE_VARIABLE, "")
    if chosen == CACHE_OFF:
        return None
    if chosen:
        return Path(chosen)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("gasoline")) / "codegen"


def cache_key(document: str, options: dict[str, Any]) -> str:
    """What the text depends on: the document, the options, the generator's and Python's versions."""
    inputs = {
        "generator": version("datamodel-code-generator"),
        "python": list(sys.version_info[:2]),
        "options": {name: value if isinstance(value, dict) else str(value) for name, value in options.items()},
        "document": document,
    }
    return hashlib.sha256(json.dumps(inputs, sort_keys=True).encode()).hexdigest()


def produce(document: str, options: dict[str, Any]) -> str:
    from datamodel_code_generator import generate

    models = generate(document, **options)
    if not isinstance(models, str):
        raise TypeError("datamodel-code-generator wrote modules, not the one text asked for")
    return models


def models_text(document: str, **options: Any) -> str:
    """datamodel-code-generator's output for `document` with `options` (as `generate` takes them)."""
    directory = cache_dir()
    if directory is None:
        return produce(document, options)
    kept = directory / f"{cache_key(document, options)}.py"
    try:
        return kept.read_text(encoding="utf-8")
    except OSError:
        pass
    models = produce(document, options)
    try:
        directory.mkdir(parents=True, exist_ok=True)
        # Written aside, then renamed: a generator running beside this one reads a whole text or none.
        with tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=directory, suffix=".tmp", delete=False) as out:
            out.write(models)
        os.replace(out.name, kept)
    except OSError:
        pass  # an unwritable cache only costs the next run the time
    return models

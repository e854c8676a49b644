"""The project's own configuration: .gasoline/config.yaml in the project directory.

The project directory is GASOLINE_PROJECT_DIR, or the directory the daemon started in (a
bridge starts it in its client's working directory).
"""

from __future__ import annotations

import os
from pathlib import Path

from pydantic import ValidationError

from gasoline_generated.models import ProjectConfig

PROJECT_DIR_ENV = "GASOLINE_PROJECT_DIR"
CONFIG_FILE = Path(".gasoline") / "config.yaml"


class ProjectConfigError(ValueError):
    pass


def project_dir() -> Path:
    return Path(os.environ.get(PROJECT_DIR_ENV) or os.getcwd())


def load_project_config(directory: Path) -> ProjectConfig:
    """The project's configuration (empty when it has none). Raises ProjectConfigError, naming the file."""
    path = directory / CONFIG_FILE
    if not path.exists():
        return ProjectConfig()
    import yaml  # only for a project that has a config file: the daemon stays small without one

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        return ProjectConfig.model_validate(data or {})
    except yaml.YAMLError as error:
        raise ProjectConfigError(f"{path}: not valid YAML: {error}") from error
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors(include_url=False)
        )
        raise ProjectConfigError(f"{path}: {problems}") from error

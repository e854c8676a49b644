"""The project's own configuration: .gasoline/config.yaml in the project directory."""

from __future__ import annotations

import stat
from pathlib import Path

from pydantic import ValidationError

from gasoline_generated.models import ProjectConfig

CONFIG_FILE = Path(".gasoline") / "config.yaml"


class ProjectConfigError(ValueError):
    pass


def load_project_config(directory: Path) -> ProjectConfig:
    """The project's configuration (empty when it has none), parsed again only when the file changed.

    Raises ProjectConfigError, naming the file and the problem, for anything that is not a readable
    UTF-8 YAML mapping of the expected shape: the daemon then starts and withholds results, saying why.
    """
    path = directory / CONFIG_FILE
    try:
        found = path.stat()
        version = (found.st_mtime_ns, found.st_size, found.st_ino)
    except OSError:
        version = None
    known = _parsed.get(path)
    if version is not None and known is not None and known[0] == version:
        return known[1]
    config = parse_config(path)
    if version is not None:
        _parsed[path] = (version, config)
    return config


# config file -> (its mtime, size and inode when parsed, what it said): read at every code or backend call.
_parsed: dict[Path, tuple[tuple[int, int, int], ProjectConfig]] = {}


def parse_config(path: Path) -> ProjectConfig:
    text = read_config_text(path)
    if text is None:
        return ProjectConfig()
    import yaml  # only for a project that has a config file: the daemon stays small without one

    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise ProjectConfigError(f"{path}: not valid YAML: {error}") from error
    except RecursionError as error:
        raise ProjectConfigError(f"{path}: not valid YAML: nested too deeply") from error
    if data is None:
        return ProjectConfig()
    if not isinstance(data, dict):
        raise ProjectConfigError(f"{path}: must be a YAML mapping (key: value), not {type(data).__name__}")
    try:
        return ProjectConfig.model_validate(data)
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors(include_url=False)
        )
        raise ProjectConfigError(f"{path}: {problems}") from error


def read_config_text(path: Path) -> str | None:
    """The file's text; None when there is no file. Only a regular file is read: a FIFO would block the start."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise ProjectConfigError(f"{path}: not a regular file")
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        return None
    except UnicodeDecodeError as error:
        raise ProjectConfigError(f"{path}: not UTF-8 text (byte {error.start}: {error.reason})") from error
    except OSError as error:
        raise ProjectConfigError(f"{path}: cannot be read: {error.strerror or error}") from error

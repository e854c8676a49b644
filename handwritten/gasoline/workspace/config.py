"""A repository's own configuration: .gasoline/config.yaml, read and checked against the spec's ProjectConfig."""

from __future__ import annotations

import stat
from pathlib import Path

from pydantic import ValidationError

from gasoline_generated.models import ProjectConfig

CONFIG_FILE = Path(".gasoline") / "config.yaml"


class ProjectConfigError(ValueError):
    pass


def load_project_config(directory: Path) -> ProjectConfig:
    """The directory's configuration (empty when it has none).

    Raises ProjectConfigError, naming the file and the problem, for anything that is not a readable
    UTF-8 YAML mapping of the expected shape. For the daemon's own directory, the daemon then starts
    and withholds results, saying why; for a client's repository, that repository's calls fail.
    """
    return parse_config(directory / CONFIG_FILE)


def version_of(directory: Path) -> tuple[int, int, int] | None:
    """What tells one state of the config file from another (mtime, size, inode); None: no file to read."""
    try:
        found = (directory / CONFIG_FILE).stat()
    except OSError:
        return None
    return found.st_mtime_ns, found.st_size, found.st_ino


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

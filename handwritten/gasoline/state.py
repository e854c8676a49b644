"""Where the daemon keeps its state, and how it is found: the port and the state directory."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

STATE_DIR_ENV = "GASOLINE_STATE_DIR"
PORT_ENV = "GASOLINE_PORT"
DEFAULT_PORT = 7890
KEY_BYTES = 32


class StateError(RuntimeError):
    pass


def configured_port() -> int:
    raw = os.environ.get(PORT_ENV, str(DEFAULT_PORT))
    if not raw.isdigit() or not 0 < int(raw) < 65536:
        raise StateError(f"{PORT_ENV}={raw!r} is not a TCP port (1-65535)")
    return int(raw)


def installation_key(root: Path) -> bytes:
    """The key that makes redaction masks stable across restarts of this installation (mode 0600).

    A missing, short or garbled key file is replaced by a fresh key, written whole or not at all.
    """
    path = root / "redaction.key"
    try:
        key = bytes.fromhex(path.read_text().strip())
        if len(key) == KEY_BYTES:
            return key
    except (FileNotFoundError, ValueError):
        pass
    import secrets  # only the daemon needs it; the bridge must start fast

    key = secrets.token_bytes(KEY_BYTES)
    write_private(path, key.hex())
    return key


def write_private(path: Path, text: str) -> None:
    """Write a file only this user can read (mode 0600), atomically: readers see the old or the new one."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    temporary.unlink(missing_ok=True)
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(text + "\n")
    temporary.replace(path)


def state_dir() -> Path:
    """GASOLINE_STATE_DIR, or the platform's per-user state directory; created private to the user."""
    configured = os.environ.get(STATE_DIR_ENV)
    if configured:
        path = Path(configured).expanduser()
    else:
        from platformdirs import user_state_path

        path = user_state_path("gasoline")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


@dataclass(frozen=True)
class DaemonFiles:
    """The files of the daemon on one port. Every name carries the port, so daemons on several ports coexist."""

    root: Path
    port: int

    @classmethod
    def for_port(cls, port: int | None = None) -> DaemonFiles:
        return cls(state_dir(), configured_port() if port is None else port)

    def _file(self, suffix: str) -> Path:
        return self.root / f"daemon-{self.port}.{suffix}"

    @property
    def pid(self) -> Path:
        return self._file("pid")

    @property
    def lock(self) -> Path:
        """Held by the running daemon for as long as it lives."""
        return self._file("lock")

    @property
    def spawn_lock(self) -> Path:
        """Held by a bridge while it checks for, replaces or starts the daemon."""
        return self._file("spawn.lock")

    @property
    def token(self) -> Path:
        """The bearer token MCP clients send to /mcp."""
        return self._file("token")

    @property
    def approver_token(self) -> Path:
        """The bearer token of the human channels (CLI, popup, panel) for /approvals; never given to an MCP client."""
        return self._file("approver.token")

    @property
    def published(self) -> tuple[Path, ...]:
        """What a running daemon publishes for others (and removes when it stops): its pid and tokens."""
        return (self.pid, self.token, self.approver_token)

    @property
    def socket(self) -> Path:
        """The daemon's local socket, over which bridges forward MCP lines."""
        return self._file("sock")

    @property
    def log(self) -> Path:
        return self._file("log")

    @property
    def sessions(self) -> Path:
        """The sessions' logs (one JSON-lines file each, and its metadata), which outlive a restart."""
        return self.root / f"sessions-{self.port}"

    @property
    def panel_token(self) -> Path:
        """The digest of the agent panel's bearer token (never the token), kept across restarts."""
        return self._file("panel.token")

    def read_token(self, path: Path | None = None) -> str | None:
        try:
            return (path or self.token).read_text().strip() or None
        except FileNotFoundError:
            return None

    def read_pid(self) -> int | None:
        try:
            return int(self.pid.read_text().strip())
        except (FileNotFoundError, ValueError):
            return None

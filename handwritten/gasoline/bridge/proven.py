"""Which process may be signalled as the daemon of a port: only one proven to be ours.

Whatever answers on the port may claim any pid in its /health. The proof never asks it: the pid
comes from the state directory's pid file, that pid must hold the daemon's lock file (per
/proc/locks), belong to this user, and run `gasoline daemon` for this port (per /proc/<pid>/cmdline).
"""

from __future__ import annotations

import os
from pathlib import Path

from gasoline.state import DEFAULT_PORT, PORT_ENV, DaemonFiles

COMMAND_CHARS = 160  # of a command line named in a message


def proven_daemon(files: DaemonFiles) -> int | None:
    """The pid of this user's daemon on files.port, or None when no process passes every check."""
    pid = files.read_pid()
    if pid is None or pid <= 1:
        return None
    try:
        owner = os.stat(f"/proc/{pid}").st_uid
        argv = Path(f"/proc/{pid}/cmdline").read_bytes().decode(errors="replace").split("\0")
        lock_inode = os.stat(files.lock).st_ino
    except OSError:
        return None
    if owner != os.getuid() or daemon_port(pid, argv) != files.port:
        return None
    return pid if holds_lock(pid, lock_inode) else None


def daemon_port(pid: int, argv: list[str]) -> int | None:
    """The port a `gasoline daemon` command line serves (None when it is not one): --port, else its environment."""
    if "daemon" not in argv:
        return None
    before = argv[: argv.index("daemon")]
    runs_gasoline = any(Path(word).name == "gasoline" for word in before)
    if not runs_gasoline:
        return None
    after = argv[argv.index("daemon") + 1 :]
    for index, word in enumerate(after):
        if word == "--port" and index + 1 < len(after):
            return int(after[index + 1]) if after[index + 1].isdigit() else None
        if word.startswith("--port="):
            return int(word[7:]) if word[7:].isdigit() else None
    try:
        environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    except OSError:
        return None
    configured = [entry.split(b"=", 1)[1] for entry in environment if entry.startswith(f"{PORT_ENV}=".encode())]
    return int(configured[0]) if configured and configured[0].isdigit() else DEFAULT_PORT


def holds_lock(pid: int, inode: int) -> bool:
    """Whether /proc/locks shows pid holding a lock on the file with this inode."""
    try:
        table = Path("/proc/locks").read_text()
    except OSError:
        return False
    for line in table.splitlines():
        fields = line.split()
        if "->" in fields:  # a waiter, not a holder
            continue
        if len(fields) >= 6 and fields[4] == str(pid) and fields[5].rpartition(":")[2] == str(inode):
            return True
    return False


def port_holder(port: int) -> str:
    """Who listens on 127.0.0.1:port, as far as this user can see: "pid N (command line)", or why unknown."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            fields = row.split()
            if len(fields) > 9 and fields[3] == "0A" and int(fields[1].rpartition(":")[2], 16) == port:
                inodes.add(f"socket:[{fields[9]}]")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if any(os.readlink(fd) in inodes for fd in (entry / "fd").iterdir()):
                argv = (entry / "cmdline").read_bytes().decode(errors="replace")
                command = " ".join(argv.replace("\0", " ").split())  # on one line: it goes into messages
                return f"pid {entry.name} ({command[:COMMAND_CHARS]}{'...' if len(command) > COMMAND_CHARS else ''})"
        except OSError:
            continue
    return "a process this user cannot see"

"""Who is at the other end of a loopback connection: the local user owning the peer's socket, as the
kernel lists it (Linux's /proc/net/tcp and tcp6). Every local process connects from the same
address and may send any header; the owner of its socket it cannot choose."""

from __future__ import annotations

from pathlib import Path

import falcon

SOCKET_TABLES = (Path("/proc/net/tcp"), Path("/proc/net/tcp6"))
LOCAL, REMOTE, UID = 1, 2, 7  # columns of a socket table's row


def peer_user(req: falcon.Request) -> int | None:
    """The uid owning the client's end of this request's connection; None where the kernel does not
    say (another system, or the client is gone)."""
    try:
        ports = (int(req.env["REMOTE_PORT"]), int(req.env["SERVER_PORT"]))
    except (KeyError, ValueError):
        return None
    for table in SOCKET_TABLES:
        try:
            rows = table.read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            columns = row.split()
            if len(columns) > UID and (port_of(columns[LOCAL]), port_of(columns[REMOTE])) == ports:
                return int(columns[UID])
    return None


def port_of(address: str) -> int:
    """The port of a socket table's address ("0100007F:C350": hex address, hex port)."""
    return int(address.rpartition(":")[2], 16)

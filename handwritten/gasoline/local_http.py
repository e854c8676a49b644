"""JSON over HTTP to the daemon on this machine, for the command line and the demo."""

from __future__ import annotations

import http.client
import json
from typing import Any


def request_json(
    port: int, method: str, path: str, token: str | None = None, body: Any = None, timeout: float = 10
) -> tuple[int, Any]:
    """The daemon's status and JSON answer ({} when it has none); OSError or ValueError when it
    cannot be reached or does not answer JSON."""
    headers = {"Host": f"127.0.0.1:{port}", "User-Agent": "gasoline-cli", "Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"{}")
    finally:
        connection.close()

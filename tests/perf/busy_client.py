"""An MCP client over HTTP that calls as fast as it can until its stdin closes, then prints how many
calls it made: the load beside which other figures are measured (a process of its own, so it does
not share the measuring process's interpreter)."""

from __future__ import annotations

import sys
import threading

from measure import HttpClient

CALL = {"name": "observe", "arguments": {"what": "logs", "limit": 5}}


def main(port: int, token: str) -> None:
    client = HttpClient(port, token)
    closed = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), closed.set()), daemon=True).start()
    print("calling", flush=True)
    calls = 0
    while not closed.is_set():
        reply = client.request("tools/call", CALL)
        assert not reply["result"].get("isError"), reply
        calls += 1
    print(calls, flush=True)


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2])

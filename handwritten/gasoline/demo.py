"""python -m gasoline.demo: what the toolkit offers today, shown through its own entry points."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from importlib import resources
from pathlib import Path

from gasoline import __version__
from gasoline_generated.dispatch import MODES

GASOLINE = str(Path(sys.executable).parent / "gasoline")


def heading(text: str) -> None:
    print(f"\n== {text}")


def run(*args: str) -> None:
    print(f"$ gasoline {shlex.join(args)}")
    result = subprocess.run([GASOLINE, *args], capture_output=True, text=True, timeout=60)
    print((result.stdout + result.stderr).rstrip())
    print(f"(exit status {result.returncode})")


def main() -> None:
    print(f"Gasoline {__version__}")
    heading("Tools an MCP client is offered (tools/list)")
    payload = json.loads(resources.files("gasoline_generated").joinpath("tools_list.json").read_text())
    for tool in payload["tools"]:
        key = next(iter(tool["inputSchema"]["properties"]))
        modes = tool["inputSchema"]["properties"][key]["enum"]
        print(f"  {tool['name']}: {tool['title']} — {key} in {modes}")
    planned = [entry.label for entry in MODES.values() if not entry.published]
    print(f"  and {len(planned)} more modes declared in spec/tools/, published once their handlers land, e.g.:")
    for label in planned[:6]:
        print(f"    {label}")

    heading("A tool call, validated against its mode's model and answered with structured content")
    run("call", "configure", '{"action": "health"}')

    heading("A wrong argument gets a structured error naming the mode and the parameter")
    run("call", "configure", '{"action": "health", "verbose": true}')

    heading("So does a mode that is not available yet")
    run("call", "configure", '{"action": "snapshot", "session_action": "list"}')


if __name__ == "__main__":
    main()

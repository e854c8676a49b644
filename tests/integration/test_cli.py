"""The gasoline command, run as a user runs it (tool calls go through a real daemon)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from .conftest import Isolated
from .processes import ROOT, environment

GASOLINE = str(Path(sys.executable).parent / "gasoline")


def gasoline(isolated: Isolated, *args: str) -> subprocess.CompletedProcess[str]:
    env = environment(isolated.state_dir, isolated.port)
    return subprocess.run([GASOLINE, *args], capture_output=True, text=True, timeout=60, env=env)


def test_version(isolated: Isolated) -> None:
    from gasoline import __version__

    result = gasoline(isolated, "--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"gasoline {__version__}")


def test_extension_path_in_a_checkout_is_what_npm_builds(isolated: Isolated) -> None:
    result = gasoline(isolated, "extension-path")
    assert (result.returncode, result.stdout) == (0, f"{ROOT / 'extension' / 'dist'}\n"), result.stderr


def test_call_prints_the_structured_result(isolated: Isolated) -> None:
    result = gasoline(isolated, "call", "configure", '{"action": "health"}')
    assert result.returncode == 0, result.stderr
    health = json.loads(result.stdout)
    assert health["service"] == "gasoline" and health["transports"]["http"]["url"].endswith(f":{isolated.port}/mcp")


def test_call_with_bad_arguments_prints_the_error_and_exits_1(isolated: Isolated) -> None:
    result = gasoline(isolated, "call", "configure", '{"action": "health", "verbose": 1}')
    assert result.returncode == 1
    assert json.loads(result.stdout)["error"] == "invalid_arguments"


def test_call_rejects_what_is_not_a_json_object(isolated: Isolated) -> None:
    for arguments, message in (("{oops", "arguments are not JSON"), ("[1]", "arguments must be a JSON object")):
        result = gasoline(isolated, "call", "configure", arguments)
        assert result.returncode == 2 and message in result.stderr and result.stdout == ""


def test_call_of_an_unknown_tool_says_which_tools_exist(isolated: Isolated) -> None:
    result = gasoline(isolated, "call", "teleport", "{}")
    assert result.returncode == 2 and "Unknown tool: teleport" in result.stderr

"""The gasoline command, run as a user runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GASOLINE = str(Path(sys.executable).parent / "gasoline")


def gasoline(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([GASOLINE, *args], capture_output=True, text=True, timeout=60)


def test_version() -> None:
    from gasoline import __version__

    result = gasoline("--version")
    assert (result.returncode, result.stdout.strip()) == (0, f"gasoline {__version__}")


def test_call_prints_the_structured_result() -> None:
    result = gasoline("call", "configure", '{"action": "health"}')
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["service"] == "gasoline"


def test_call_with_bad_arguments_prints_the_error_and_exits_1() -> None:
    result = gasoline("call", "configure", '{"action": "health", "verbose": 1}')
    assert result.returncode == 1
    assert json.loads(result.stdout)["error"] == "invalid_arguments"


def test_call_rejects_what_is_not_a_json_object() -> None:
    for arguments, message in (("{oops", "arguments are not JSON"), ("[1]", "arguments must be a JSON object")):
        result = gasoline("call", "configure", arguments)
        assert result.returncode == 2 and message in result.stderr and result.stdout == ""


def test_call_of_an_unknown_tool_says_which_tools_exist() -> None:
    result = gasoline("call", "teleport", "{}")
    assert result.returncode == 2 and "unknown tool 'teleport'; the tools are: configure" in result.stderr

"""Set-up steps say one line each; what their tools print goes to a log, shown only when a step fails."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from ..conftest import ROOT


def tasks_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gasoline_tasks", ROOT / "tasks.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # invoke reads the module's tasks back from sys.modules
    spec.loader.exec_module(module)
    return module


NOISY = [sys.executable, "-c", "for i in range(300): print(f'Unpacking package {i} ...')"]
FAILING = [sys.executable, "-c", "import sys; [print(f'noise {i}') for i in range(100)]; sys.exit('no space left')"]


def test_a_step_that_works_is_one_line_and_its_noise_is_in_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "setup.log"
    tasks_module().step("install the things", NOISY, log=log)
    out, err = capsys.readouterr()
    assert out.count("\n") == 1 and out.startswith("setup: install the things ... done in ")
    assert err == ""
    logged = log.read_text()
    assert logged.startswith(f"\n$ {sys.executable} -c ") and logged.endswith("Unpacking package 299 ...\n")


def test_a_step_that_fails_names_its_log_and_shows_its_tail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "setup.log"
    with pytest.raises(SystemExit) as stopped:
        tasks_module().step("install the things", FAILING, log=log)
    out, err = capsys.readouterr()
    assert stopped.value.code == 1
    assert "failed after" in out and str(log) in out
    assert "no space left" in err and "noise 99" in err and "noise 0\n" not in err, "the tail, not everything"

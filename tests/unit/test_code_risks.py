"""The rules that make an edit risky: the file it touches, how much of it goes, and added code that
runs commands, each by its kind; an ordinary edit has none."""

from __future__ import annotations

import pytest

from gasoline.code.risks import edit_risks


def kinds(relative: str, before: list[str], after: list[str]) -> list[str]:
    return [risk.kind for risk in edit_risks(relative, before, after)]


@pytest.mark.parametrize(
    ("relative", "kind"),
    [
        ("package-lock.json", "lockfile"),
        ("web/yarn.lock", "lockfile"),
        ("poetry.lock", "lockfile"),
        ("uv.lock", "lockfile"),
        ("Cargo.lock", "lockfile"),
        ("go.sum", "lockfile"),
        ("pnpm-lock.yaml", "lockfile"),
        ("Pipfile.lock", "lockfile"),
        (".github/workflows/release.yml", "ci_config"),
        (".gitlab-ci.yml", "ci_config"),
        (".circleci/config.yml", "ci_config"),
        ("Jenkinsfile", "ci_config"),
        (".env", "credentials"),
        ("config/.env.production", "credentials"),
        ("certs/server.pem", "credentials"),
        ("deploy/id_rsa", "credentials"),
        (".npmrc", "credentials"),
        (".pypirc", "credentials"),
        (".aws/credentials", "credentials"),
        ("scripts/release.sh", "script"),
    ],
)
def test_the_file_an_edit_touches(relative: str, kind: str) -> None:
    [risk] = edit_risks(relative, ["a = 1"], ["a = 2"])

    assert risk.kind == kind
    assert risk.message.startswith(relative)


def test_a_file_whose_first_line_is_a_shebang_is_a_script() -> None:
    [risk] = edit_risks("bin/release", ["#!/usr/bin/env bash", "make"], ["#!/usr/bin/env bash", "make dist"])

    assert risk.kind == "script"
    assert risk.message == "bin/release is a script run as a program (#!/usr/bin/env bash)"


def test_an_edit_deleting_more_than_half_of_the_file() -> None:
    lines = [f"line {number}" for number in range(1, 11)]

    [risk] = edit_risks("notes.txt", lines, lines[:4])

    assert (risk.kind, risk.message) == ("deletes_most", "the edit deletes 6 of the file's 10 lines")
    assert kinds("notes.txt", lines, lines[:5]) == [], "half is not most"


@pytest.mark.parametrize(
    ("relative", "added"),
    [
        ("tools/build.py", "subprocess.run(['make'], check=True)"),
        ("tools/build.py", "os.system('make')"),
        ("tools/build.py", "eval(source)"),
        ("src/build.js", "const { execSync } = require('child_process');"),
        ("src/build.ts", "import { spawn } from 'node:child_process';"),
        ("cmd/build.go", 'out, err := exec.Command("make").Output()'),
        ("lib/build.rb", "system('make')"),
        ("Build.java", 'new ProcessBuilder("make").start();'),
        ("src/main.rs", 'Command::new("make").status()?;'),
        ("web/index.php", "shell_exec($command);"),
    ],
)
def test_added_code_that_runs_commands(relative: str, added: str) -> None:
    risks = edit_risks(relative, ["first = 1"], ["first = 1", added])

    assert [risk.kind for risk in risks] == ["runs_commands"]
    assert risks[0].message.startswith("the new code runs commands or evaluates code: ")


def test_command_substitution_in_a_script_without_an_ending() -> None:
    before = ["#!/bin/sh", "echo start"]

    assert kinds("bin/deploy", before, [*before, "version=`git describe`"]) == ["script", "runs_commands"]
    assert kinds("bin/deploy", before, [*before, 'echo "$(date)"']) == ["script", "runs_commands"]


def test_only_added_lines_count_and_look_alikes_do_not() -> None:
    before = ["import subprocess", "subprocess.run(['make'])", "x = 1"]

    assert kinds("tools/build.py", before, [*before[:2], "x = 2"]) == [], "the command was there already"
    assert kinds("src/parse.js", ["let m;"], ["let m;", "m = pattern.exec(text);"]) == [], "RegExp.prototype.exec"
    assert kinds("tools/build.py", ["x = 1"], ["x = 1", "result = model.eval()"]) == []


def test_an_ordinary_edit_is_not_risky() -> None:
    assert edit_risks("src/cart.py", ["def total(items):", "    return 0"], ["def total(items):", "    return 1"]) == []

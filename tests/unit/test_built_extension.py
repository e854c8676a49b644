"""Finding the built extension: a wheel's packaged copy first, else the checkout's extension/dist."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from gasoline import built_extension, cli
from gasoline.built_extension import ExtensionNotBuilt, extension_dir

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Places:
    packaged: Path
    checkout: Path


@pytest.fixture
def places(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Places:
    """Where a wheel and a checkout keep the extension, both still empty."""
    chosen = Places(tmp_path / "site-packages" / "gasoline" / "extension", tmp_path / "extension" / "dist")
    monkeypatch.setattr(built_extension, "PACKAGED", chosen.packaged)
    monkeypatch.setattr(built_extension, "CHECKOUT", chosen.checkout)
    return chosen


def build(directory: Path) -> None:
    directory.mkdir(parents=True)
    (directory / "manifest.json").write_text('{"manifest_version": 3}')


def test_a_checkout_uses_what_npm_builds_and_has_no_packaged_copy() -> None:
    assert built_extension.CHECKOUT == ROOT / "extension" / "dist"
    assert not built_extension.PACKAGED.exists(), "only a wheel carries gasoline/extension/"


def test_the_packaged_copy_comes_first(places: Places) -> None:
    build(places.checkout)
    assert extension_dir() == places.checkout
    build(places.packaged)
    assert extension_dir() == places.packaged


def test_an_unbuilt_extension_is_an_error_that_says_what_to_do(places: Places) -> None:
    with pytest.raises(ExtensionNotBuilt, match=r"manifest.json in .*extension/dist\): run `python3 tasks.py build`"):
        extension_dir()
    places.packaged.mkdir(parents=True)
    with pytest.raises(ExtensionNotBuilt, match="reinstall gasoline from a wheel"):
        extension_dir()


def test_extension_path_prints_the_directory(places: Places, capsys: pytest.CaptureFixture[str]) -> None:
    build(places.checkout)
    assert cli.main(["extension-path"]) == 0
    assert capsys.readouterr().out == f"{places.checkout}\n"


def test_extension_path_fails_with_a_message_when_not_built(places: Places, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["extension-path"]) == 1
    printed = capsys.readouterr()
    assert printed.out == ""
    assert printed.err.startswith("gasoline extension-path: the extension is not built")
    assert "python3 tasks.py build" in printed.err

"""Where the built Chrome extension is, whichever way gasoline was installed.

An installed wheel carries it as package data, `gasoline/extension/` (setup.py copies it in when
the wheel is built). A development checkout (the editable install `tasks.py setup` makes) runs from
`handwritten/gasoline/`, and its extension is the one `npm run build` writes to `extension/dist/`.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
PACKAGED = PACKAGE / "extension"
CHECKOUT = PACKAGE.parents[1] / "extension" / "dist"


class ExtensionNotBuilt(RuntimeError):
    """No built extension where this installation keeps it."""


def extension_dir() -> Path:
    """The unpacked extension (what Chrome's "Load unpacked" takes): the packaged copy, else the checkout's build."""
    directory = PACKAGED if PACKAGED.is_dir() else CHECKOUT
    if not (directory / "manifest.json").is_file():
        remedy = "reinstall gasoline from a wheel" if directory == PACKAGED else "run `python3 tasks.py build`"
        raise ExtensionNotBuilt(f"the extension is not built (no manifest.json in {directory}): {remedy}")
    return directory

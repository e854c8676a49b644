"""The one build step pyproject.toml cannot declare: the built Chrome extension goes into the wheel.

`npm run build` in extension/ (which `python3 tasks.py build` runs) writes the unpacked extension to
extension/dist/. The sdist carries that directory (MANIFEST.in), and a wheel carries a copy as the
package data `gasoline/extension/`, where `gasoline.built_extension` finds it. Building either before
the extension fails, rather than shipping a gasoline without it. Editable installs copy nothing:
they use extension/dist/ in place.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist
from setuptools.errors import SetupError

BUILT_EXTENSION = Path(__file__).resolve().parent / "extension" / "dist"
PACKAGED_AS = ("gasoline", "extension")


def require_built_extension() -> None:
    if not (BUILT_EXTENSION / "manifest.json").is_file():
        raise SetupError(
            f"the extension is not built ({BUILT_EXTENSION} has no manifest.json): run `python3 tasks.py build` "
            "(or `npm ci && npm run build` in extension/) before building gasoline"
        )


class BuildPyWithExtension(build_py):
    def run(self) -> None:
        super().run()
        if not self.editable_mode:
            require_built_extension()
            target = Path(self.build_lib, *PACKAGED_AS)
            shutil.rmtree(target, ignore_errors=True)  # a reused build directory keeps no stale files
            shutil.copytree(BUILT_EXTENSION, target)


class SdistWithExtension(sdist):
    def run(self) -> None:
        require_built_extension()
        super().run()


setup(cmdclass={"build_py": BuildPyWithExtension, "sdist": SdistWithExtension})

"""python -m gasoline_codegen [--root DIR] {gen,check}"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .generate import check_message, differences, render_all, write
from .patching import GenerationError
from .specload import SpecError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gasoline_codegen", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root (holds spec/ and generated/)")
    parser.add_argument("command", choices=("gen", "check"), help="gen: write generated/; check: compare it with spec/")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        files = render_all(args.root)
    except SpecError as error:
        print(f"spec/ is invalid ({len(error.problems)} problem(s)):\n{error}", file=sys.stderr)
        return 2
    except GenerationError as error:
        print(f"generation failed: {error}", file=sys.stderr)
        return 3
    if args.command == "gen":
        changed = write(args.root, files)
        elapsed = time.perf_counter() - started
        print(f"generated {len(files)} files ({len(changed)} changed) in {elapsed:.2f} s")
        for rel in changed:
            print(f"  {rel}")
        return 0
    reports = differences(args.root, files)
    if reports:
        print(check_message(reports), file=sys.stderr)
        return 1
    print(f"generated/ is in step with spec/ ({len(files)} files)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

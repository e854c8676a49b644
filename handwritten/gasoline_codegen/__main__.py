"""python -m gasoline_codegen [--root DIR] {gen,check,release FAMILY}"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .compat.releases import ReleaseError, write_release
from .generate import check_message, differences, render_all, write
from .patching import GenerationError
from .specload import SpecError


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gasoline_codegen", description=__doc__)
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="repository root (holds spec/ and generated/)")
    parser.add_argument(
        "command",
        choices=("gen", "check", "release"),
        help="gen: write generated/; check: compare it with spec/; release: keep a family's contract as released",
    )
    parser.add_argument("family", nargs="?", help="with release: the contract family (spec/contracts.yaml)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    try:
        if args.command == "release":
            print(f"released {write_release(args.root, args.family or '')}")
            return 0
        files = render_all(args.root)
    except SpecError as error:
        print(f"spec/ is invalid ({len(error.problems)} problem(s)):\n{error}", file=sys.stderr)
        return 2
    except ReleaseError as error:
        print(f"not released: {error}", file=sys.stderr)
        return 4
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

"""python3 tasks.py bench: each figure beside a reference measured in the same run.

A ratio to a reference taken on the same machine at the same moment means something on a
noisy shared machine; the absolute number alone does not.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from gasoline.core.dispatch import Dispatcher
from gasoline.runtime import Runtime
from gasoline_generated.models import ConfigureHealthResult

ROOT = Path(__file__).resolve().parents[2]


def median_seconds(action: Callable[[], object], repeat: int) -> float:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        action()
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def python(*args: str) -> Callable[[], object]:
    return lambda: subprocess.run([sys.executable, *args], cwd=ROOT, check=True, capture_output=True)


def report(figure: str, value: float, reference_name: str, reference: float, unit: str, goal: str) -> None:
    scale = 1000 if unit == "ms" else 1
    measured = f"{value * scale:9.2f} {unit:<3}"
    baseline = f"{reference_name:<38} {reference * scale:9.2f} {unit:<3}"
    print(f"{figure:<34} {measured} | reference {baseline} | ratio {value / reference:6.2f} | goal {goal}")


def main() -> None:
    generate = median_seconds(python("-m", "gasoline_codegen", "--root", str(ROOT), "check"), repeat=5)
    imports = median_seconds(
        python("-c", "import datamodel_code_generator, jsonschema, yaml, jinja2, pydantic"), repeat=5
    )
    report("check-gen (render all, compare)", generate, "start Python + import the generators", imports, "s", "< 10 s")

    dispatcher = Dispatcher(Runtime.start())
    call = median_seconds(lambda: dispatcher.call("configure", {"action": "health"}), repeat=2000)
    sample = dispatcher.call("configure", {"action": "health"}).structured
    dump = median_seconds(lambda: ConfigureHealthResult.model_validate(sample).model_dump(mode="json"), repeat=2000)
    report("dispatch configure(health)", call, "validate + dump its result model", dump, "ms", "tracked")


if __name__ == "__main__":
    main()

"""Start-up figures beside bare Python: `tablectl --help`, the engine's import, the evaluator's tables.

    python bench/startup.py [--runs 15]

Each figure is the median of fresh processes (the console script exactly as pip installed it,
or ``python -m tablectl`` when it is not installed). Targets (issue 14): `tablectl --help` at most
4x a bare ``python -c pass``; importing the engine (what `tablectl replay` loads) at most 60 ms;
the evaluator's tables loaded at most 30 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# In-process timings, printed by the child as seconds.
IMPORT_ENGINE = (
    "import time; t = time.perf_counter(); import tablectl.engine.table; "
    "print(time.perf_counter() - t)"
)
EVALUATOR_LOADED = (
    "import time; t = time.perf_counter(); from tablectl.engine import evaluator; "
    "evaluator.evaluate(['As', 'Ks', 'Qs', 'Js', 'Ts', '2c', '3d']); "
    "evaluator.evaluate(['As', 'Ad', 'Qs', 'Jh', 'Tc', '2c', '3d']); "
    "print(time.perf_counter() - t)"
)


def wall(cmd: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def inner(code: str, runs: int, env: dict[str, str]) -> float:
    out = [
        float(subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                             text=True, check=True).stdout)
        for _ in range(runs)
    ]
    return statistics.median(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    script = Path(sys.executable).with_name("tablectl")
    if not script.exists():
        found = shutil.which("tablectl")
        script = Path(found) if found else None  # type: ignore[assignment]
    help_cmd = [str(script), "--help"] if script else [sys.executable, "-m", "tablectl", "--help"]

    bare = wall([sys.executable, "-c", "pass"], args.runs, env)
    helps = wall(help_cmd, args.runs, env)
    engine = inner(IMPORT_ENGINE, args.runs, env)
    tables = inner(EVALUATOR_LOADED, args.runs, env)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    print(f"median of {args.runs} fresh processes; {sys.executable}")
    print(f"{'bare `python -c pass`':44}{bare * 1000:8.1f} ms   1.0x")
    print(f"{'`' + ' '.join(Path(c).name for c in help_cmd) + '`':44}{helps * 1000:8.1f} ms "
          f"{helps / bare:5.1f}x  (target <= 4x) [{verdict(helps <= 4 * bare)}]")
    print(f"{'import tablectl.engine.table (in process)':44}{engine * 1000:8.1f} ms "
          f"{'':6}  (target <= 60 ms) [{verdict(engine <= 0.060)}]")
    print(f"{'evaluator imported, tables loaded, 2 evals':44}{tables * 1000:8.1f} ms "
          f"{'':6}  (target <= 30 ms) [{verdict(tables <= 0.030)}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())

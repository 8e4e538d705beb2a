"""Start-up beside bare Python: `tablectl --help`, the engine's import, the evaluator's tables.

    python bench/startup.py [--runs 15]

Each figure is the best of several fresh processes (the machine is shared): the console script
exactly as pip installed it (``python -m tablectl`` when it is not installed). Measured twice:
with bytecode cached, as pip installs it on the Pi (``.pyc`` files in a private
``PYTHONPYCACHEPREFIX``, warmed by a first run), and with every module compiled from source at
each start (``PYTHONDONTWRITEBYTECODE=1``, no cache: a checkout where nothing may write
``__pycache__``). Targets (issue 14): `tablectl --help` at most 4x a bare ``python -c pass``;
importing the engine (what `tablectl replay` loads) at most 60 ms; the evaluator's tables
loaded at most 30 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
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
    return min(times)


def inner(code: str, runs: int, env: dict[str, str]) -> float:
    out = [
        float(
            subprocess.run(
                [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(runs)
    ]
    return min(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("tablectl")
    if not script.exists():
        found = shutil.which("tablectl")
        script = Path(found) if found else None  # type: ignore[assignment]
    help_cmd = [str(script), "--help"] if script else [sys.executable, "-m", "tablectl", "--help"]
    with tempfile.TemporaryDirectory(prefix="tablectl-pyc-") as cache:
        cached = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached.update(PYTHONPATH=str(ROOT), PYTHONPYCACHEPREFIX=cache)
        source = dict(
            os.environ,
            PYTHONPATH=str(ROOT),
            PYTHONDONTWRITEBYTECODE="1",
            PYTHONPYCACHEPREFIX=str(Path(cache) / "none"),
        )
        for what, env in (
            ("bytecode cached (as installed)", cached),
            ("compiled from source at each start", source),
        ):
            for cmd in (
                [sys.executable, "-c", "pass"],
                help_cmd,
                [sys.executable, "-c", IMPORT_ENGINE],
            ):
                subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, check=True)  # warm
            report(what, help_cmd, args.runs, env)
    return 0


def report(what: str, help_cmd: list[str], runs: int, env: dict[str, str]) -> None:
    bare = wall([sys.executable, "-c", "pass"], runs, env)
    helps = wall(help_cmd, runs, env)
    engine = inner(IMPORT_ENGINE, runs, env)
    tables = inner(EVALUATOR_LOADED, runs, env)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    print(f"{what}: best of {runs} fresh processes; {sys.executable}")
    print(f"  {'bare `python -c pass`':44}{bare * 1000:8.1f} ms   1.0x")
    print(
        f"  {'`' + ' '.join(Path(c).name for c in help_cmd) + '`':44}{helps * 1000:8.1f} ms "
        f"{helps / bare:5.1f}x  (target <= 4x) [{verdict(helps <= 4 * bare)}]"
    )
    print(
        f"  {'import tablectl.engine.table (in process)':44}{engine * 1000:8.1f} ms "
        f"{'':6}  (target <= 60 ms) [{verdict(engine <= 0.060)}]"
    )
    print(
        f"  {'evaluator imported, tables loaded, 2 evals':44}{tables * 1000:8.1f} ms "
        f"{'':6}  (target <= 30 ms) [{verdict(tables <= 0.030)}]"
    )


if __name__ == "__main__":
    sys.exit(main())

"""Re-check mutmut 3 mutants without mutmut's wall-clock limit (docs/testing.md).

    python3 tests/mutant_check.py NAME...            # from the checkout, after a `mutmut run`
    EXTRA="tests/test_scenarios.py::test_scenario_passes[new.jsonl]" ONLY=1 python3 ... NAME...

Runs each mutant's tests (those mutmut recorded for its function in mutants/mutmut-stats.json,
fastest first, after the ``EXTRA`` test ids; only ``EXTRA`` with ``ONLY=1``) in mutants/ with
``MUTANT_UNDER_TEST`` set, stopping at the first failure, and prints one line a mutant: killed
(pytest's exit status 1), SURVIVED (0) or ERROR (anything else: a collection error is no kill).
Tests added since the run are not in the stats: copy them into mutants/tests and name them in
``EXTRA``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path.cwd() / "mutants"


def main(names: list[str]) -> None:
    stats = json.loads((ROOT / "mutmut-stats.json").read_text(encoding="utf-8"))
    by_function = stats["tests_by_mangled_function_name"]
    duration = stats.get("duration_by_test", {})
    extra = os.environ.get("EXTRA", "").split()
    for name in names:
        recorded = by_function.get(name.rsplit("__mutmut_", 1)[0], [])
        tests = sorted(recorded, key=lambda t: duration.get(t, 0))
        tests = extra if os.environ.get("ONLY") else extra + [t for t in tests if t not in extra]
        env = dict(os.environ, MUTANT_UNDER_TEST=name)
        env.pop("PYTHONPATH", None)  # mutants/ first on the path, not the checkout
        start = time.monotonic()
        run = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            check=False,
        )
        verdict = {0: "SURVIVED", 1: "killed"}.get(run.returncode, "ERROR")
        last = (run.stdout.strip().splitlines() or ["?"])[-1]
        print(f"{verdict} {name} {time.monotonic() - start:.0f}s {last}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

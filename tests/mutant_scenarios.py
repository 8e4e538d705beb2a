"""Run mutmut 3 mutants against every scenario file in ONE process, no pytest (docs/testing.md).

    cd mutants && python3 ../tests/mutant_scenarios.py MODULE_FILE [NAME...]

The engine's first and fastest net: each mutant of ``MODULE_FILE`` (or only the ``NAME``s) replays
every scenario file, and every scenario but the floor's is compared line by line with
``tests/golden/scenario_outputs.json`` (what ``test_scenarios.py`` and
``test_mutants_chipread.py`` check, at a second or two a mutant instead of pytest's collection and
fixtures). One line a mutant: ``killed`` with the first scenario that told (and the exception, if
the mutant raised one), ``SURVIVED`` or ``HUNG`` (past ``LIMIT`` seconds, 120 unless set); then
the totals. Survivors go on to ``tests/mutant_fast.py`` with the unit test files. Copy new
scenarios and the regenerated golden file into ``mutants/tests`` before a re-run: both are read
once, at the start.
"""

from __future__ import annotations

import _thread
import os
import sys
import threading
import time
from pathlib import Path

sys.path[0] = os.getcwd()  # mutants/, not this script's folder (nor the editable install)
sys.path.insert(1, str(Path.cwd() / "tests"))
os.environ["MUTANT_UNDER_TEST"] = ""

import test_mutants_chipread as golden_outputs  # noqa: E402
from mutant_fast import names_in  # noqa: E402
from scenario_files import every  # noqa: E402

from tablectl.cli.replay import replay_file  # noqa: E402


def first_failure(files: list[Path], golden: dict[str, list[str]], betting: set[str]) -> str:
    """The first scenario the tree fails, or "" when it passes them all."""
    for path in files:
        try:
            if path.name in betting:
                if golden_outputs.transcript(path) != golden[path.name]:
                    return path.name
            elif not replay_file(path).ok:
                return path.name
        except KeyboardInterrupt:
            raise
        except Exception as e:  # a mutant that raises fails the scenario
            return f"{path.name} {type(e).__name__}"
    return ""


def main(argv: list[str]) -> int:
    files = every()
    golden = golden_outputs.golden()
    betting = {p.name for p in golden_outputs.betting_scenarios()}
    if first_failure(files, golden, betting):
        print("the scenarios fail without a mutant: nothing to measure")
        return 2
    names = argv[1:] or names_in(argv[0])
    limit = int(os.environ.get("LIMIT", "120"))
    survivors: list[str] = []
    start = time.monotonic()
    for name in names:
        os.environ["MUTANT_UNDER_TEST"] = name
        watchdog = threading.Timer(limit, _thread.interrupt_main)
        watchdog.start()
        try:
            why = first_failure(files, golden, betting)
            verdict = "killed" if why else "SURVIVED"
        except KeyboardInterrupt:
            verdict, why = "HUNG", ""
        finally:
            watchdog.cancel()
        if verdict == "SURVIVED":
            survivors.append(name)
        print(verdict, name, why, flush=True)
    os.environ["MUTANT_UNDER_TEST"] = ""
    print(
        f"{len(names) - len(survivors)} of {len(names)} killed in "
        f"{time.monotonic() - start:.0f} s; survivors: {len(survivors)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

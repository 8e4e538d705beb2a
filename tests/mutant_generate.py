"""Write mutmut 3's ``mutants/`` tree mutating only the named files (docs/testing.md).

    python3 tests/mutant_generate.py tablectl/engine/chips.py tablectl/engine/folds.py ...

What ``mutmut run`` does before its stats and its tests: the sources copied into ``mutants/``
(the others unmutated), the named files mutated (with their ``.meta`` files, so ``mutmut show``
and ``mutmut results`` know them), ``tests/`` and ``also_copy`` copied. A minute, where a
``mutmut run`` of one module first mutates every file and then runs every test for its stats.
Then ``tests/mutant_scenarios.py`` and ``tests/mutant_fast.py`` run the mutants.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["MUTANT_UNDER_TEST"] = "mutant_generation"

import mutmut.__main__ as mutmut_main  # not a test dependency: a dev tool


def main(files: list[str]) -> None:
    mutmut_main.ensure_config_loaded()
    Path("mutants").mkdir(exist_ok=True)
    mutmut_main.copy_src_dir()
    for name in files:
        result = mutmut_main.create_file_mutants(Path(name))
        if result.error:
            raise result.error
    mutmut_main.copy_also_copy_files()


if __name__ == "__main__":
    main(sys.argv[1:])

"""A pytest plugin for mutation runs of tablectl/engine/evaluator.py (docs/testing.md).

The evaluator memoizes (``_masks`` under ``functools.cache``, ``describe``'s ``_WORDS``): in one
process running many mutants (tests/mutant_once.py), the first mutant's results would stand for
every later one. Cleared before each test, each mutant is seen afresh.

    cd mutants && PYTHONPATH=tests python3 ../tests/mutant_once.py \
        tablectl/engine/evaluator.py -p mutant_evalcache TESTS... [-- NAME...]
"""

from __future__ import annotations

import pytest


def pytest_runtest_setup(item: pytest.Item) -> None:
    from tablectl.engine import evaluator

    evaluator._masks.cache_clear()
    evaluator._WORDS.clear()

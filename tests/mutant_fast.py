"""Run many mutmut 3 mutants against a few test files in ONE process (docs/testing.md).

    cd mutants && python3 ../tests/mutant_fast.py MODULE_FILE TESTS... [-- NAME...]

mutmut's trampolines read ``MUTANT_UNDER_TEST`` at every call, so one Python process can run the
same tests once per mutant with the variable changed in between: no interpreter start, no
re-import, a few milliseconds a mutant instead of mutmut's seconds (on 2 shared cores mutmut's
own run of a module's stats-selected tests times out more often than it finishes). Every mutant
of ``MODULE_FILE`` (``tablectl/tournament/points.py``, its copy in ``mutants/``), or only the
``NAME``s after ``--``, runs against ``TESTS`` (pytest ids), stopping at the first failure.
One line a mutant: ``killed``, ``SURVIVED`` or ``HUNG`` (a test ran past ``LIMIT`` seconds,
60 unless set in the environment: the session is interrupted, a kill as mutmut's time-out
is on a quiet machine), then the
totals. Run it from ``mutants/`` after a ``mutmut run`` generated it (not while one regenerates).
"""

from __future__ import annotations

import _thread
import contextlib
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path

import pytest


class _Outcome:
    """A pytest plugin noting whether a test failed, and whether the alarm made it fail."""

    def __init__(self) -> None:
        self.failed = False

    def pytest_runtest_logreport(self, report: pytest.TestReport) -> None:
        if report.failed:
            self.failed = True


def names_in(module_file: str) -> list[str]:
    module = module_file.removesuffix(".py").replace("/", ".")
    text = Path(module_file).read_text(encoding="utf-8")
    found = dict.fromkeys(re.findall(r"'(xǁ?[^']*__mutmut_\d+)'", text))
    return [f"{module}.{n}" for n in found]


def main(argv: list[str]) -> int:
    sys.path[0] = os.getcwd()  # mutants/, not this script's folder (nor the editable install)
    module_file, rest = argv[0], argv[1:]
    tests, names = (
        (rest[: rest.index("--")], rest[rest.index("--") + 1 :])
        if "--" in rest
        else (
            rest,
            [],
        )
    )
    names = names or names_in(module_file)
    limit = int(os.environ.get("LIMIT", "60"))
    signal.signal(signal.SIGINT, signal.default_int_handler)  # a background job ignores it
    # --tb=no: formatting a failure's traceback through a mutated file of thousands of lines
    # takes longer than the tests
    args = ["-x", "-q", "--tb=no", "-p", "no:cacheprovider", "--no-header", "-p", "no:warnings"]
    args += tests
    os.environ["MUTANT_UNDER_TEST"] = ""
    clean = _Outcome()
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        code = pytest.main(args, plugins=[clean])
    if code != 0 or clean.failed:
        print("the tests fail without a mutant: nothing to measure")
        return 2
    survivors: list[str] = []
    start = time.monotonic()
    for name in names:
        os.environ["MUTANT_UNDER_TEST"] = name
        outcome = _Outcome()
        # a mutant that loops for ever: the main thread interrupted, pytest stops the session
        watchdog = threading.Timer(limit, _thread.interrupt_main)
        watchdog.start()
        try:
            with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
                code = pytest.main(args, plugins=[outcome])
        except BaseException:  # interrupted outside a test, where pytest does not catch it
            code = pytest.ExitCode.INTERRUPTED
        finally:
            watchdog.cancel()
        hung = code == pytest.ExitCode.INTERRUPTED
        verdict = "HUNG" if hung else "killed" if outcome.failed else "SURVIVED"
        if verdict == "SURVIVED":
            survivors.append(name)
        print(f"{verdict} {name}", file=sys.__stdout__, flush=True)
    os.environ["MUTANT_UNDER_TEST"] = ""
    print(
        f"{len(names) - len(survivors)} of {len(names)} killed in "
        f"{time.monotonic() - start:.0f} s; survivors: {len(survivors)}",
        file=sys.__stdout__,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

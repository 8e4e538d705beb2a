"""tests/mutant_fast.py with the tests collected once (docs/testing.md).

    cd mutants && python3 ../tests/mutant_once.py MODULE_FILE TESTS... [-- NAME...]

mutant_fast.py calls ``pytest.main`` once a mutant, and pytest collects every named test file
again each time: on 2 shared cores at a load of 15 or more that collection (seconds) costs more
than the tests that kill most mutants. Here one pytest session collects ``TESTS`` once and its
test loop runs them again for each mutant (``MUTANT_UNDER_TEST`` changed in between, every
fixture torn down after each test), stopping at a mutant's first failure. The same verdicts and
totals as mutant_fast.py (``killed``, ``SURVIVED``, ``HUNG`` past ``LIMIT`` seconds). One limit:
a parametrization computed from engine code at collection is computed without a mutant.
"""

from __future__ import annotations

import _thread
import contextlib
import os
import signal
import sys
import threading
import time

import pytest
from _pytest.runner import runtestprotocol
from mutant_fast import names_in


class _Loop:
    """A pytest plugin that replaces the session's test loop with one loop a mutant."""

    def __init__(self, names: list[str], limit: int) -> None:
        self.names, self.limit = names, limit

    @staticmethod
    def _verdict(session: pytest.Session) -> str:
        for item in session.items:
            try:
                reports = runtestprotocol(item, nextitem=None, log=False)
            except KeyboardInterrupt:  # the watchdog, outside what pytest catches
                session._setupstate.teardown_exact(None)
                return "HUNG"
            if any(r.failed for r in reports):
                return "killed"
        return "SURVIVED"

    def pytest_runtestloop(self, session: pytest.Session) -> bool:
        os.environ["MUTANT_UNDER_TEST"] = ""
        if self._verdict(session) != "SURVIVED":
            print("the tests fail without a mutant: nothing to measure", file=sys.__stdout__)
            return True
        start, survivors = time.monotonic(), 0
        for name in self.names:
            os.environ["MUTANT_UNDER_TEST"] = name
            watchdog = threading.Timer(self.limit, _thread.interrupt_main)
            watchdog.start()
            try:
                verdict = self._verdict(session)
            except KeyboardInterrupt:
                verdict = "HUNG"
            finally:
                watchdog.cancel()
            survivors += verdict == "SURVIVED"
            print(f"{verdict} {name}", file=sys.__stdout__, flush=True)
        os.environ["MUTANT_UNDER_TEST"] = ""
        print(
            f"{len(self.names) - survivors} of {len(self.names)} killed in "
            f"{time.monotonic() - start:.0f} s; survivors: {survivors}",
            file=sys.__stdout__,
        )
        return True


def main(argv: list[str]) -> int:
    sys.path[0] = os.getcwd()  # mutants/, not this script's folder (nor the editable install)
    module_file, rest = argv[0], argv[1:]
    split = rest.index("--") if "--" in rest else len(rest)
    tests, names = rest[:split], rest[split + 1 :] or names_in(module_file)
    os.environ["MUTANT_UNDER_TEST"] = ""
    args = ["-q", "--tb=no", "-p", "no:cacheprovider", "--no-header", "-p", "no:warnings", *tests]
    # the watchdog's interrupt_main does nothing while SIGINT is ignored (a background job)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    loop = _Loop(names, int(os.environ.get("LIMIT", "60")))
    with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
        pytest.main(args, plugins=[loop])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Mutants mutmut cannot make: the methods of a decorated class (mutmut 3 skips those), here
``betting.Round`` (a dataclass). Each mutant is one operator swapped on one line of the class;
the engine tests mutmut runs (pyproject.toml ``[tool.mutmut] tests_dir``) must fail with it.

    nice python3 tests/hand_mutants.py            # every mutant; prints each survivor
    nice python3 tests/hand_mutants.py 12 13      # only mutants 12 and 13

Another decorated class, and the tests that cover it (default: all of ``tests_dir``):

    nice python3 tests/hand_mutants.py --file tablectl/tournament/prizes.py --class Purse \
        --tests tests/test_venue_model.py,tests/test_results.py

Not a test module (pytest does not collect it): it rewrites the source while it runs and puts it
back after each mutant (docs/testing.md).
"""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "tablectl/engine/betting.py"
CLASS = "class Round"
SWAPS = [
    (r" >= ", " > "),
    (r" > ", " >= "),
    (r" <= ", " < "),
    (r" < ", " <= "),
    (r" == ", " != "),
    (r" \+ ", " - "),
    (r" - ", " + "),
    (r"\* 2", "* 1"),
    (r"max\(", "min("),
    (r"min\(", "max("),
    (r"\bTrue\b", "False"),
    (r"\bFalse\b", "True"),
    (r" \+= 1", " += 2"),
    (r"\bnot ", ""),
    (r" or ", " and "),
    (r" and ", " or "),
]


def mutants(source: str, cls: str = CLASS) -> list[tuple[int, str]]:
    """(line index, mutated line) for each swap on each code line of the class body."""
    lines = source.splitlines()
    start = next(
        i for i, line in enumerate(lines) if line.startswith(cls) and line[len(cls)] in ":("
    )
    end = next(
        (i for i in range(start + 1, len(lines)) if lines[i] and not lines[i][0].isspace()),
        len(lines),
    )
    out = []
    in_doc = False
    for i in range(start + 1, end):
        code = lines[i].split("#")[0]
        if code.strip().startswith(('"""', "'''")) or in_doc:
            in_doc = (code.count('"""') % 2 == 1) != in_doc
            continue
        if not code.strip() or code.strip().startswith(("def ", "@", "class ")):
            continue
        for pattern, repl in SWAPS:
            for m in re.finditer(pattern, code):
                out.append(
                    (i, code[: m.start()] + re.sub(pattern, repl, m.group(0)) + lines[i][m.end() :])
                )
        if re.match(r"\s+self\.\w+(\[\w+\])? [+-]?= ", code):
            out.append((i, re.sub(r"\S.*", "pass", lines[i])))  # the assignment removed
    return out


def main(argv: list[str]) -> int:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]
    tests = config["tests_dir"]
    target, cls, picked = TARGET, CLASS, []
    args = iter(argv)
    for a in args:
        if a == "--file":
            target = ROOT / next(args)
        elif a == "--class":
            cls = f"class {next(args)}"
        elif a == "--tests":
            tests = next(args).split(",")
        else:
            picked.append(int(a))
    source = target.read_text()
    lines = source.splitlines(keepends=True)
    todo = list(enumerate(mutants(source, cls)))
    if picked:
        todo = [todo[n] for n in picked]
    survived = []
    try:
        for n, (i, new) in todo:
            mutated = [*lines[:i], new + "\n", *lines[i + 1 :]]
            target.write_text("".join(mutated))
            cmd = [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests]
            r = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
            killed = r.returncode == 1
            print(
                f"{n:3} {'killed  ' if killed else 'SURVIVED'} line {i + 1}: {new.strip()}",
                flush=True,
            )
            if not killed:
                survived.append(n)
    finally:
        target.write_text(source)
    print(f"{len(todo) - len(survived)} of {len(todo)} killed; survivors: {survived}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

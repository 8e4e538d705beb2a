"""`tablectl demo`: replay scenario files with a readable hand-by-hand log, as a dealer would
narrate the table. With no files it plays the contract examples and our worked examples."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from tablectl.cli.replay import replay_file
from tablectl.engine.events import Event
from tablectl.engine.notices import HandStart
from tablectl.engine.outputs import Alert, Notice, Output, Ruling


def default_files() -> list[Path]:
    """The contract's examples (../shared/scenarios beside the checkout, else their copies in
    tests/contract), then our worked examples."""
    here = Path(__file__).resolve().parents[2]
    found = sorted((here.parent / "shared" / "scenarios").glob("*.jsonl")) or sorted(
        (here / "tests" / "contract").glob("*.jsonl")
    )
    found += sorted((here / "tests" / "scenarios").glob("*.jsonl"))
    return found


def describe(event: Event | None, outs: list[Output]) -> list[str]:
    lines = []
    for o in outs:
        if isinstance(o, Ruling):
            extra = "".join(
                f", {k} {v}" for k, v in (("owes", o.owes), ("returned", o.returned)) if v
            )
            lines.append(f"  seat {o.seat}: {o.action} (to {o.to}{extra})  [{o.rule}] {o.text}")
        elif isinstance(o, Alert):
            seat = f" seat {o.seat}" if o.seat is not None else ""
            lines.append(f"  ! {o.kind}{seat} [{o.rule}]: {o.text}")
        elif isinstance(o, Notice):
            if isinstance(o, HandStart):
                lines.append(f"- {o.text}")
            else:
                lines.append(f"  {o.text}")
    return lines


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "files",
        nargs="*",
        metavar="FILE",
        help="scenario files (default: the shared and worked examples)",
    )


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    files = [Path(f) for f in args.files] or default_files()
    if not files:
        print("no scenario files found", file=out)
        return 1
    failed = 0
    for path in files:
        print(f"== {path.name}", file=out)

        def narrate(lineno: int, event: Event | None, outs: list[Output]) -> None:
            for line in describe(event, outs):
                print(line, file=out)

        result = replay_file(path, narrate)
        for failure in result.failures:
            print(f"  FAILED {failure}", file=out)
        failed += not result.ok
        if result.table is not None:
            stacks = ", ".join(f"{s}: {a}" for s, a in sorted(result.table.stacks().items()))
            print(f"  stacks {stacks}", file=out)
    print(f"{len(files) - failed} passed, {failed} failed", file=out)
    return 0 if failed == 0 else 1

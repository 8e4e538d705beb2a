"""`tablectl replay FILE...`: run scenario files through the engine and check their expectations.

Prints one line per failed expectation (``FILE:LINE: expected ..., got ...``), then
``N passed, N failed`` (files), and exits 0 only if every expectation held. A malformed line is a
failure naming the line; it never crashes the run (shared/spec/scenario-format.md). A line that is
not UTF-8 or breaks a limit (docs/scenario-extensions.md, "Limits") is one such line: the rest of
the file is still read.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from tablectl.daemon.scenario_file import read_lines
from tablectl.engine.events import (
    MAX_ECHO,
    Event,
    Expect,
    ScenarioError,
    parse_line,
    show,
)
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.table import SetupError, Table


@dataclass(slots=True)
class FileResult:
    path: str
    failures: list[str] = field(default_factory=list)
    outputs: list[tuple[int, Output]] = field(default_factory=list)  # (line, output)
    table: Table | None = None
    checks: int = 0

    @property
    def ok(self) -> bool:
        return not self.failures


def iter_lines(path: str) -> Iterator[tuple[int, bytes]]:
    return read_lines(path)


def replay_lines(
    name: str,
    lines: Iterator[tuple[int, str | bytes]],
    on_output: Callable[[int, Event | None, list[Output]], None] | None = None,
) -> FileResult:
    """Run one scenario's lines; every problem becomes a failure line, never an exception."""
    result = FileResult(name)
    failures = result.failures
    outputs = result.outputs
    table: Table | None = None
    checked = 0  # the outputs before this one came before the last expect line
    for lineno, text in lines:
        try:
            parsed = parse_line(text, lineno)
        except ScenarioError as exc:
            failures.append(f"{name}:{lineno}: malformed line: {exc}")
            continue
        event = parsed.event
        if event is None:
            expect = parsed.expect
            if expect is None:  # a blank or comment line
                continue
            if table is None:
                failures.append(f"{name}:{lineno}: the first line must be a setup line")
                return result
            result.checks += 1
            # the alerts since the last expect line: every output is kept in order in `outputs`
            since_expect = [o for _, o in outputs[checked:] if isinstance(o, Alert)]
            for problem in check(table, expect, since_expect):
                failures.append(f"{name}:{lineno}: {problem}")
            checked = len(outputs)
            continue
        if table is not None:  # the usual line: an event after the setup
            try:
                outs = table.apply(event)
            except Exception as exc:  # an engine bug must not end the run
                failures.append(
                    f"{name}:{lineno}: engine error on {event.kind}: {type(exc).__name__}: {exc}"
                )
                continue
            for o in outs:
                outputs.append((lineno, o))
            if on_output is not None:
                on_output(lineno, event, outs)
            continue
        if event.kind != "setup":
            failures.append(f"{name}:{lineno}: the first line must be a setup line")
            return result
        try:
            table = Table(event.body)
        except (SetupError, ValueError, KeyError) as exc:
            failures.append(f"{name}:{lineno}: bad setup: {exc}")
            return result
        except Exception as exc:  # an engine bug must not end the run either
            failures.append(f"{name}:{lineno}: engine error on setup: {type(exc).__name__}: {exc}")
            return result
        result.table = table
    if table is None:
        failures.append(f"{name}: no setup line")
    return result


def replay_file(
    path: str | Path, on_output: Callable[[int, Event | None, list[Output]], None] | None = None
) -> FileResult:
    name = str(path)
    try:
        return replay_lines(name, iter_lines(name), on_output)
    except OSError as exc:
        return FileResult(name, failures=[f"{name}: cannot read: {exc.strerror or exc}"])


# ------------------------------------------------------------------ expectations


def _pots(table: Table) -> list[dict[str, Any]]:
    return [{"amount": p.amount, "seats": list(p.seats)} for p in table.pots()]


def _positions(table: Table) -> dict[str, int | None]:
    pos = table.positions()
    return {"button": pos.button, "sb": pos.sb, "bb": pos.bb}


def _won(table: Table) -> dict[str, int]:
    hand = table.hand
    return {str(s): a for s, a in hand.showdown.won.items()} if hand else {}


def _dead(table: Table) -> list[int]:
    hand = table.hand
    return sorted(hand.showdown.dead) if hand else []


GETTERS: dict[str, Callable[[Table], Any]] = {
    "to_act": lambda t: t.to_act(),
    "to_call": lambda t: t.to_call(),
    "min_raise_to": lambda t: t.min_raise_to(),
    "can_raise": lambda t: t.can_raise(),
    "street": lambda t: t.street,
    "pots": _pots,
    "positions": _positions,
    "show_first": lambda t: t.show_first(),
    "dead": _dead,
    "eliminated": lambda t: list(t.seating.eliminated),
}


def check(table: Table, expect: Expect, alerts: list[Alert]) -> list[str]:
    """Every key of an expect line that does not hold, as ``expected ..., got ...`` text."""
    problems: list[str] = []
    checks = expect.checks
    for key, want in checks.items():
        if key in GETTERS:
            got = GETTERS[key](table)
            if key == "dead" and isinstance(want, list):
                want = sorted(want, key=str)
            if got != want:
                problems.append(f"expected {key} {_j(want)}, got {_j(got)}")
        elif key == "last":
            problems.extend(_check_last(table, want))
        elif key in ("stacks", "won"):
            got_map = (
                {str(s): a for s, a in table.stacks().items()} if key == "stacks" else _won(table)
            )
            if not isinstance(want, dict):
                problems.append(f"expected {key} to be an object of seats, got {_j(want)}")
                continue
            for seat, amount in want.items():
                got_amount = got_map.get(str(seat), 0 if key == "won" else None)
                if got_amount != amount:
                    problems.append(
                        f"expected {key} seat {_t(seat)} {_t(amount)}, got {got_amount}"
                    )
        elif key == "alert":
            seat = checks.get("seat")
            if not any(a.kind == want and (seat is None or a.seat == seat) for a in alerts):
                got = ", ".join(f"{a.kind}(seat {a.seat})" for a in alerts) or "none"
                where = f" for seat {_t(seat)}" if seat is not None else ""
                problems.append(f"expected alert {_t(want)}{where}, got {got}")
        elif key == "seat":
            if "alert" not in checks:
                problems.append("'seat' in an expect line goes with 'alert'")
        elif key == "no_alert":
            if want and alerts:
                got = "; ".join(f"{a.kind}: {a.text}" for a in alerts)
                problems.append(f"expected no alert, got {got}")
        else:
            problems.append(f"unknown expect key {show(key)}")
    return problems


def _check_last(table: Table, want: Any) -> list[str]:
    last = table.last
    if not isinstance(want, dict):
        return [f"expected last to be an object, got {_j(want)}"]
    if last is None:
        return [f"expected last {_j(want)}, got no ruling yet"]
    got = {
        "seat": last.seat,
        "action": last.action,
        "to": last.to,
        "owes": last.owes,
        "returned": last.returned,
    }
    wrong = {k: v for k, v in want.items() if got.get(k) != v}
    if not wrong:
        return []
    shown = {k: got.get(k) for k in want}
    return [f"expected last {_j(want)}, got {_j(shown)}"]


def _t(value: Any) -> str:
    """A value in a failure line as plain text (a string without quotes), shortened."""
    if isinstance(value, str):
        return value if len(value) <= 2 * MAX_ECHO else value[: 2 * MAX_ECHO] + "…"
    return _j(value)


def _j(value: Any) -> str:
    """A value in a failure line, shortened: an expect line may hold anything the limits allow."""
    text = json.dumps(value, separators=(", ", ": "))
    return text if len(text) <= 2 * MAX_ECHO else text[: 2 * MAX_ECHO] + "…"


# ------------------------------------------------------------------ command line


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("files", nargs="+", metavar="FILE", help="scenario .jsonl files")
    parser.add_argument(
        "--json",
        action="store_true",
        help="also print every ruling, alert and notice as one JSON object a line",
    )


def run(args: argparse.Namespace, stdout: TextIO | None = None) -> int:
    out = stdout or sys.stdout
    passed = failed = 0
    for path in args.files:
        printer = None
        if args.json:

            def printer(
                lineno: int, event: Event | None, outs: list[Output], _path: str = path
            ) -> None:
                for o in outs:
                    obj = o.to_obj()
                    obj["file"] = _path
                    obj["line"] = lineno
                    print(json.dumps(obj), file=out)

        result = replay_file(path, printer)
        for failure in result.failures:
            print(failure, file=out)
        if result.ok:
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed", file=out)
    return 0 if failed == 0 else 1

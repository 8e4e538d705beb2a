"""`tablectl export`: hand histories from a journal (or a scenario file).

    tablectl export --journal /var/lib/tablectl/journal.db --format pokerstars --out hands/

replays the events through the rules engine, builds each finished hand from the events and the
engine's outputs (:mod:`tablectl.daemon.history`), and writes one file a hand: ``hand-000012.txt``
(PokerStars text), ``hand-000012.phh`` (PHH) or ``hand-000012.ohh`` (Open Hand History JSON,
its void deals first in the same file). A void deal of the hand (a misdeal, a fouled
deck: all bets returned, the hand dealt again) is the first block of the PokerStars file and a PHH
file of its own, ``hand-000012-void1.phh`` (the deal's number). Bad journal rows are reported
with their row id and skipped; the export goes on.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablectl.daemon.history import HandRecord, HistoryBuilder, phh_text, pokerstars_text
from tablectl.daemon.history_ohh import ohh_text
from tablectl.daemon.scenario_file import read_lines
from tablectl.engine.events import Event, ScenarioError, parse_line

FORMATS = ("pokerstars", "phh", "ohh", "both", "all")


@dataclass(slots=True)
class Histories:
    hands: list[HandRecord] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    stacks: dict[int, int] = field(default_factory=dict)  # after the last event


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--journal",
        required=True,
        metavar="DB",
        help="the daemon's journal (SQLite), or a scenario .jsonl file",
    )
    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="both",
        help="pokerstars text, PHH (pokerkit's format), OHH (Open Hand History "
        "JSON), both (PokerStars and PHH: the default) or all three",
    )
    parser.add_argument("--out", required=True, metavar="DIR", help="directory for the files")
    parser.add_argument(
        "--tournament", type=int, default=1, help="tournament number written in PokerStars headers"
    )
    parser.add_argument("--table-name", default="tablectl", help="table name in the headers")
    parser.add_argument(
        "--buy-in",
        default="",
        metavar="AMOUNT+FEE",
        help="the tournament's buy-in for the PokerStars header, e.g. 10+1 (default: Freeroll)",
    )
    parser.add_argument("--currency", default="USD", help="the buy-in's currency (default USD)")
    parser.add_argument(
        "--hero",
        type=int,
        metavar="SEAT",
        help="PokerStars text as this seat's own history (its hole cards only); default: as an "
        "observer sees the table",
    )


def run(args: argparse.Namespace) -> int:
    from tablectl.daemon.history import buy_in_amounts, buy_in_text
    from tablectl.daemon.journal import JournalError

    try:
        buy_in = buy_in_text(args.buy_in, args.currency)
        amounts = buy_in_amounts(args.buy_in)
    except ValueError as exc:
        print(f"tablectl export: --buy-in {exc}", file=sys.stderr)
        return 2
    if args.hero is not None and not 1 <= args.hero <= 10:
        print(f"tablectl export: --hero {args.hero}: seats are 1 to 10", file=sys.stderr)
        return 2
    source = Path(args.journal)
    try:
        result = histories(source)
    except OSError as exc:  # one line naming the file, as every other command says it
        where = exc.filename or source
        print(f"tablectl export: {where}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    except (ValueError, JournalError) as exc:
        print(f"tablectl export: {exc}", file=sys.stderr)
        return 1
    for problem in result.problems:
        print(f"tablectl export: {problem}", file=sys.stderr)
    out = Path(args.out)
    try:
        written = write_histories(
            result.hands,
            out,
            args.format,
            tournament=args.tournament,
            table_name=args.table_name,
            buy_in=buy_in,
            hero=args.hero,
            amounts=amounts,
            currency=args.currency,
        )
    except OSError as exc:
        print(f"tablectl export: cannot write to {out}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    print(f"{len(result.hands)} hands, {written} files written to {out}")
    return 0


def write_histories(
    hands: list[HandRecord],
    out: Path,
    fmt: str,
    *,
    tournament: int = 1,
    table_name: str = "tablectl",
    buy_in: str = "Freeroll",
    hero: int | None = None,
    amounts: tuple[float, float] = (0.0, 0.0),
    currency: str = "USD",
) -> int:
    out.mkdir(parents=True, exist_ok=True)
    written = 0
    for hand in hands:
        stem = out / f"hand-{hand.number:06d}"
        if fmt in ("pokerstars", "both", "all"):
            text = pokerstars_text(
                hand, tournament=tournament, table_name=table_name, buy_in=buy_in, hero=hero
            )
            stem.with_suffix(".txt").write_text(text, encoding="utf-8")
            written += 1
        if fmt in ("ohh", "all"):
            text = ohh_text(
                hand,
                tournament=tournament,
                table_name=table_name,
                buy_in=amounts,
                currency=currency,
            )
            stem.with_suffix(".ohh").write_text(text, encoding="utf-8")
            written += 1
        if fmt in ("phh", "both", "all"):
            for void in hand.voided:
                path = out / f"hand-{hand.number:06d}-void{void.deal + 1}.phh"
                path.write_text(phh_text(void, event=table_name), encoding="utf-8")
                written += 1
            stem.with_suffix(".phh").write_text(phh_text(hand, event=table_name), encoding="utf-8")
            written += 1
    return written


def histories(source: Path) -> Histories:
    """Every finished hand of a journal (opened read-only: the daemon may be running) or of a
    scenario file."""
    if _is_sqlite(source):
        from tablectl.daemon.journal import Journal

        with Journal(source, readonly=True) as journal:
            setup = journal.setup()
            if setup is None:
                raise ValueError(f"{source}: the journal is empty")
            bad: list[Any] = []
            stream = ((event, row.wall) for row, event in journal.events(bad))
            result = build(setup, stream)
            result.problems[:0] = [str(b) for b in bad]
            return result
    setup, events, problems = _scenario(source)
    result = build(setup, ((e, None) for e in events))
    result.problems[:0] = problems
    return result


def build(setup: dict[str, Any], stream: Iterator[tuple[Event, float | None]]) -> Histories:
    """Replay ``stream`` from ``setup`` through the engine, collecting finished hands."""
    from tablectl.engine.table import SetupError, Table

    try:
        table = Table.from_setup(setup)
    except SetupError as exc:
        raise ValueError(f"setup: {exc}") from None
    names = {int(s): str(n) for s, n in (setup.get("names") or {}).items()}
    builder = HistoryBuilder(names)
    result = Histories()
    for event, wall in stream:
        try:
            outputs = table.apply(event)
        except Exception as exc:  # an engine bug loses this event, not the export
            result.problems.append(f"engine raised {type(exc).__name__} on {event.to_json()}")
            continue
        for hand in builder.feed(event, outputs, table.view, wall):
            # a hand the floor re-awarded (002 Rule 23) is finished again: the new one stands
            result.hands = [h for h in result.hands if h.number != hand.number]
            result.hands.append(hand)
    result.stacks = table.stacks()
    result.problems.extend(builder.problems)
    return result


def _scenario(path: Path) -> tuple[dict[str, Any], list[Event], list[str]]:
    setup: dict[str, Any] | None = None
    events: list[Event] = []
    problems: list[str] = []
    for lineno, text in read_lines(path):
        try:
            parsed = parse_line(text, lineno)
        except ScenarioError as exc:
            if setup is None and not events:
                # The first line is the setup: without it no event can be read (the contract).
                raise ValueError(f"{path}:{lineno}: not a setup line: {exc}") from None
            problems.append(f"{path}:{lineno}: skipped: {exc}")
            continue
        ev = parsed.event
        if ev is None:
            continue
        if ev.kind == "setup" and setup is None:
            setup = dict(ev.body)
        else:
            events.append(ev)
    if setup is None:
        raise ValueError(f"{path}: no setup line")
    return setup, events, problems


def _is_sqlite(path: Path) -> bool:
    with path.open("rb") as fh:
        return fh.read(16) == b"SQLite format 3\x00"

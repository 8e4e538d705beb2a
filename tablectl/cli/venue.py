"""`tablectl venue sim`: a whole tournament across simulated tables, through a local mosquitto.

The command starts mosquitto on a loopback port (tablectl.venue.broker), seats ``--players`` at
``--tables`` simulated tables (hw_sim.venue_tables: the engine played by bots, each table with its
venue link and outbox in its own journal), and runs the venue (tablectl.venue.director: the
tournament model fed by the tables' reports) until one player has every chip. The last line is
``entrants=N hands=H moves=M tables_broken=B final_table=F winner=SEAT chips_conserved=yes
lost_messages=0``; the exit status is 0 only when that holds (a winner, every chip accounted for,
the final table a full table plus one, nothing lost). ``--faults`` stops the broker
mid-tournament and starts it again on the same port, and takes a table offline for a while.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="venue_command", metavar="SUBCOMMAND", required=True)
    sim = sub.add_parser(
        "sim",
        help="play a whole tournament on simulated tables",
        description="play a whole tournament on simulated tables",
    )
    sim.add_argument("--tables", type=int, default=6, help="tables (default 6)")
    sim.add_argument("--players", type=int, default=54, help="entrants (default 54)")
    sim.add_argument("--seed", type=int, default=1, help="random seed (default 1)")
    sim.add_argument(
        "--faults",
        action="store_true",
        help="stop and restart the broker mid-tournament; take a table offline",
    )
    sim.add_argument("--handed", type=int, default=9, help="seats per table (default 9)")
    sim.add_argument(
        "--hands-per-level",
        type=int,
        default=8,
        metavar="K",
        help="the fast clock: a new level every K hands (default 8)",
    )
    sim.add_argument(
        "--structure",
        default="tda-style",
        help="structure preset from display/structures (default tda-style)",
    )
    sim.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print the venue's announcements and the faults",
    )


def run(args: argparse.Namespace) -> int:
    from hw_sim.venue_tables import SimConfig, VenueSim
    from tablectl.venue.broker import BrokerError

    if args.tables < 2 or args.players < 2 or not 2 <= args.handed <= 10:
        print(
            "tablectl venue sim: needs --tables >= 2, --players >= 2, --handed 2..10",
            file=sys.stderr,
        )
        return 2
    if args.players > args.tables * args.handed:
        print(
            f"tablectl venue sim: {args.players} players do not fit {args.tables} tables of "
            f"{args.handed}",
            file=sys.stderr,
        )
        return 2
    if args.hands_per_level < 1:
        print("tablectl venue sim: --hands-per-level must be at least 1", file=sys.stderr)
        return 2
    cfg = SimConfig(
        tables=args.tables,
        players=args.players,
        seed=args.seed,
        faults=args.faults,
        handed=args.handed,
        hands_per_level=args.hands_per_level,
        structure=args.structure,
    )
    with tempfile.TemporaryDirectory(prefix="tablectl-venue-") as tmp:
        try:
            sim = VenueSim(cfg, Path(tmp))
            result = sim.run()
        except (BrokerError, RuntimeError, OSError) as exc:
            print(f"tablectl venue sim: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("tablectl venue sim: interrupted", file=sys.stderr)
            return 130
    if args.verbose:
        for o in sim.runner.said:
            if getattr(o, "kind", "") in ("table_broken", "final_table", "finished", "alert"):
                print(f"venue: {o.text}", file=sys.stderr)
    for fault in result.faults:
        print(f"fault: {fault}", file=sys.stderr)
    for problem in result.problems[:20]:
        print(f"problem: {problem}", file=sys.stderr)
    print(
        f"venue: {result.seconds:.1f} s, {result.messages} messages from the tables",
        file=sys.stderr,
    )
    print(result.line())
    return 0 if result.ok(cfg.handed) else 1

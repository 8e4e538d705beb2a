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
import signal
import sys
import tempfile
from pathlib import Path
from typing import Any


def configure(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="venue_command", metavar="SUBCOMMAND", required=True)
    _configure_serve(sub)
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
        "--manual",
        type=int,
        default=0,
        metavar="N",
        help="keep N tables without sensors, entered by a simulated floor person (default 0)",
    )
    sim.add_argument(
        "--bounty",
        choices=("none", "fixed", "pko"),
        default="none",
        help="bounties: a fixed bounty per entry, or progressive knockout (default none)",
    )
    sim.add_argument(
        "--bounty-amount",
        type=float,
        default=20.0,
        metavar="MONEY",
        help="the bounty on each entry's head (default 20)",
    )
    sim.add_argument(
        "--events",
        type=int,
        default=1,
        metavar="N",
        help="2: a satellite (sat1, half the tables and players) beside the main event, in "
        "one room over one broker; a summary line for each (default 1)",
    )
    sim.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="print the venue's announcements and the faults",
    )


def _configure_serve(sub: Any) -> None:
    serve = sub.add_parser(
        "serve",
        help="the director's web console (floor map, clock, entrants, balancing, public page)",
        description="serve the web console on the venue network (docs/venue-console.md)",
    )
    serve.add_argument("--config", type=Path, help="the venue's config (TOML)")
    serve.add_argument(
        "--demo",
        action="store_true",
        help="bring a local broker and simulated tables; print a demo sign-in",
    )
    serve.add_argument("--host", help="listen address (default: the config's, or 127.0.0.1)")
    serve.add_argument("--port", type=int, help="listen port (default: the config's, or 8080)")
    serve.add_argument(
        "--demo-tables", type=int, default=3, metavar="N", help="tables in the demo (default 3)"
    )
    serve.add_argument(
        "--demo-pace", type=float, default=4.0, metavar="S", help="a hand every S seconds"
    )
    journal = sub.add_parser(
        "journal",
        help="check the venue's journal, or salvage its readable lines into a new one",
        description="check the venue's journal (each bad line named, exit 1), or copy its "
        "readable lines into a new journal (docs/venue-console.md)",
    )
    jsub = journal.add_subparsers(dest="journal_command", metavar="check|recover", required=True)
    check = jsub.add_parser("check", help="name every line that cannot be used")
    check.add_argument("journal", metavar="JOURNAL", type=Path)
    recover = jsub.add_parser("recover", help="copy every readable line into a new journal")
    recover.add_argument("journal", metavar="JOURNAL", type=Path)
    recover.add_argument("--out", type=Path, required=True, help="the new journal (must not exist)")
    results = sub.add_parser(
        "results",
        help="the results from a venue journal, as CSV or JSON",
        description="the results (place, name, member id, prize, bounties, entries, re-buys, "
        "add-ons, league points) from the venue's journal (docs/venue-console.md)",
    )
    results.add_argument("--journal", type=Path, required=True, help="the venue journal")
    results.add_argument("--format", choices=("csv", "json"), default="csv")
    results.add_argument(
        "--league",
        metavar="FORMULA",
        help="league points: a preset (pokerstars, wsop, simple) or a formula; default the "
        "setup's league",
    )
    results.add_argument("--out", type=Path, help="write here (a new file) instead of stdout")
    sub.add_parser(
        "passwd",
        help="print a password hash for a [[staff]] entry (reads the password twice)",
        description="print a scrypt password hash for the venue config's [[staff]] entries",
    )


def run(args: argparse.Namespace) -> int:
    if args.venue_command == "serve":
        return _serve(args)
    if args.venue_command == "passwd":
        return _passwd()
    if args.venue_command == "journal":
        return _journal(args)
    if args.venue_command == "results":
        return _results(args)
    return _sim(args)


def _journal(args: argparse.Namespace) -> int:
    """`check`: every unusable line named (exit 1), or how many lines and events are sound.
    `recover`: the usable lines copied, in order, into a new journal that did not exist."""
    import json

    from tablectl.venue.console import JOURNAL_HEADER, read_journal

    where = f"tablectl venue journal {args.journal_command}"
    try:
        lines, problems = read_journal(args.journal)
        if args.journal_command == "check":
            for problem in problems:
                print(problem)
            events = sum(1 for line in lines if "event" in line)
            if not lines:
                print(f"{args.journal}: empty: no setup to replay (restore it from a backup)")
                return 1
            print(f"{args.journal}: {len(lines)} lines ({events} events), {len(problems)} bad")
            return 1 if problems else 0
        with args.out.open("x", encoding="utf-8") as f:
            if not lines or lines[0].get("journal") != JOURNAL_HEADER["journal"]:
                f.write(json.dumps(JOURNAL_HEADER) + "\n")
            for line in lines:
                f.write(json.dumps(line, separators=(",", ":")) + "\n")
    except FileExistsError:
        print(f"{where}: {args.out} exists: give a new file", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{where}: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"{args.out}: {len(lines)} lines copied, {len(problems)} skipped")
    return 0


def _results(args: argparse.Namespace) -> int:
    """The results from the journal replayed (the console's own fold), as CSV or JSON."""
    from tablectl.tournament.points import PointsError, parse_league
    from tablectl.tournament.results import results
    from tablectl.venue.results import ResultsError, replay, to_csv, to_json

    where = "tablectl venue results"
    try:
        venue, problems, refused = replay(args.journal)
        assert venue.cfg is not None
        league = parse_league(args.league) if args.league else venue.cfg.league
        text = to_csv(results(venue, league)) if args.format == "csv" else to_json(venue, league)
        if args.out:
            with args.out.open("x", encoding="utf-8", newline="") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
    except (ResultsError, PointsError) as exc:
        print(f"{where}: {exc}", file=sys.stderr)
        return 1
    except FileExistsError:
        print(f"{where}: {args.out} exists: give a new file", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{where}: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 1
    for problem in problems:
        print(problem, file=sys.stderr)
    if refused:
        print(f"{where}: {refused} events refused, as when they were played", file=sys.stderr)
    if not venue.finished:
        print(
            f"{where}: the tournament is not over: {len(venue.remaining())} still playing "
            "(no place yet)",
            file=sys.stderr,
        )
    return 0


def _passwd() -> int:
    import getpass

    from tablectl.venue.web.auth import hash_password

    try:
        first = getpass.getpass("password: ")
        if first != getpass.getpass("again: "):
            print("tablectl venue passwd: the two passwords differ", file=sys.stderr)
            return 1
    except (EOFError, KeyboardInterrupt):
        print("tablectl venue passwd: no password read", file=sys.stderr)
        return 1
    if len(first) < 8:
        print("tablectl venue passwd: at least 8 characters", file=sys.stderr)
        return 1
    print(hash_password(first))
    return 0


def _serve(args: argparse.Namespace) -> int:
    try:
        import uvicorn  # noqa: F401  (the web extra)
    except ImportError:
        print(
            "tablectl venue serve: the web console needs its extra: pip install 'tablectl[web]'",
            file=sys.stderr,
        )
        return 2
    from tablectl.venue.broker import BrokerError
    from tablectl.venue.settings import SettingsError, load_settings

    if args.demo == bool(args.config):
        print("tablectl venue serve: give --config FILE or --demo", file=sys.stderr)
        return 2
    room = None
    tmp = None
    # uvicorn re-raises the SIGTERM it caught once it has stopped: as an exception here, so the
    # demo's mosquitto and tables are stopped below as on Ctrl-C (not left running)
    old_term = signal.signal(signal.SIGTERM, _interrupted)
    try:
        if args.demo:
            settings, room, tmp = _demo(args)
        else:
            settings = load_settings(args.config)
        host = args.host or settings.web_host
        port = args.port or settings.web_port
        return _run_server(settings, host, port)
    except OSError as exc:  # the journal's directory read-only or full, a port taken ...
        where = f"{exc.filename}: " if exc.filename else ""
        print(f"tablectl venue serve: {where}{exc.strerror or exc}", file=sys.stderr)
        return 1
    except (SettingsError, BrokerError, ValueError) as exc:
        print(f"tablectl venue serve: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        signal.signal(signal.SIGTERM, old_term)
        if room is not None:
            room.close()
        if tmp is not None:
            tmp.cleanup()


def _interrupted(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def _demo(args: argparse.Namespace) -> tuple[Any, Any, Any]:
    import secrets

    from hw_sim.venue_room import SimRoom
    from tablectl.venue.serve import demo_settings

    if not 2 <= args.demo_tables <= 10:
        raise ValueError("--demo-tables: 2 to 10")
    tmp = tempfile.TemporaryDirectory(prefix="tablectl-venue-demo-")
    names = [f"T{i}" for i in range(1, args.demo_tables + 1)]
    room = SimRoom(Path(tmp.name), names)
    room.run_background(args.demo_pace)
    password = secrets.token_urlsafe(9)
    settings = demo_settings(
        Path(tmp.name), args.port or 8080, room.port, room.users["venue"], password, names
    )
    host = args.host or "127.0.0.1"
    print(
        f"demo: sign in at http://{host}:{args.port or 8080}/ as director (or floor) "
        f"with password {password}; players' page /public\n"
        f"demo: broker 127.0.0.1:{room.port} (venue {room.venue}); a kiosk clock on it:\n"
        f"  tablectl clock --windowed --structure tda-style --venue {room.venue} "
        f"--broker 127.0.0.1:{room.port} --user clock --password {room.users['clock']}",
        file=sys.stderr,
        flush=True,
    )
    return settings, room, tmp


def _run_server(settings: Any, host: str, port: int) -> int:
    import uvicorn

    from tablectl.venue.serve import build

    web = build(settings)
    try:
        for problem in web.console.problems:
            print(f"venue journal: {problem}", file=sys.stderr)
        uvicorn.run(web.app, host=host, port=port, log_level="warning", ws="websockets-sansio")
    finally:
        web.stepper.client.stop()
        web.stepper.close()
    return 0


def _sim(args: argparse.Namespace) -> int:
    if args.events != 1:  # several events in one room (tablectl.cli.venue_events)
        from tablectl.cli.venue_events import run

        return run(args)
    from hw_sim.venue_manual import ManualVenueSim
    from hw_sim.venue_tables import SimConfig
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
    if not 0 <= args.manual < args.tables:
        print(
            "tablectl venue sim: --manual must be 0 to --tables - 1 (the final table has sensors)",
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
        manual=args.manual,
        bounty=args.bounty,
        bounty_amount=args.bounty_amount,
    )
    with tempfile.TemporaryDirectory(prefix="tablectl-venue-") as tmp:
        try:
            sim = ManualVenueSim(cfg, Path(tmp))  # a VenueSim; with --manual N, N without sensors
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

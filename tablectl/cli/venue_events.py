"""``tablectl venue sim --events 2`` (shell): two events in one room, over one broker.

The main event plays on its ``--tables`` (T1 ...) with ``--players``; a satellite beside it
(``sat1``) on half as many tables (S1 ..., at least two) with half as many players. One venue
client pumps the broker; each event's :class:`~tablectl.venue.director.VenueRunner` folds only
the tables it holds (tablectl.venue.room), sends its commands with its prefix and publishes its
own clock topic. Every table is a simulated sensored table (hw_sim.venue_tables.SimTable).
The run ends with the usual summary line for each event, prefixed by its id.
"""

from __future__ import annotations

import argparse
import secrets
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SAT = "sat1"


@dataclass
class _Event:
    ident: str
    names: list[str]
    players: int
    runner: Any = None
    tables: list[Any] = field(default_factory=list)
    room: Any = None  # the event's chips between tables (hw_sim RoomChips)
    result: Any = None
    hands_at_level: int = 0
    h4h_started: bool = False
    total: int = 0


def check(args: argparse.Namespace) -> str:
    """Why these options cannot run as a room of two events, or ""."""
    if args.events != 2:
        return "--events: 1 (a venue on its own) or 2 (a satellite beside the main event)"
    if args.faults or args.manual or args.bounty != "none":
        return "--events 2 runs sensored tables without faults or bounties"
    if args.tables < 2 or args.players < 4 or not 2 <= args.handed <= 10:
        return "--events 2 needs --tables >= 2, --players >= 4, --handed 2..10"
    if args.players > args.tables * args.handed:
        return f"{args.players} players do not fit {args.tables} tables of {args.handed}"
    if args.hands_per_level < 1:
        return "--hands-per-level must be at least 1"
    return ""


def run(args: argparse.Namespace) -> int:
    why = check(args)
    if why:
        print(f"tablectl venue sim: {why}", file=sys.stderr)
        return 2
    from tablectl.venue.broker import BrokerError

    with tempfile.TemporaryDirectory(prefix="tablectl-venue-") as tmp:
        try:
            events = _Room(args, Path(tmp)).run()
        except (BrokerError, RuntimeError, OSError) as exc:
            print(f"tablectl venue sim: {exc}", file=sys.stderr)
            return 1
        except KeyboardInterrupt:
            print("tablectl venue sim: interrupted", file=sys.stderr)
            return 130
    ok = True
    for ev in events:
        for problem in ev.result.problems[:20]:
            print(f"problem: {ev.ident}: {problem}", file=sys.stderr)
        print(f"event={ev.ident} {ev.result.line()}")
        ok &= ev.result.ok(args.handed)
    return 0 if ok else 1


class _Room:
    def __init__(self, args: argparse.Namespace, workdir: Path) -> None:
        self.args = args
        self.dir = workdir
        sat_tables = max(2, args.tables // 2)
        sat_players = max(2, min(args.players // 2, sat_tables * args.handed))
        self.events = [
            _Event("main", [f"T{i}" for i in range(1, args.tables + 1)], args.players),
            _Event(SAT, [f"S{i}" for i in range(1, sat_tables + 1)], sat_players),
        ]

    def _structure(self) -> dict[str, Any]:
        import tomllib

        from tablectl.files.clock_files import preset_dir

        path = preset_dir() / f"{self.args.structure}.toml"
        return tomllib.loads(path.read_text(encoding="utf-8"))

    def run(self) -> list[_Event]:
        from hw_sim.venue_tables import RoomChips, SimResult, SimTable
        from tablectl.tournament.structures import parse_structure
        from tablectl.venue.broker import Mosquitto
        from tablectl.venue.client import VenueClient
        from tablectl.venue.director import VenueRunner

        args = self.args
        started = time.monotonic()
        names = [n for ev in self.events for n in ev.names]
        users = {n: secrets.token_hex(8) for n in ["venue", "clock", *names]}
        broker = Mosquitto(self.dir / "broker", users).start()
        raw = self._structure()
        structure = parse_structure(raw, args.structure)
        client = VenueClient(
            "sim", "127.0.0.1", broker.port, password=users["venue"], client_id="tablectl-sim-room"
        )
        for ev in self.events:
            ev.runner = VenueRunner(
                client, by="Sim director", event="" if ev.ident == "main" else ev.ident
            )
            ev.runner.in_room = True  # each event folds only the tables it holds
            ev.room = RoomChips()
            ev.result = SimResult(entrants=ev.players)
        client.start()
        try:
            if not client.wait_connected(30):
                raise RuntimeError(f"the venue could not connect: {client.problems}")
            for ev in self.events:
                ev.tables = [
                    SimTable(
                        n, "sim", broker.port, users[n], structure, self.dir, args.seed, ev.room
                    )
                    for n in ev.names
                ]
                for t in ev.tables:
                    t.connect()
            deadline = time.monotonic() + 30
            while not all(t.link and t.link.connected for ev in self.events for t in ev.tables):
                self._pump(0.01)
                if time.monotonic() > deadline:
                    raise RuntimeError("the tables could not connect to the broker")
            for n, ev in enumerate(self.events):
                setup = {"tables": ev.names, "handed": args.handed, "seed": args.seed + n}
                ev.runner.apply({"setup": {**setup, "structure": raw}})
                for i in range(1, ev.players + 1):
                    ev.runner.apply({"register": {"name": f"{ev.ident[0].upper()}{i:02d}"}})
                ev.total = ev.players * structure.starting_stack
                ev.runner.apply({"start": {}})
            self._play(started)
            self._drain()
        finally:
            for ev in self.events:
                for t in ev.tables:
                    t.close()
            client.stop()
            broker.stop()
        for ev in self.events:
            self._result(ev)
        return self.events

    def _pump(self, timeout: float) -> None:
        client = self.events[0].runner.client
        got = client.pump(timeout)
        for ev in self.events:
            ev.runner.take(got)
            for t in ev.tables:
                t.service()

    def _play(self, started: float) -> None:
        from tablectl.tournament.seating import final_table_size

        args = self.args
        while any(ev.runner.finished is None for ev in self.events):
            if time.monotonic() - started > 600:
                for ev in self.events:
                    ev.result.problems.append("gave up after 600 s")
                return
            self._pump(0.002)
            for ev in self.events:
                if ev.runner.finished is not None:
                    continue
                busiest = 0
                for t in ev.tables:
                    if t.can_play() and t.link is not None and t.link.connected:
                        before = t.counts.hands
                        t.play_hand()
                        busiest = max(busiest, t.counts.hands - before)
                    if t.dirty:
                        t.publish_state()
                chips = sum(t.chips() for t in ev.tables) + sum(ev.room.carried.values())
                if chips != ev.room.introduced or chips > ev.total:
                    ev.result.chips_conserved = False
                    ev.result.problems.append(
                        f"chips at its tables {chips} != {ev.room.introduced} brought into play"
                    )
                    return
                v = ev.runner.venue
                ev.hands_at_level += busiest
                steps = v.structure.steps
                if ev.hands_at_level >= args.hands_per_level or steps[v.step_index].is_break:
                    ev.hands_at_level = 0
                    if v.step_index + 1 < len(steps):
                        ev.runner.apply({"level": {"index": v.step_index + 1}})
                ev.runner.publish()
                left = len(v.remaining())
                fits = final_table_size(args.handed)
                if not ev.result.fits_at and left <= fits:
                    ev.result.fits_at = left
                at_tables = sum(t.players_in() for t in ev.tables) + len(ev.room.carried)
                careful = min(left, at_tables) <= fits + 5 and not v.final_formed
                if careful and v.h4h is None and not ev.h4h_started and len(v.active_tables()) > 1:
                    said = ev.runner.apply({"hand_for_hand": {"on": True}})
                    ev.h4h_started = not any(getattr(o, "kind", "") == "alert" for o in said)
                for held in list(v.h4h.allin) if v.h4h is not None else []:
                    ev.runner.apply({"release": {"table": held}})
                for t in ev.tables:
                    t.careful = careful

    def _drain(self) -> None:
        """Every table's outbox delivered and every event taken, or counted lost."""
        client = self.events[0].runner.client
        tables = [t for ev in self.events for t in ev.tables]
        for t in tables:
            t.publish_state()

        def behind(ev: _Event) -> int:
            n = 0
            for t in ev.tables:
                st = client.tables.get(t.name)
                n += max(0, t.outbox.last_seq("events") - (st.events_seq if st else 0))
            return n

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            self._pump(0.01)
            if sum(behind(ev) for ev in self.events) == 0 and all(
                t.outbox.count() == 0 for t in tables
            ):
                break
        for ev in self.events:
            lost = sum(client.tables[t.name].lost for t in ev.tables if t.name in client.tables)
            ev.result.lost_messages = lost + behind(ev)
            ev.result.messages = sum(
                t.outbox.last_seq("events") + t.outbox.last_seq("state") for t in ev.tables
            )
            ev.runner.publish(force=True)

    def _result(self, ev: _Event) -> None:
        ev.result.score(ev.runner, ev.tables, ev.total, "event")

"""Simulated tables for `tablectl venue sim`: each an in-process rules engine played by bots, with
its own venue link and outbox (in a journal file), answering the venue's commands as a dealer.

A :class:`SimTable` plays whole hands with the contract's shorthand events (``deal``, ``board``,
``push``, ``fold``, ``press``, and hole cards read face up at showdown;
shared/spec/scenario-format.md) and bots that push legal amounts (:mod:`hw_sim.bots`). Between
hands its simulated dealer confirms the venue's commands: ``seat``, ``unseat`` and ``stack``
become the contract's ``floor`` decisions in the engine (refused when the engine refuses them or
the named player is not the one in the seat), ``level`` moves the table's own clock to that step
for the next hand (002 Rule 24) and ``halt`` holds play (002 Rule 11-D). Its state goes out after
every hand in the one report shape (``wire.report.state_body``), its notices and alerts on the
events stream.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hw_sim.bots import Decision, decide
from hw_sim.table import make_change
from tablectl.daemon.journal import Journal
from tablectl.daemon.outbox import Outbox
from tablectl.daemon.venue_link import LinkConfig, LinkProblem, VenueLink
from tablectl.engine.events import event_from_obj
from tablectl.engine.outputs import Alert, Notice, Output, Ruling
from tablectl.engine.table import Table
from tablectl.tournament.handforhand import TableHold
from tablectl.tournament.seating import final_table_size
from tablectl.tournament.structures import Structure
from tablectl.wire.busts import BustRecords
from tablectl.wire.commands import StackCmd
from tablectl.wire.envelope import Envelope
from tablectl.wire.report import output_event, state_body

RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
DEALER = "Sim dealer"
MAX_ACTIONS = 400  # a hand that takes more has gone wrong: stop and say so


def engine_levels(structure: Structure) -> list[dict[str, Any]]:
    """The structure's steps as the engine's setup ``levels`` (breaks as ``{"break": m}``)."""
    out: list[dict[str, Any]] = []
    for step in structure.steps:
        if step.is_break:
            out.append({"break": step.minutes})
        else:
            out.append(
                {
                    "blinds": [step.small_blind, step.big_blind],
                    "ante": step.ante,
                    "bb_ante": step.bb_ante,
                    "minutes": step.minutes,
                }
            )
    return out


@dataclass
class RoomChips:
    """Chips between tables: those a player carried away on an ``unseat`` and has not yet
    brought to a seat, and the chips new players brought into play (their first ``seat``)."""

    carried: dict[str, int] = field(default_factory=dict)
    introduced: int = 0


@dataclass
class TableCounts:
    hands: int = 0
    floor: int = 0  # floor decisions applied
    refused: int = 0
    problems: list[str] = field(default_factory=list)


class SimTable:
    """One simulated table: engine, bots, dealer, link."""

    def __init__(
        self,
        name: str,
        venue: str,
        port: int,
        password: str,
        structure: Structure,
        workdir: Path,
        seed: int,
        room: RoomChips | None = None,
    ) -> None:
        self.name = name
        self.structure = structure
        self.rng = random.Random(f"{seed}-{name}")
        self.config = LinkConfig(
            venue=venue, table=name, host="127.0.0.1", port=port, password=password, keepalive=5
        )
        self.journal = Journal(workdir / f"{name}.db", synchronous="NORMAL")
        self.outbox = Outbox(self.journal.connection)
        self.link: VenueLink | None = None
        self.engine: Table | None = None
        self.waiting_seats: dict[int, tuple[str, int]] = {}  # before the first hand
        self.halted = False
        self.step_index = 0  # the structure step announced for the next hand
        self.room = room if room is not None else RoomChips()
        self.dirty = True  # the state changed since it was last published
        # Near the final table one bust a hand at most (bots fold to a second all-in), so the
        # final table forms at a full table plus one (002 Rule 12) as the line says.
        self.careful = False
        self.hands_unlinked = 0  # hands played since the venue was last reachable
        self.counts = TableCounts()
        self.denoms = tuple(structure.chips) or (1,)
        self.last_positions: tuple[int | None, int | None, int | None] | None = None
        self.hold = TableHold()  # hand-for-hand as the venue's h4h commands say (002 RP-8)
        self.hole: dict[int, list[str]] = {}  # the hand in progress: its hole cards and deck
        self.deck: list[str] = []
        self.busts = BustRecords()  # the last bust's award records, for bounties (issue 32)

    # --- the link ----------------------------------------------------------------------------

    def connect(self) -> None:
        self.link = VenueLink(self.config, self.outbox)
        self.link.start()

    def disconnect(self) -> None:
        if self.link is not None:
            self.link.stop()
            self.link = None

    @property
    def online(self) -> bool:
        return self.link is not None

    def service(self) -> None:
        """Pump the link; the dealer answers each command from the venue."""
        if self.link is None:
            return
        for item in self.link.pump(0):
            if isinstance(item, LinkProblem):
                self.counts.problems.append(f"{self.name}: {item.text}")
            else:
                self._dealer(item)

    def _answer(self, cmd: Envelope, ok: bool, note: str = "", **extra: Any) -> None:
        assert self.link is not None
        self.dirty = True
        if not ok:
            self.counts.refused += 1
        self.link.answer(cmd, ok, note, extra or None)

    def _dealer(self, cmd: Envelope) -> None:
        """The simulated dealer confirms a command (commands arrive between hands here); a body
        it cannot read is refused in one line, as the real table does (TableVenue)."""
        try:
            self._confirm(cmd)
        except (KeyError, TypeError, ValueError, OverflowError) as exc:
            self._answer(cmd, False, f"{cmd.kind}: {type(exc).__name__}: {exc}"[:200])

    def _confirm(self, cmd: Envelope) -> None:
        b = cmd.body
        if cmd.kind == "level":
            index = int(b.get("index", 0))
            if not 0 <= index < len(self.structure.steps):
                raise ValueError(f"no step {index} in the structure")
            self.step_index = max(self.step_index, index)
            self._answer(cmd, True)
        elif cmd.kind == "halt":
            self.halted = bool(b.get("halt"))
            self._answer(cmd, True)
        elif cmd.kind == "h4h":
            self.hold.take(b)
            self._answer(cmd, True)
        elif cmd.kind == "seat":
            self._seat(cmd, int(b["seat"]), str(b["name"]), int(b["stack"]))
        elif cmd.kind in ("unseat", "bag"):  # a bag: the chips leave the table in it
            self._unseat(cmd, int(b["seat"]), str(b["name"]))
        elif cmd.kind == "stack":
            self._stack(cmd, StackCmd.from_obj({"command": "stack", **b, "table": self.name}))
        else:
            self._answer(cmd, False, f"unknown command {cmd.kind}")

    def _floor(self, by: str, decision: dict[str, Any]) -> str | None:
        """Apply a floor decision; the engine's refusal in one line, or None."""
        assert self.engine is not None
        out = self.engine.apply(event_from_obj({"floor": {"by": by, **decision}}))
        void = [o for o in out if isinstance(o, Alert) and o.kind == "action_void"]
        if void:
            return void[0].text
        self.counts.floor += 1
        self._publish_outputs(out)
        return None

    def _seat(self, cmd: Envelope, seat: int, name: str, stack: int) -> None:
        if self.engine is None:
            if seat in self.waiting_seats:
                self._answer(cmd, False, f"seat {seat} is taken")
                return
            self.waiting_seats[seat] = (name, stack)
        else:
            why = self._floor(
                cmd.by or DEALER, {"seat": {"seat": seat, "name": name, "stack": stack}}
            )
            if why:
                self._answer(cmd, False, why)
                return
        if self.room.carried.pop(name, None) is None:
            self.room.introduced += stack
        self._answer(cmd, True)

    def _player(self, seat: int, name: str, out_too: bool = False) -> int | None:
        """The stack of ``name`` in ``seat`` (still in, or with ``out_too`` eliminated there:
        0), or None."""
        if self.engine is None:
            here = self.waiting_seats.get(seat)
            return here[1] if here and here[0] == name else None
        p = self.engine.players.get(seat)
        if p is None or p.name != name or (p.out and not out_too):
            return None
        return 0 if p.out else p.stack

    def _unseat(self, cmd: Envelope, seat: int, name: str) -> None:
        stack = self._player(seat, name)
        if stack is None:
            self._answer(cmd, False, f"{name} is not in seat {seat}")
            return
        if self.engine is None:
            del self.waiting_seats[seat]
        else:
            why = self._floor(cmd.by or DEALER, {"unseat": seat})
            if why:
                self._answer(cmd, False, why)
                return
        self.room.carried[name] = stack
        self._answer(cmd, True, stack=stack)

    def _stack(self, cmd: Envelope, order: StackCmd) -> None:
        # an absolute stack (``set``) may bring back the player eliminated in the seat: a
        # re-buy keeps the seat (002 Rule 28)
        stack = self._player(order.seat, order.name, out_too=order.set)
        if stack is None or self.engine is None:
            self._answer(cmd, False, f"{order.name} is not in seat {order.seat}")
            return
        new = order.result(stack)
        why = self._floor(cmd.by or DEALER, {"stack": {str(order.seat): new}})
        if why:
            self._answer(cmd, False, why)
            return
        self.room.introduced += new - stack  # chips into play (or out of it: a forfeit)
        self._answer(cmd, True, stack=new, before=stack)

    # --- play ----------------------------------------------------------------------------------

    def chips(self) -> int:
        """Chips at this table (stacks, bets and pots)."""
        if self.engine is None:
            return sum(s for _n, s in self.waiting_seats.values())
        return self.engine.chips_total()

    def players_in(self) -> int:
        if self.engine is None:
            return len(self.waiting_seats)
        return sum(1 for p in self.engine.players.values() if not p.out)

    def on_break(self) -> bool:
        return self.structure.steps[self.step_index].is_break

    def in_hand(self) -> bool:
        return self.engine is not None and self.engine.street not in ("idle", "over")

    def can_play(self) -> bool:
        """A hand to play now: the hand held for an all-in and call once released (002 RP-8
        F), or a new one when the venue's hand-for-hand allows it (RP-8 A)."""
        if self.in_hand():
            assert self.engine is not None
            return not self.hold.frozen(self.engine.view())
        if self.halted or self.on_break() or not self.hold.may_deal():
            return False
        if self.engine is None:
            return len(self.waiting_seats) >= 2
        return len(self.engine.live_seats()) >= 2

    def _start_engine(self) -> None:
        seats = dict(sorted(self.waiting_seats.items()))
        first = self.structure.steps[0]
        setup = {
            "rules": "tda-2025",
            "seats": {str(s): v[1] for s, v in seats.items()},
            "button": self.rng.choice(list(seats)),
            "blinds": [first.small_blind, first.big_blind],
            "ante": first.ante,
            "bb_ante": first.bb_ante,
            "chips": list(self.denoms),
            "names": {str(s): v[0] for s, v in seats.items()},
            "levels": engine_levels(self.structure),
        }
        self.engine = Table.from_setup(setup)
        self.waiting_seats.clear()

    def _apply(self, obj: dict[str, Any]) -> list[Output]:
        assert self.engine is not None
        out = self.engine.apply(event_from_obj(obj))
        self.busts.see(out, {s.seat: s.player for s in self.engine.view().seats})
        self._publish_outputs(out)
        return out

    def _publish_outputs(self, out: list[Output]) -> None:
        if self.link is None and self.engine is None:
            return
        hand_no = self.engine.hand_no if self.engine else 0
        for o in out:
            if isinstance(o, Ruling | Notice | Alert):  # as a real table sends (table_venue)
                kind, body = output_event(o, hand_no)
                self.publish_event(kind, body)

    def publish_event(self, kind: str, body: dict[str, Any]) -> None:
        # Offline, the link object is gone but the outbox is the journal's: queue there.
        obj = {"kind": kind, "table": self.name, **body}
        self.outbox.add("events", f"tablectl/{self.config.venue}/table/{self.name}/events", obj)
        if self.link is not None:
            self.link.flush()

    def _catch_up_level(self) -> None:
        """002 Rule 24: the step announced applies from this hand: the table's clock moves on."""
        t = self.engine
        assert t is not None
        target = self.step_index
        if target <= t.timing.level_index:
            return
        seconds = (
            sum(lv.seconds or 0 for lv in t.timing.levels[t.timing.level_index : target])
            - t.timing.level_elapsed
        )
        self._apply({"tick": max(seconds, 0) + 0.001})

    def play_hand(self) -> None:
        """Deal a hand and play it out, or go on with the hand held for its release (002 RP-8
        F: the dealer deals no further card until the director's release)."""
        if self.engine is None:
            self._start_engine()
        t = self.engine
        assert t is not None
        if not self.in_hand():
            self._deal(t)
            if not self.in_hand():
                return
        deck, hole = self.deck, self.hole
        actions = 0
        while t.hand is not None and t.street != "over":
            if self.hold.frozen(t.view()):
                self.dirty = True
                return  # the cards stay face down until the venue releases the table
            actions += 1
            if actions > MAX_ACTIONS:
                self.counts.problems.append(f"{self.name}: hand {t.hand_no} stuck on {t.street}")
                return
            view = t.view()
            if view.to_act is not None:
                d = decide(view, self.rng, aggression=0.1)
                if self.careful and any(s.status == "all-in" for s in view.seats):
                    d = Decision(d.seat, "check" if view.to_call == 0 else "fold")
                if d.kind == "fold":
                    self._apply({"fold": d.seat})
                elif d.kind == "check":
                    self._apply({"press": "check"})
                else:
                    me = view.seats[d.seat - 1]
                    add = d.to - me.bet
                    try:
                        chips = make_change(add, self.denoms)
                    except ValueError:
                        chips = make_change(me.stack, self.denoms)  # all in
                    self._apply({"push": {"seat": d.seat, "chips": chips}})
            elif t.street == "showdown":
                self._showdown(hole)
            elif len(view.board) < 5:
                n = 3 if not view.board else 1
                self._apply({"board": [deck.pop() for _ in range(n)], "burn": deck.pop()})
            else:
                self._apply({"press": "award"})
        hand = t.hand
        if hand is not None:
            p = hand.positions
            self.last_positions = (p.button, p.sb_seat, p.bb)
        self.counts.hands += 1
        self.dirty = True

    def _deal(self, t: Table) -> None:
        self._catch_up_level()
        self.deck = deck = DECK[:]
        self.rng.shuffle(deck)
        live = t.live_seats()
        button = t.positions().button
        order = sorted(live, key=lambda s: (s <= button, s))
        self.hole = {s: [deck.pop(), deck.pop()] for s in order}
        before = t.hand_no
        self._apply({"deal": {str(s): c for s, c in self.hole.items()}})
        if t.hand_no == before:
            self.counts.problems.append(f"{self.name}: the deal started no hand")
            return
        why = self.hold.started(t.hand_no)
        if why:  # the sim's dealer keeps the hold: never expected
            self.counts.problems.append(f"{self.name}: {why}")

    def _showdown(self, hole: dict[int, list[str]]) -> None:
        t = self.engine
        assert t is not None
        view = t.view()
        live = [s.seat for s in view.seats if s.hidden > 0 and s.status in ("active", "all-in")]
        if not live:
            self._apply({"press": "award"})
            return
        first = t.show_first()
        start = first if first in live else live[0]
        for seat in sorted(live, key=lambda s: (s < start, s)):
            for card in hole[seat]:
                if t.street != "showdown":
                    return
                self._apply({"card": card, "zone": f"seat:{seat}", "face": "up"})
        if t.street == "showdown":
            self._apply({"press": "award"})

    def status(self) -> str:
        if self.halted:
            return "halted"
        if self.on_break():
            return "break"
        if self.engine is None:
            return "waiting"
        return "between" if self.engine.street in ("idle", "over") else "playing"

    def publish_state(self) -> None:
        if self.engine is None:
            body: dict[str, Any] = {
                "status": self.status(),
                "hand": 0,
                "in_hand": False,
                "street": "idle",
                "button": None,
                "sb": None,
                "bb": None,
                "level": None,
                "chips": self.chips(),
                "seats": [
                    {"seat": s, "name": n, "stack": k, "status": "active"}
                    for s, (n, k) in sorted(self.waiting_seats.items())
                ],
            }
        else:
            view = self.engine.view()
            body = state_body(
                view,
                self.status(),
                positions=self.last_positions,
                hold=self.hold.report(view),
                busts=self.busts.last,
            )
        obj = {"table": self.name, **body, "events_seq": self.outbox.last_seq("events")}
        self.outbox.add(
            "state",
            f"tablectl/{self.config.venue}/table/{self.name}/state",
            obj,
            retain=True,
            supersede=True,
        )
        self.dirty = False
        if self.link is not None:
            self.link.flush()

    def close(self) -> None:
        self.disconnect()
        self.journal.close()


# --- the room --------------------------------------------------------------------------------


@dataclass
class SimResult:
    entrants: int = 0
    hands: int = 0
    moves: int = 0
    tables_broken: int = 0
    final_table: int = 0
    winner: int | None = None
    chips_conserved: bool = True
    lost_messages: int = 0
    problems: list[str] = field(default_factory=list)
    faults: list[str] = field(default_factory=list)
    seconds: float = 0.0
    messages: int = 0
    # the players left after the first round of hands that left few enough for the final table:
    # a full table plus one (002 Rule 12), or fewer when that round busted two players at once
    fits_at: int = 0
    # with --bounty: the bounty money paid, and whether the prize pool plus the bounty pool
    # equals the money paid out (prizes and bounties) to the cent; None: no bounties
    bounties_paid: float | None = None
    money_conserved: bool = True

    def line(self) -> str:
        line = (
            f"entrants={self.entrants} hands={self.hands} moves={self.moves} "
            f"tables_broken={self.tables_broken} final_table={self.final_table} "
            f"winner={self.winner if self.winner is not None else 'none'} "
            f"chips_conserved={'yes' if self.chips_conserved else 'no'} "
            f"lost_messages={self.lost_messages}"
        )
        if self.bounties_paid is not None:
            line += (
                f" bounties_paid={self.bounties_paid:.2f} "
                f"money_conserved={'yes' if self.money_conserved else 'no'}"
            )
        return line

    def score(self, runner: Any, tables: list[SimTable], total: int, what: str) -> None:
        """The field's figures after the run, and the chips checked: the winner's table holds
        every chip issued (``what``: "tournament" or "event", for the problem line)."""
        v = runner.venue
        self.hands = sum(t.counts.hands for t in tables)
        self.moves, self.tables_broken, self.final_table = v.moves, len(v.broken), v.final_formed
        if runner.finished is not None:
            self.winner = int(runner.finished.data["seat"])
            table = next(t for t in tables if t.name == runner.finished.data["table"])
            if table.chips() != total or v.chips_issued != total:
                self.chips_conserved = False
                self.problems.append(f"the winner's table holds {table.chips()} of {total} chips")
        else:
            self.problems.append(f"the {what} did not finish")
        for t in tables:
            self.problems += t.counts.problems

    def ok(self, handed: int) -> bool:
        from tablectl.tournament.seating import final_table_size

        # The final table forms as soon as the field fits (002 Rule 12): never with more than
        # fit, and never later than the loop saw the field fit. (The loop samples the field
        # once a round; two reports folded in one round can skip the count it formed at.)
        fits = min(self.entrants, final_table_size(handed))
        return (
            self.winner is not None
            and self.chips_conserved
            and self.lost_messages == 0
            and self.money_conserved
            and fits >= self.final_table >= min(fits, self.fits_at or self.entrants)
            and not self.problems
        )


@dataclass(frozen=True, slots=True)
class SimConfig:
    tables: int = 6
    players: int = 54
    seed: int = 1
    faults: bool = False
    handed: int = 9
    hands_per_level: int = 8  # the fast clock: a level every K hands at the busiest table
    structure: str = "tda-style"
    venue: str = "sim"
    max_seconds: float = 600.0  # a bound, not a figure: the run gives up and says so
    offline_hands: int = 12  # the "minute" a table is offline, in hands played in the room
    offline_at: int = 0  # players left when the faults take a table offline; 0: half the field
    unlinked_hands: int = 2  # hands a table plays on while it cannot reach the venue
    manual: int = 0  # tables without sensors, their floor person's entries (hw_sim.venue_manual)
    bounty: str = "none"  # none | fixed | pko (issue 32 section 1)
    bounty_amount: float = 20.0


class VenueSim:
    """A whole tournament: a local mosquitto, the venue runner, ``tables`` simulated tables."""

    def __init__(self, cfg: SimConfig, workdir: Path, on_round: Any = None) -> None:
        self.cfg = cfg
        self.dir = workdir
        self.on_round = on_round  # called with the sim after each round (the clock screenshot)
        self.result = SimResult(entrants=cfg.players)
        self.names = [f"T{i}" for i in range(1, cfg.tables + 1)]
        self.room = RoomChips()
        self.broker: Any = None
        self.runner: Any = None
        self.tables: list[SimTable] = []
        self.users: dict[str, str] = {}

    def manual_names(self) -> list[str]:
        """Tables without sensors (hw_sim.venue_manual.ManualVenueSim): none here."""
        return []

    def make_table(self, name: str, *args: Any) -> SimTable:
        return SimTable(name, *args)

    def _structure(self) -> dict[str, Any]:
        import tomllib

        path = (
            Path(__file__).resolve().parents[1]
            / "display"
            / "structures"
            / f"{self.cfg.structure}.toml"
        )
        return tomllib.loads(path.read_text(encoding="utf-8"))

    def run(self) -> SimResult:
        import secrets
        import time

        from tablectl.tournament.structures import parse_structure
        from tablectl.venue.broker import Mosquitto
        from tablectl.venue.client import VenueClient
        from tablectl.venue.director import VenueRunner

        cfg = self.cfg
        started = time.monotonic()
        self.users = users = {n: secrets.token_hex(8) for n in ["venue", "clock", *self.names]}
        self.broker = Mosquitto(self.dir / "broker", users).start()
        structure_raw = self._structure()
        structure = parse_structure(structure_raw, cfg.structure)
        client = VenueClient(
            cfg.venue,
            "127.0.0.1",
            self.broker.port,
            password=users["venue"],
            client_id=f"tablectl-venue-{cfg.venue}-sim",
        )
        self.runner = runner = VenueRunner(client, by="Sim director")
        manual = self.manual_names()
        client.start()
        try:
            if not client.wait_connected(30):
                raise RuntimeError(f"the venue could not connect: {client.problems}")
            self.tables = [
                self.make_table(
                    n,
                    cfg.venue,
                    self.broker.port,
                    users[n],
                    structure,
                    self.dir,
                    cfg.seed,
                    self.room,
                )
                for n in self.names
            ]
            for t in self.tables:
                t.connect()
            deadline = time.monotonic() + 30
            while not all(t.link and t.link.connected for t in self.tables if t.name not in manual):
                for t in self.tables:
                    t.service()
                runner.step(0.01)
                if time.monotonic() > deadline:
                    raise RuntimeError("the tables could not connect to the broker")
            runner.apply(
                {
                    "setup": {
                        "tables": self.names,
                        "handed": cfg.handed,
                        "seed": cfg.seed,
                        "structure": structure_raw,
                        "manual": manual,
                        **self._bounty(),
                    }
                }
            )
            for i in range(1, cfg.players + 1):
                runner.apply({"register": {"name": f"P{i:02d}"}})
            total = cfg.players * structure.starting_stack
            runner.apply({"start": {}})
            self._play(total, started)
            self._drain(started)
        finally:
            for t in self.tables:
                t.close()
            client.stop()
            self.broker.stop()
        r = self.result
        v = runner.venue
        r.score(runner, self.tables, total, "tournament")
        if cfg.bounty != "none":
            self._money(v)
        r.seconds = time.monotonic() - started
        return r

    def _bounty(self) -> dict[str, Any]:
        if self.cfg.bounty == "none":
            return {}
        return {"bounty": {"kind": self.cfg.bounty, "amount": self.cfg.bounty_amount}}

    def _money(self, v: Any) -> None:
        """The money paid out (every prize and bounty, from the results) against the prize pool
        plus the bounty pool, in cents."""
        from tablectl.tournament.results import results

        rows = results(v)
        book = v.bounties.book
        paid = round(sum(r.prize for r in rows) * 100) + round(sum(r.bounties for r in rows) * 100)
        pools = round(v.purse.pool(v.structure) * 100) + book.pool
        self.result.bounties_paid = sum(book.won.values()) / 100
        self.result.money_conserved = paid == pools and not book.heads
        if not self.result.money_conserved:
            self.result.problems.append(
                f"money paid out {paid / 100:.2f} != prize pool plus bounty pool {pools / 100:.2f}"
                + (f"; {len(book.heads)} bounties unpaid" if book.heads else "")
            )

    def _play(self, total: int, started: float) -> None:
        import time

        cfg, runner = self.cfg, self.runner
        hands_at_level = 0
        h4h_started = False
        broker_fault = offline_fault = not cfg.faults
        offline: tuple[SimTable, int, float] | None = None
        while runner.finished is None:
            if time.monotonic() - started > cfg.max_seconds:
                self.result.problems.append(f"gave up after {cfg.max_seconds:.0f} s")
                return
            runner.step(0.002)
            for t in self.tables:
                t.service()
            busiest = 0
            for t in self.tables:
                if self._may_play(t):
                    before = t.counts.hands
                    t.play_hand()
                    busiest = max(busiest, t.counts.hands - before)
                    if t.counts.problems:
                        return
                if t.dirty:
                    t.publish_state()
            chips = sum(t.chips() for t in self.tables) + sum(self.room.carried.values())
            if chips != self.room.introduced or chips > total:
                self.result.chips_conserved = False
                self.result.problems.append(
                    f"chips in the room {chips} != {self.room.introduced} brought into play"
                )
                return
            hands_at_level += busiest
            steps = runner.venue.structure.steps
            on_break = steps[runner.venue.step_index].is_break
            if hands_at_level >= cfg.hands_per_level or on_break:  # a break: one round
                hands_at_level = 0
                index = runner.venue.step_index
                if index + 1 < len(steps):
                    runner.apply({"level": {"index": index + 1}})
            runner.publish()
            left = len(runner.venue.remaining())
            if not self.result.fits_at and left <= final_table_size(cfg.handed):
                self.result.fits_at = left
            if not broker_fault and left <= cfg.players * 3 // 4:
                broker_fault = True
                self._broker_outage()
            # the room's own count too: the venue's lags behind the tables on a busy machine
            at_tables = sum(t.players_in() for t in self.tables) + len(self.room.carried)
            careful = (
                min(left, at_tables) <= final_table_size(cfg.handed) + 5
                and not runner.venue.final_formed
            )
            if not offline_fault and left <= (cfg.offline_at or cfg.players // 2) and not careful:
                table = next((t for t in reversed(self.tables) if t.can_play()), None)
                if table is not None:
                    offline_fault = True
                    table.disconnect()
                    offline = (table, self._room_hands(), time.monotonic())
                    self.result.faults.append(f"{table.name} offline at {left} players left")
            # A simulated minute: the room plays on (cfg.offline_hands hands) and the venue
            # sees the table offline for a second at least. A room with no other table able to
            # deal (the final table offline, or the others waiting for its players) counts no
            # hands: its minute is the wall clock's.
            if offline is not None and (
                careful
                or (
                    (
                        self._room_hands() - offline[1] >= cfg.offline_hands
                        or not any(t.can_play() for t in self.tables if t is not offline[0])
                    )
                    and time.monotonic() - offline[2] >= 0.3
                )
            ):
                offline[0].connect()
                self.result.faults.append(
                    f"{offline[0].name} back after the room played "
                    f"{self._room_hands() - offline[1]} hands"
                )
                offline = None
            # hand for hand near the final table, on the venue's own path (002 RP-8): the
            # director's word once, the all-in and calls released as the venue holds them
            v = runner.venue
            if careful and v.h4h is None and not h4h_started and len(v.active_tables()) > 1:
                said = runner.apply({"hand_for_hand": {"on": True}})
                h4h_started = not any(getattr(o, "kind", "") == "alert" for o in said)
            for held in list(v.h4h.allin) if v.h4h is not None else []:
                runner.apply({"release": {"table": held}})
            for t in self.tables:
                t.careful = careful
            if self.on_round is not None:
                self.on_round(self)
        if offline is not None:
            offline[0].connect()

    def _may_play(self, t: SimTable) -> bool:
        """Play on without the venue, but only for a few hands: the sim plays hands in
        milliseconds, a real outage lasts a few of them (the pace of a real room)."""
        if not t.can_play():
            return False
        if t.name in self.runner.venue.manual.tables:
            return True  # no link to lose: its floor person walks to the console
        linked = t.link is not None and t.link.connected and self.runner.client.connected
        if linked:
            t.hands_unlinked = 0
            return True
        if t.hands_unlinked >= self.cfg.unlinked_hands:
            return False
        t.hands_unlinked += 1
        return True

    def _room_hands(self) -> int:
        return sum(t.counts.hands for t in self.tables)

    def _broker_outage(self) -> None:
        """Stop mosquitto mid-tournament, play on for a while, start it on the same port."""
        import time

        self.broker.stop()
        self.result.faults.append(
            f"broker stopped at {len(self.runner.venue.remaining())} players left"
        )
        until = time.monotonic() + 1.5
        while time.monotonic() < until:
            for t in self.tables:
                t.service()
                if self._may_play(t):
                    t.play_hand()
                    t.publish_state()
            self.runner.step(0.01)
        self.broker.start()
        self.result.faults.append("broker restarted on the same port")

    def _drain(self, started: float) -> None:
        """Every table's outbox delivered and every event taken by the venue, or counted lost."""
        import time

        runner = self.runner
        for t in self.tables:
            t.publish_state()
        deadline = time.monotonic() + 60

        def behind() -> int:
            n = 0
            for t in self.tables:
                st = runner.client.tables.get(t.name)
                taken = st.events_seq if st else 0
                n += max(0, t.outbox.last_seq("events") - taken)
            return n

        while time.monotonic() < deadline:
            for t in self.tables:
                t.service()
            runner.step(0.01)
            if behind() == 0 and all(t.outbox.count() == 0 for t in self.tables):
                break
        self.result.lost_messages = runner.client.lost + behind()
        self.result.messages = sum(
            t.outbox.last_seq("events") + t.outbox.last_seq("state") for t in self.tables
        )
        runner.publish(force=True)

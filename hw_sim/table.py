"""The table simulator: bots play seeded hands by moving RFID cards and chips between zones.

Everything the engine hears travels the production path: tag moves in :class:`McuEmulator` become
frames on a pty, :class:`SerialLink` (pyserial) decodes them, the bridge's tracker
(:class:`TagTracker`, or with ``tracker=False`` the instant :class:`TagMapper`) turns them into
events; dealer buttons are gpiozero pins on a MockFactory. The simulator also writes down what
physically happened in each step (the *truth*: where each card came to rest, each chip zone's
content once the motion is over) and counts every event the real path lost or invented, so faults
on the line must heal without a trace.

One *step* is one physical motion (a card dealt, chips pushed, a button pressed) followed by a
barrier (:meth:`SerialLink.ping`) and the motion's time on the bridge's virtual clock, the bridge
deciding as that clock reaches each of its due times, so the events of each step are complete
before the bots look at the table again. Chips change hands as the tray does it: the chips of a
zone go to the tray and change comes back, the same total in one motion (the tracker's exchange).
"""

from __future__ import annotations

import copy
import json
import logging
import random
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge
from firmware_bridge.link import LinkDown, SerialLink
from firmware_bridge.tags import (
    CARD_ORDER,
    ChipInventory,
    Deck,
    DeckRegistry,
    Enrollment,
    TagMapper,
    is_card_zone,
    is_chip_zone,
)
from firmware_bridge.tracker import TagTracker, subset_summing
from hw_sim.bots import Decision, decide
from hw_sim.console import SimConsole
from hw_sim.explain import Incident, cause, reads, zones_of
from hw_sim.faults import FaultCounts, FaultPlan, LineFaults
from hw_sim.felt import CHIPS, Felt, Mismatch, make_change
from hw_sim.mcu import McuEmulator, standard_antennas
from hw_sim.nfc_tags import tag_uid
from hw_sim.rf import LEVELS, Motion, RfTable, Round, neighbours, plan_motion
from hw_sim.score import Call, RfScore
from tablectl.engine.events import TRAY, Event, dumps, event_from_obj, event_to_obj
from tablectl.engine.notices import Award, HandStart, ends_betting
from tablectl.engine.outputs import Alert, Output, Ruling
from tablectl.engine.table import Table
from tablectl.engine.view import TableView

log = logging.getLogger(__name__)

DEFAULT_SEATS = {1: 10000, 2: 10000, 4: 10000, 5: 10000, 7: 10000, 9: 10000}
MAX_STEPS_PER_HAND = 500
MAX_REDEALS = 5
VIRTUAL_STALL_S = 30.0  # the link's stall check with --rf (docs/rf.md, "Repeatable")
MAX_ANSWERS = 10  # recount questions the sim's dealer answers after one motion, at most
# With --rf the table rests after a motion until it has ruled on it, at most this many of the
# reader's cycles (or SimConfig.rest, if longer); the reads go over the link in slices this long.
WAIT_CYCLES = 8
# a shared reader: the dealer's patience with a table silent on a motion, in the reader's cycles
# when longer than SimConfig.patience: the tracker's holds are counted in rounds (docs/rf.md,
# "Where a shared reader's time goes"), and the screen shows the seat that pushed still to act
# meanwhile (with a reader each, 3 s is 30 and more rounds: bench/RESULTS.md, rf-shared)
PATIENCE_CYCLES = 24
WAIT_SLICE_S = 0.1
PRESS_GAP_S = 0.05  # a button's next press comes this long after its debounce window


def card_tag(card: str, deck: str = "A") -> bytes:
    """The tag of ``card`` in the sim's deck ``deck`` (A in play, B the foreign card's, C and
    on the decks brought into play when a dead card is found)."""
    return tag_uid(CARD_ORDER.index(card) + 1000 * (ord(deck[0]) - ord("A")))


@dataclass(slots=True)
class SimConfig:
    hands: int = 10
    seed: int = 1
    faults: bool = False
    seats: dict[int, int] = field(default_factory=lambda: dict(DEFAULT_SEATS))
    blinds: tuple[int, int] = (100, 200)
    rules: str = "tda-2025"
    settle: float = 0.08
    workdir: Path | None = None
    # Keep each session's lines and outputs (SimResult.outputs) and write the scenario files.
    # Without it (`tablectl sim` without --out) nothing grows with the hands played.
    write_scenarios: bool = True
    # Real RFID reads (hw_sim.rf, docs/rf.md): a level of LEVELS, or None for perfect and
    # instant reads; ``shared_reader``: one reader multiplexed over every antenna.
    rf: str | None = None
    shared_reader: bool = False
    # With ``rf``: the chance that a bot's action is an irregularity (docs/rf.md lists them).
    irregularities: float = 0.02
    # With ``rf``: how long the table rests after a motion at most while it has not ruled on
    # it, unless WAIT_CYCLES of the reader's cycles are longer (the rounds go on meanwhile).
    rest: float = 1.0
    # With ``rf``: how long the dealer waits at most while the table has said nothing at all
    # of the motion's zones and cards (docs/rf.md): a dealer looks at the screen first.
    patience: float = 3.0
    # firmware_bridge.tracker.TagTracker (issue 27), as `tablectl run`; False: TagMapper
    tracker: bool = True
    # With ``rf``: keep an hw_sim.explain.Incident for every false or missed call
    # (SimResult.incidents; `--explain`).
    explain: bool = False


@dataclass(slots=True)
class SimResult:
    hands: int = 0
    events: int = 0
    alerts: int = 0
    chips_conserved: bool = True
    lost_events: int = 0
    spurious_events: int = 0
    problems: list[str] = field(default_factory=list)
    scenarios: list[Path] = field(default_factory=list)
    # Per session: (scenario line number of the event, the output as a JSON object).
    outputs: list[list[tuple[int, dict[str, Any]]]] = field(default_factory=list)
    faults: FaultCounts = field(default_factory=FaultCounts)
    steps: int = 0
    link: str = ""
    score: RfScore | None = None  # with --rf
    incidents: list[Incident] = field(default_factory=list)  # with --rf --explain

    def line(self) -> str:
        return (
            f"hands={self.hands} events={self.events} alerts={self.alerts} "
            f"chips_conserved={'yes' if self.chips_conserved else 'no'} "
            f"lost_events={self.lost_events + self.spurious_events}"
        )

    @property
    def ok(self) -> bool:
        if self.score is not None:  # real reads differ from the truth: the score says how much
            return not any(p.startswith("engine error") for p in self.problems)
        return self.chips_conserved and self.lost_events + self.spurious_events == 0


class _Redeal(Exception):
    """The engine voided the hand and started it again (a misdeal, a card of another deck): the
    dealer gathers the cards, hands every chip back and deals the same hand again."""


class VirtualClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class TableSim(Felt):
    """Runs sessions of seeded hands on the simulated hardware until ``hands`` are played."""

    def __init__(self, cfg: SimConfig, on_view: Callable[[TableView], None] | None = None) -> None:
        self.cfg = cfg
        self.on_view = on_view
        self.rng = random.Random(cfg.seed)
        self.result = SimResult()
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if cfg.workdir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="tablectl-sim-")
            self.workdir = Path(self._tmp.name)
        else:
            self.workdir = cfg.workdir
            self.workdir.mkdir(parents=True, exist_ok=True)
        self.clock = VirtualClock()
        self.decks = DeckRegistry(
            [
                Deck("A", "red", {card_tag(c).hex(): c for c in CARD_ORDER}),
                Deck("B", "blue", {card_tag(c, "B").hex(): c for c in CARD_ORDER}),
            ],
            in_play="A",
        )
        self.inventory = ChipInventory()
        antennas = standard_antennas()
        self.rf: RfTable | None = None
        if cfg.rf is not None:
            if cfg.rf not in LEVELS:
                raise ValueError(f"--rf {cfg.rf}: not one of {', '.join(LEVELS)}")
            # The table states its geometry in IDENTIFY (protocol version 2).
            self.rf = RfTable(
                antennas,
                LEVELS[cfg.rf],
                cfg.seed * 7919 + 3,
                shared=cfg.shared_reader,
                t0=self.clock.t,
            )
            self.result.score = RfScore(cfg.rf + ("+shared" if cfg.shared_reader else ""))
        self.mcu = McuEmulator(
            str(self.workdir / "ttyTABLE"),
            antennas,
            snapshot_every=2.0,
            neighbours=neighbours(antennas),
            reader=p.READER_SHARED if cfg.shared_reader else p.READER_DEDICATED,
            clock=self.clock,
            virtual_time=self.rf is not None and not cfg.faults,
        )
        # On the simulation's clock the MCU goes quiet on the wall clock whenever the simulator
        # computes (a loaded machine: seconds): that is no stall of the table, whose own time
        # stands still meanwhile; the link's wall-clock stall check waits longer.
        virtual = self.mcu.virtual_time
        self.link = SerialLink(self.mcu.link_path, stall_after=VIRTUAL_STALL_S if virtual else 1.0)
        mapper: TagMapper
        if cfg.tracker:
            mapper = TagTracker(self.decks, self.inventory, quiet=cfg.settle)
            # a motion is over once the tracker has ruled it: its rest, a push's time, settled
            self._accept_after = mapper.motion + mapper.rest + 2 * mapper.quiet
        else:
            mapper = TagMapper(self.decks, self.inventory, cfg.settle)
            self._accept_after = cfg.settle * 1.5
        self.bridge = Bridge(self.link, mapper, self.clock, report_clock=self.rf is not None)
        self._motion_rng = random.Random(cfg.seed * 7919 + 4)
        self._kind = "push"  # what the next motion is (hw_sim.rf.plan_motion)
        # with --explain: the step's motions and rounds, and where the tags rested before it
        self._step_motions: list[Motion] = []
        self._step_rounds: list[Round] = []
        self._step_before: dict[int, set[bytes]] = {}
        self._step_irr: str | None = None
        self.counted = 0  # recount questions the sim's dealer answered (counted events)
        self.retired = 0  # dead chips the sim's dealer took out of play (retire events)
        self.deck_changes = 0  # decks changed for a dead card (deck_change events)
        self._motion_end = self.clock.t
        self._irregular: str | None = None  # the irregularity the step commits
        self._irr_rng = random.Random(cfg.seed * 7919 + 5)
        self._pending_irr: list[str] = []  # committed this hand and not called yet
        self.console = SimConsole(clock=self.clock)
        # Line faults are decided per frame by what the frame is (hw_sim.faults.LineFaults), the
        # table faults per step from their own generator: the hands played, and the faults on
        # the table's motions, stay the same run after run.
        self.line_faults = LineFaults(cfg.seed * 7919 + 1, self.result.faults)
        self.plan = (
            FaultPlan(random.Random(cfg.seed * 7919 + 2), self.result.faults)
            if cfg.faults
            else None
        )
        self.line_faults.enabled = cfg.faults
        # physical state: zone -> tags in arrival order; chip values; face-up cards
        Felt.__init__(self, CHIPS, self.inventory)
        self._stray_serial = 0
        self.table: Table | None = None
        self.total = 0
        self._lines: list[str] = []
        self._lineno = 0  # the scenario line of the last event (kept or not)
        self._outputs: list[tuple[int, dict[str, Any]]] = []
        self._hand_outputs: list[Output] = []
        self._owed_seen = 0  # the hand's outputs looked at for chips owed (_pay_owed)
        self._session = 0
        self._pending_fault: str | None = None
        self.hole: dict[int, list[bytes]] = {}
        self.deck: list[str] = []
        # While a hand is played, a hand_start from the engine on any step but the first hole
        # card means the engine started the hand again (_Redeal).
        self._in_hand = False
        self._expect_start = False
        self._void_reason = ""

    # --- lifecycle --------------------------------------------------------------------------

    def run(self) -> SimResult:
        self.mcu.tx_filter = self.line_faults
        self.mcu.start()
        self.link.start()
        try:
            if not self.link.wait_connected(10):
                self.result.problems.append("the bridge never connected to the MCU emulator")
                self.result.chips_conserved = False
                return self.result
            while self.result.hands < self.cfg.hands:
                self._new_session()
                try:
                    while self.result.hands < self.cfg.hands and self._players_left() >= 2:
                        self._play_hand()
                except (Mismatch, LinkDown) as exc:
                    # Not a crash: the summary line still comes, and the run fails.
                    hand = self.table.hand_no if self.table is not None else 0
                    self.result.problems.append(
                        f"stopped in hand {hand} of session {self._session}: {exc}"
                    )
                    self.result.chips_conserved = False
                    self._end_session(clear=not isinstance(exc, LinkDown))
                    score = self.result.score
                    if score is not None and isinstance(exc, Mismatch):
                        # On real reads the engine may have ruled what never happened, so that
                        # the table and its ledger part: the table is set up afresh, counted.
                        score.stops += 1
                        score.hand_over()
                        self.result.hands += 1
                        continue
                    break
                self._end_session()
        finally:
            self.link.stop()
            self.mcu.stop()
            self.console.close()
            s = self.link.stats
            self.result.link = (
                f"frames={s.frames} gaps={s.gaps} retransmits={s.retransmits} "
                f"reconnects={s.reconnects} snapshots={s.snapshots} "
                f"stalls={s.stalls}"
            )
            if self.cfg.faults:  # their number is timing's, like the figures above
                self.result.link += (
                    " faults_on_acks_and_snapshots="
                    + self.result.faults.timed.summary().replace(" ", ",")
                )
            if self._tmp is not None and not self.cfg.write_scenarios:
                self._tmp.cleanup()
        return self.result

    def _new_session(self) -> None:
        self._session += 1
        setup = {
            "rules": self.cfg.rules,
            "seats": {str(s): v for s, v in self.cfg.seats.items()},
            "button": min(self.cfg.seats),
            "blinds": list(self.cfg.blinds),
            "ante": 0,
            "chips": list(CHIPS),
        }
        setup_event = event_from_obj({"setup": setup})
        self.table = Table.from_setup(setup_event.body)
        self.total = self.table.chips_total()
        self._lines = [dumps(setup_event)]
        self._lineno = 1
        self._outputs = []
        mapper = self.bridge.mapper
        if isinstance(mapper, TagTracker):
            # the table set up afresh: the daemon starts a new session with a fresh tracker;
            # here the same tracker is told, so the chips cleared off stay off
            mapper.set_up(self.clock.t)
        # Every seat's starting stack is placed on its stack antenna.
        moves: list[tuple[bytes, str | None, bool]] = []
        for seat, stack in self.cfg.seats.items():
            moves += [(self._new_chip(v), f"stack:{seat}", False) for v in make_change(stack)]
        self._step(moves, kind="sweep")

    def _end_session(self, clear: bool = True) -> None:
        path = self.workdir / f"session-{self._session:03d}.jsonl"
        if self.cfg.write_scenarios:
            path.write_text("\n".join(self._lines) + "\n")
            self.result.scenarios.append(path)
        if self.cfg.write_scenarios:
            self.result.outputs.append(self._outputs)
        # Clear the table for the next session. The bridge reads it (and must not lose it), but
        # the session's engine is done: a cleared table is no event of its tournament.
        if clear:
            self._step([(uid, None, False) for uid in list(self.where)], engine=False, kind="sweep")

    @property
    def tracking(self) -> bool:
        return isinstance(self.bridge.mapper, TagTracker)

    def _players_left(self) -> int:
        assert self.table is not None
        return sum(1 for p in self.table.players.values() if not p.out)

    # --- physical motions -------------------------------------------------------------------

    def _hand_back(self) -> None:
        """Chips the engine gave back to a seat (an uncalled bet, chips beyond a call, chips
        that were not a bet) go from its bet zone back to its stack."""
        t = self.table
        assert t is not None
        if t.hand is None or t.street == "over":
            return
        for seat, player in t.players.items():
            amount = min(
                player.stack - self._zone_total(f"stack:{seat}"), self._zone_total(f"bet:{seat}")
            )
            if amount <= 0:
                continue
            moves = self._return_moves(seat, amount)
            self._step(moves)  # one seat at a time: each motion sees the zones as they are

    def _truth(self, moves: list[tuple[bytes, str | None, bool]]) -> list[dict[str, Any]]:
        """What happened physically in these moves, as an ideal bridge's events (the cards in
        the order they came to rest, TagMapper's order; :func:`_compare` ignores the order)."""
        before = {z: self._values(z) for z in self.zones if not _card_zone(z)}
        card_events: list[tuple[int, dict[str, Any]]] = []
        order: dict[str, int] = {}
        sim_where = dict(self.where)
        sim_up = set(self.face_up)
        zones = {z: list(v) for z, v in self.zones.items()}
        for uid, zone, up in moves:
            old = sim_where.get(uid)
            if zone is None:
                if old is not None:
                    zones[old].remove(uid)
                    del sim_where[uid]
                    order.setdefault(old, len(order))
                continue
            if old is not None and old != zone:
                zones[old].remove(uid)
                order.setdefault(old, len(order))
            if old != zone:
                zones[zone].append(uid)
            order.setdefault(zone, len(order))
            was_up = uid in sim_up
            sim_where[uid] = zone
            if up:
                sim_up.add(uid)
            else:
                sim_up.discard(uid)
            if _card_zone(zone) and uid not in self.chip_value and (old != zone or was_up != up):
                card = self.decks.lookup(uid)
                obj: dict[str, Any] = {
                    "card": card[0] if card else "??",
                    "zone": zone,
                    "face": "up" if up else "down",
                }
                if card and card[1] != self.decks.in_play:
                    obj["deck"] = card[1]
                card_events.append((order[zone] * 10_000 + zones[zone].index(uid), obj))
        card_events.sort(key=lambda e: e[0])
        changed = {}
        for z in before:
            after = sorted(
                (self.chip_value[u] for u in zones[z] if u in self.chip_value), reverse=True
            )
            if after != before[z]:
                changed[z] = after
        out = [obj for _, obj in card_events]
        if changed:
            first_chip_zone = min(order[z] for z in changed)
            pos = sum(1 for k, _ in card_events if k // 10_000 < first_chip_zone)
            out.insert(pos, {"chips": dict(sorted(changed.items()))})
        return out

    def _apply_moves(self, moves: list[tuple[bytes, str | None, bool]]) -> None:
        if self.rf is not None:
            self._rf_motion(moves)
        places = [(u, z, up) for u, z, up in moves if z is not None]
        removes = [u for u, z, _ in moves if z is None]
        self._book(moves)
        if self.rf is not None:
            return  # the reader's rounds report them (_rf_wait)
        if removes:
            self.mcu.remove(removes)
        if places:
            self.mcu.place_many([(u, z, up) for u, z, up in places if z is not None])

    def _rf_motion(self, moves: list[tuple[bytes, str | None, bool]]) -> None:
        """The motion as it physically happens (hw_sim.rf.plan_motion), from now on."""
        assert self.rf is not None
        at = self.mcu.zone_antenna
        motion = plan_motion(
            [(u, None if z is None else at[z], up) for u, z, up in moves],
            self.rf.rest,
            self._kind,
            self.clock.t,
            self.rf.params,
            self._motion_rng,
            self.mcu.antennas,
        )
        if self.cfg.explain:
            if not self._step_motions:
                self._step_before = {a: set(us) for a, us in self.rf.order.items()}
            self._step_motions.append(motion)
        self.rf.apply(motion)
        self._motion_end = max(self._motion_end, motion.end)

    def _rf_wait(self, truth: list[dict[str, Any]], start: float) -> list[Event | Alert]:
        """The reader's rounds from now on, sent over the link a slice at a time, the bridge
        pumped after each, until the table has ruled on the motion — the bridge delivered
        every event a perfect reader's bridge emits for it, or asked a recount — or the bound
        has passed: ``rest``, or :data:`WAIT_CYCLES` of the reader's cycles as the table lies,
        after the motion's last physical change, whichever is longer; while the bridge has
        said nothing of the motion's zones or cards, ``patience`` or on a shared reader
        :data:`PATIENCE_CYCLES` cycles, whichever is longer (the dealer waits for the screen).
        A motion that a perfect reader reports nothing of (a button) waits out the console's
        debounce only."""
        rf = self.rf
        assert rf is not None
        want = [o for o in truth if "press" not in o]
        if want:
            bound = start + max(self.cfg.rest, WAIT_CYCLES * rf.cycle_s())
            cycles = PATIENCE_CYCLES * rf.cycle_s() if rf.shared else 0.0
            patience = max(self.cfg.patience, cycles)
            patient = max(bound, start + patience)
        else:
            bound = patient = start + self.console.console.debounce + PRESS_GAP_S
        subjects = {s for o in want for s in _subjects(o)}
        self.bridge.emitted.clear()
        self._step_rounds = []
        got: list[Event | Alert] = []
        t = max(self.clock.t, rf.t)
        said = False
        while True:
            # past the bound the dealer goes on once the table has said something of the
            # motion; a table silent on it is still ruling (a push held by a chip it skipped
            # deep in the stack): the dealer waits for the screen, up to its patience
            t = min(bound if said else patient, max(t, start) + WAIT_SLICE_S)
            rounds = rf.run_until(t)
            if self.cfg.explain:
                self._step_rounds += rounds
            self.mcu.rounds(rounds)
            self.link.ping(timeout=30)
            self.clock.t = t
            got += self.bridge.pump()
            objs = [event_to_obj(e) for e in got if isinstance(e, Event)]
            said = said or any(subjects & _subjects(o) for o in objs)
            if t >= (bound if said else patient):
                return got
            if want and (any("recount" in o for o in objs) or not _compare(want, objs)[0]):
                return got

    def _step(
        self,
        moves: list[tuple[bytes, str | None, bool]] | None = None,
        press: str | None = None,
        engine: bool = True,
        kind: str = "push",
    ) -> list[Output]:
        """One physical motion through the whole pipeline; returns the engine's outputs.
        ``kind`` says what the motion is, for how it crosses the antennas (hw_sim.rf)."""
        self._maybe_fault()
        self._kind = kind
        moves = moves or []
        truth = self._truth(moves) if moves else []
        if press is not None:
            truth.append({"press": press})
        fault = self.plan.next() if self.plan is not None else None
        if fault == "unplug":
            self.mcu.unplug()
        self._apply_moves(moves)
        if press is not None:
            chatter = self.rng.randrange(3) if self.cfg.faults else 0
            self.console.press(press, chatter=chatter)
        if fault == "unplug":
            self.mcu.replug()
        elif fault == "flap" and self.where:
            self.mcu.flap(self.rng.choice(sorted(self.where)))
        elif fault is not None:
            self._pending_fault = fault
        return self._settle(truth, engine)

    def _maybe_fault(self) -> None:
        """Tag faults that need a hand in progress run as a step of their own."""
        fault, self._pending_fault = self._pending_fault, None
        t = self.table
        if fault is None or t is None or t.hand is None or t.street in ("over", "idle"):
            return
        self._stray_serial += 1
        if fault == "unknown_chip":
            seat = self.rng.choice(sorted(self.cfg.seats))
            uid = b"\x0c\x0c" + self._stray_serial.to_bytes(6, "big")
            self._apply_and_settle([(uid, f"stack:{seat}", False)])
        elif fault == "unknown_card":
            uid = tag_uid(50_000 + self._stray_serial)
            self._apply_and_settle([(uid, "muck", False)])
        elif fault == "duplicate_card":
            seen = set(t.hand.board) | set(t.hand.deal.burns) | set(t.hand.showdown.mucked)
            for cards in t.hand.hole.values():
                seen.update(cards)
            stub = [c for c in CARD_ORDER if c not in seen and card_tag(c, "B") not in self.where]
            if stub:
                self._apply_and_settle([(card_tag(self.rng.choice(stub), "B"), "muck", False)])

    def _apply_and_settle(self, moves: list[tuple[bytes, str | None, bool]]) -> None:
        truth = self._truth(moves)
        self._apply_moves(moves)
        self._settle(truth)

    def _settle(self, truth: list[dict[str, Any]], engine: bool = True) -> list[Output]:
        self.result.steps += 1
        self._step_irr = self._irregular
        if self.rf is not None:
            start = self._motion_end
            got = self._rf_wait(truth, start)
            got += self.console.console.poll()
            # latency: from the motion's last physical change to the delivery of the last of
            # its events that a perfect reader's bridge also emits, or of its recount question
            # (docs/rf.md)
            want = {_key(o) for o in truth if "press" not in o}
            done = [
                t
                for t, e in self.bridge.emitted
                if isinstance(e, Event) and (e.kind == "recount" or _key(event_to_obj(e)) in want)
            ]
            if done:
                score = self.result.score
                assert score is not None
                score.latencies.append(max(0.0, max(done) - start))
            self._motion_end = self.clock.t
        else:
            self.link.ping(timeout=30)
            # The bridge decides as its clock reaches each due time (the daemon's loop does the
            # same on the wall clock), until the motion's time is up.
            end = self.clock.t + self._accept_after
            got = self.bridge.pump()
            while (due := self.bridge.mapper.next_due()) is not None:
                due = max(due, self.clock.t) + 1e-6  # past it, whatever the floats' rounding
                if due >= end:
                    break
                self.clock.t = due
                got += self.bridge.pump()
            self.clock.t = end
            got += self.bridge.pump()
            got += self.console.console.poll()
            self.clock.t += 1.0  # the next motion comes later than the console's debounce window
        events = [g for g in got if isinstance(g, Event)]
        bridge_alerts = [g for g in got if isinstance(g, Alert)]
        self.result.alerts += len(bridge_alerts)
        calls: list[Call] = []
        if self.result.score is not None and engine:
            calls += self.result.score.bridge_alerts(bridge_alerts)
        # what the bridge said of the motion: its ``unread`` list (the cards it has not read yet)
        # is the sensors' state, as its alerts are, no motion a perfect reader reports
        objs = [event_to_obj(e) for e in events if e.kind != "unread"]
        if not engine and self.tracking:
            # The table cleared between sessions: to the tracker chips taken off the table and
            # read nowhere are unread, not gone, until the next session's chips (the same total
            # from the tray) exchange them; no ruling rests on them meanwhile.
            truth = [o for o in truth if "chips" not in o]
        if objs != truth:
            lost, extra = _compare(truth, objs)
            self.result.lost_events += sum(lost.values())
            self.result.spurious_events += sum(extra.values())
            if (lost or extra) and len(self.result.problems) < 20:
                self.result.problems.append(
                    f"step {self.result.steps}: lost {dict(lost)} spurious {dict(extra)}"
                )
        outs: list[Output] = []
        assert self.table is not None
        if not engine:
            return outs
        ideal: list[Output] | None = None
        if self.result.score is not None and objs != truth:
            ideal = self._rule_on_truth(truth)
        for ev in events:
            outs += self._apply_event(ev)
        if self.rf is not None:
            outs += self._answer_recounts()
            self._retire_dead(tray=True)
        self._hand_outputs += outs
        score = self.result.score
        if score is not None:
            score.prompts(outs)
            if ideal is not None:
                calls += score.compare(ideal, outs)
            # an irregularity is called when the engine, ruling on the truth, names it (in this
            # motion or a later one of the hand); one never called counts as uncalled
            if self._irregular is not None:  # committed in this motion
                score.committed[self._irregular] += 1
                self._pending_irr.append(self._irregular)
                self._irregular = None
            named = {k for o in (outs if ideal is None else ideal) for k in _called(o)}
            self._pending_irr = [k for k in self._pending_irr if not CALLS[k] & named]
        if calls and self.cfg.explain:
            self._explain(calls, truth, objs)
        self._step_motions = []
        if self.on_view is not None:
            self.on_view(self.table.view())
        if self._in_hand and not self._expect_start and any(isinstance(o, HandStart) for o in outs):
            self._void_reason = "; ".join(o.text for o in outs if isinstance(o, Alert))
            raise _Redeal
        return outs

    def _apply_event(self, ev: Event) -> list[Output]:
        """One event into the engine, journaled in the session's scenario lines."""
        assert self.table is not None
        self._lineno += 1
        lineno = self._lineno
        keep = self.cfg.write_scenarios
        if keep:
            self._lines.append(dumps(ev))
        try:
            o = self.table.apply(ev)
        except Exception as exc:  # an engine bug must not stop the simulation
            self.result.problems.append(f"engine error on {dumps(ev)}: {exc!r}")
            self.result.chips_conserved = False
            return []
        self.result.events += 1
        mapper = self.bridge.mapper
        for out in o:
            if isinstance(out, HandStart) and isinstance(mapper, TagTracker):
                # as the daemon's loop tells BridgeSource.hand_started (and pot_awarded)
                mapper.hand_started(self.clock.t, bool(out.carried))
            elif ends_betting(out) and isinstance(mapper, TagTracker):
                mapper.pot_awarded(self.clock.t)
            if keep:
                self._outputs.append((lineno, out.to_obj()))
            if isinstance(out, Alert):
                self.result.alerts += 1
        if isinstance(mapper, TagTracker):
            mapper.betting_seats(self.table.betting_seats())  # as BridgeSource.betting_seats
        if self.table.chips_total() != self.total:
            self.result.chips_conserved = False
            self.result.problems.append(
                f"chips total {self.table.chips_total()} != {self.total} after {dumps(ev)}"
            )
        return o

    def _answer_recounts(self) -> list[Output]:
        """The dealer answers every recount question from what is physically there (as a
        real dealer counts the zone or looks for the card): a ``counted`` event, journaled and
        ruled on; a card's place is told to the tracker, as BridgeSource.answered does."""
        assert self.table is not None
        outs: list[Output] = []
        for _ in range(MAX_ANSWERS):
            # a dead chip to take out of play is answered once the hand is over (_retire_dead)
            questions = [q for q in self.table.view().recounts if q.retire is None]
            if not questions:
                break
            q = questions[0]
            body: dict[str, Any]
            if q.cards is not None:
                # a seat's hole cards: the dealer counts the cards lying there
                here = self.zones.get(q.zone, [])
                body = {"zone": q.zone, "cards": sum(1 for u in here if u not in self.chip_value)}
            elif q.card is None:
                body = {"zone": q.zone}
                counted = self._values(q.zone) if q.zone in self.zones else []
                if sorted(q.chips, reverse=True) != counted:
                    body["chips"] = counted
            else:
                body = {"card": q.card}
                uid = self.decks.uid_of(q.card, self.decks.in_play)
                zone = self.where.get(uid) if uid is not None else None
                if zone is not None and _card_zone(zone):
                    body["zone"] = zone
                    body["face"] = "up" if uid in self.face_up else "down"
            ev = event_from_obj({"counted": body})
            outs += self._apply_event(ev)
            self.counted += 1
            mapper = self.bridge.mapper
            if isinstance(mapper, TagTracker) and "card" in body:
                mapper.answered(q.card, body.get("zone"), body.get("face"), None, self.clock.t)
            elif isinstance(mapper, TagTracker) and "cards" in body:
                mapper.answered_cards(q.zone, body["cards"], self.clock.t)
            elif isinstance(mapper, TagTracker):
                mapper.answered_chips(q.zone, body.get("chips"), self.clock.t)
        return outs

    def _retire_dead(self, tray: bool = False) -> None:
        """The dealer takes each dead chip the table asks about out of play, as the hand is
        over (tablectl/engine/retire.py): passes the seat's chips of its value over the
        station's reader (a dead tag does not answer it either), sets the one it does not read
        aside for good (never in the rack again: it must not come back as change), confirms
        (a journaled ``retire``), and gives the seat a working chip of its value from the tray.
        The seat's chips keep their value: the truth stays exact. One in the tray is set aside
        from the tray's chips of its value (the rack here) as soon as it is asked (``tray``:
        after every step), before the dealer makes change from the tray again: the tray is in
        no hand, and the question is raised between hands (the exchange that took the chip
        there settles as the next deal begins)."""
        assert self.table is not None and self.rf is not None
        mapper = self.bridge.mapper
        for q in [q for q in self.table.view().recounts if q.retire is not None]:
            if tray and q.zone != TRAY:
                continue
            named = bytes.fromhex(q.retire)
            # a dead chip of the value where the table says, when the chip it names is dead:
            # dead chips of one value are alike to the reads (the tracker may count one where
            # the other lies). A named chip that answers (unread for long: in the rack, or
            # shadowed) is no dead chip: another dead one there stays in play, as before
            dead = self.rf.dead
            # the tray: its chips of the value, off the table (the rack)
            pile = self._rack.get(q.value, []) if q.zone == TRAY else self.zones.get(q.zone, [])
            here = [u for u in pile if u in dead]
            here = [u for u in here if self.chip_value.get(u) == q.value]
            found = (named if named in here else here[0]) if here and named in dead else None
            body: dict[str, Any] = {"chip": q.retire}
            if found is None:
                body["found"] = False
            self._apply_event(event_from_obj({"retire": body}))
            if isinstance(mapper, TagTracker):
                mapper.retired(q.retire, found is not None, self.clock.t)
            if found is None:
                continue
            if q.zone == TRAY:  # set aside from the tray: no seat's chips change
                self._rack[q.value].remove(found)
                self.retired += 1
                continue
            stack = f"stack:{q.zone.split(':')[1]}" if ":" in q.zone else q.zone
            self._step([(found, None, False), (self._working_chip(q.value), stack, False)])
            self._rack[q.value].remove(found)  # out of play for good
            self.retired += 1

    @property
    def _in_play(self) -> str:
        return self.decks.in_play or "A"

    def _change_deck(self) -> None:
        """The dealer changes the deck the table found a dead card in, as the hand is over
        (house option ``deck_change`` "hand_end"; at "push" nothing: the sim has no dealer
        push): the next deck from the box is enrolled card by card with the NFC reader
        (firmware_bridge.tags.Enrollment: each card's tag and its text) and brought into play
        (a journaled ``deck_change``, told to the tracker as BridgeSource.answered does). The
        model draws its tags dead or not as it draws every tag's."""
        t = self.table
        assert t is not None
        old = self._in_play
        if t.profile.deck_change != "hand_end" or all(d != old for d, _ in t.view().dead_cards):
            return
        new = next(chr(c) for c in range(ord("C"), ord("Z") + 1) if chr(c) not in self.decks.decks)
        enrol = Enrollment(self.decks, new, "green", chips=self.inventory)
        for card in CARD_ORDER:
            enrol.add(card_tag(card, new), card)
        enrol.finish()
        self._apply_event(event_from_obj({"deck_change": {"deck": new}}))
        mapper = self.bridge.mapper
        if isinstance(mapper, TagTracker):
            mapper.changed_deck(new, self.clock.t)
        else:
            self.decks.in_play = new
        self.deck_changes += 1

    def _working_chip(self, value: int) -> bytes:
        """A chip of ``value`` from the tray that answers the station's reader (a dead one
        is set aside too)."""
        assert self.rf is not None
        rack = self._rack.get(value, [])
        for uid in reversed(rack):
            if not self.rf.judge(uid):
                rack.remove(uid)
                return uid
        while True:  # none in the rack: new chips, a dead one racked as any (change later)
            uid = self._new_chip(value)
            if not self.rf.judge(uid):
                return uid
            self._rack.setdefault(value, []).append(uid)

    def _explain(
        self, calls: list[Call], truth: list[dict[str, Any]], got: list[dict[str, Any]]
    ) -> None:
        """An incident per false or missed call of this step (hw_sim.explain)."""
        rf = self.rf
        assert rf is not None and self.table is not None
        at = self.mcu.zone_antenna
        motions = self._step_motions
        touched = {a for m in motions for a in m.touched}
        ants = {at[z] for z in zones_of(truth) | zones_of(got) if z in at} | touched
        why = cause(rf, motions, self._step_rounds, ants, self._step_before)
        start = min((m.start for m in motions), default=self.clock.t)
        for m in motions:  # the zones its tags crossed
            ants |= {c.antenna for c in m.changes if c.antenna is not None}
        resting = {a: set(us) for a, us in rf.order.items()}
        lines = reads(self._step_rounds, ants, self.mcu.antennas, self._tag_name, start, resting)
        who = self._kind + (f", {self._step_irr}" if self._step_irr else "")
        for c in calls:
            self.result.incidents.append(
                Incident(
                    self.table.hand_no,
                    self.result.steps,
                    who,
                    c.what,
                    c.kind,
                    c.text,
                    truth,
                    got,
                    why,
                    lines,
                )
            )

    def _tag_name(self, uid: bytes) -> str:
        card = self.decks.lookup(uid)
        if card is not None:
            return card[0] if card[1] == "A" else f"{card[0]}/{card[1]}"
        if uid in self.chip_value:
            return f"{self.chip_value[uid]}#{int.from_bytes(uid[2:], 'big')}"
        return uid.hex()

    def _rule_on_truth(self, truth: list[dict[str, Any]]) -> list[Output]:
        """What the engine, as it stands, rules on what a perfect reader would have reported."""
        shadow = copy.deepcopy(self.table)
        assert shadow is not None
        # a perfect reader reads every chip: the bridge's list of chips it cannot read is no
        # part of the truth (kept, the truth's engine asks about them as the real one does,
        # and the real one's ruling on the dealer's answer scores as false, the question missed)
        shadow.felt.unread_chips = {}
        shadow.felt.dead_chips = {}  # nor the dead chips it knows the place of
        out: list[Output] = []
        for obj in truth:
            try:
                out += shadow.apply(event_from_obj(obj))
            except Exception as exc:  # an engine bug must not stop the simulation
                self.result.problems.append(f"engine error on the truth {obj}: {exc!r}")
        return out

    # --- a hand -----------------------------------------------------------------------------

    def _play_hand(self) -> None:
        t = self.table
        assert t is not None
        self._hand_outputs, self._owed_seen = [], 0
        live = sorted(s for s, p in t.players.items() if not p.out)
        button = t.positions().button
        order = sorted(live, key=lambda s: (s <= button, s))
        redeals = 0
        self._in_hand = True
        try:
            while True:
                try:
                    if redeals:
                        self._gather_for_redeal()
                    self._deal(order, starting=redeals == 0)
                    self._play_streets()
                    break
                except _Redeal:  # also while gathering: a fault may void the hand again
                    redeals += 1
                    if redeals > MAX_REDEALS:
                        raise Mismatch(
                            f"hand {t.hand_no} was dealt again {MAX_REDEALS} "
                            f"times; the last ruling: {self._void_reason}"
                        ) from None
        finally:
            self._in_hand = self._expect_start = False
        self._finish_hand()

    def _deal(self, order: list[int], starting: bool) -> None:
        """Two hole cards a seat, one at a time; the first starts the hand (or, when the
        engine already started it again, just opens the re-deal); then the blinds."""
        t = self.table
        assert t is not None
        deck = list(CARD_ORDER)
        self.rng.shuffle(deck)
        self.hole = {s: [] for s in order}
        hand_no = t.hand_no
        # the dealer's errors (docs/rf.md): a card pitched to the wrong player, or the second
        # card off the deck dealt face up
        error = self._irregularity(("wrong_seat", "exposed_card"))
        at = self._irr_rng.randrange(2, 2 * len(order)) if error == "wrong_seat" else 1
        for i, seat in enumerate([*order, *order]):  # one card a seat, twice round
            uid = card_tag(deck.pop(), self._in_play)
            up = False
            if error is not None and i == at:
                self._irregular = error
                if error == "wrong_seat":
                    seat = order[(order.index(seat) + 1) % len(order)]
                else:
                    up = True
            self.hole[seat].append(uid)
            first = i == 0
            self._expect_start = first and starting
            try:
                self._step([(uid, f"seat:{seat}", up)], kind="deal")
            finally:
                self._expect_start = False
            if first:
                if t.hand is None or t.street == "over" or (starting and t.hand_no == hand_no):
                    # The first hole card starts the next hand (scenario-format.md).
                    raise Mismatch(
                        f"the first hole card, dealt to seat {seat}, started no "
                        f"hand (still hand {t.hand_no}, {t.street})"
                    )
                self._post_blinds()
            if t.hand is None or t.street == "over":
                break  # a ruling ended the hand during the deal: deal no further
        self.deck = deck

    def _gather_for_redeal(self) -> None:
        """The hand is void: cards and stray tags off the table, every chip in the pot and the
        bet zones back to the stacks as they were when the hand began."""
        t = self.table
        assert t is not None and t.hand is not None
        self._gather_cards()
        owed = {
            s: start - self._zone_total(f"stack:{s}")
            for s, start in t.hand.stakes.start_stacks.items()
        }
        middle = [
            u
            for z in self.zones
            if z == "pot" or z.startswith("bet:")
            for u in self.zones[z]
            if u in self.chip_value
        ]
        on_table = sum(self.chip_value[u] for u in middle)
        if any(v < 0 for v in owed.values()) or sum(owed.values()) != on_table:
            raise Mismatch(
                f"hand {t.hand_no} dealt again: {on_table} chips in the pot and bet "
                f"zones, but the stacks are owed {owed}"
            )
        moves: list[tuple[bytes, str | None, bool]] = [(u, None, False) for u in middle]
        for seat, amount in sorted(owed.items()):
            if amount > 0:
                moves += [(self._new_chip(v), f"stack:{seat}", False) for v in make_change(amount)]
        if moves:
            self._step(moves)

    def _gather_cards(self) -> None:
        """The dealer sweeps the hands, the board and the burns into the muck, face down (the
        muck antenna reads them: a card gathered there and dealt again to the same seat is a
        new hand, not the old one turned over), then takes the cards and any stray tags off
        the table for the shuffle. At the hand's end and when a void hand is dealt again alike:
        a card swept straight off a seat and dealt to it again within the tracker's
        ``gone_after`` would read as never having left."""
        cards = [u for u, z in self.where.items() if _card_zone(z)]
        sweep = [u for u in cards if self.where[u] != "muck" or u in self.face_up]
        if sweep:
            self._step([(u, "muck", False) for u in sweep], kind="sweep")
        strays = [u for u in self.where if u not in self.chip_value and _chip_zone(self.where[u])]
        if cards or strays:
            self._step([(u, None, False) for u in cards + strays], kind="sweep")

    def _play_streets(self) -> None:
        t = self.table
        assert t is not None
        steps = 0
        decided: dict[tuple[Any, ...], int] = {}
        while t.hand is not None and t.street != "over":
            steps += 1
            if steps > MAX_STEPS_PER_HAND:
                self.result.problems.append(f"hand {t.hand_no} stuck on {t.street}")
                self.result.chips_conserved = False
                break
            self._pay_owed()
            self._hand_back()
            if t.street == "over":
                break
            view = t.view()
            if view.to_act is not None:
                key = (view.to_act, view.street, view.to_call, tuple(s.bet for s in view.seats))
                decided[key] = decided.get(key, 0) + 1
                self._act(view, force_fold=decided[key] > 2)
            elif t.street == "showdown":
                self._showdown(view)
            elif len(view.board) < 5:
                self._deal_board(len(view.board))
            else:
                self.result.problems.append(f"hand {t.hand_no}: no one to act on {t.street}")
                self.result.chips_conserved = False
                break

    def _post_blinds(self) -> None:
        """The hand began with its first card (the engine posted the blinds and antes on its
        ledger): while the cards are dealt each blind is put out in front of its seat, in the
        bet zone, and antes go to the pot."""
        t = self.table
        assert t is not None and t.hand is not None
        moves: list[tuple[bytes, str | None, bool]] = []
        for seat, start in t.hand.stakes.start_stacks.items():
            posted = start - t.players[seat].stack
            if posted <= 0:
                continue
            blind = min(t.hand.round.bets.get(seat, 0), posted)
            stack_zone = f"stack:{seat}"
            have = self._zone_total(stack_zone)
            if posted > have:
                raise Mismatch(f"seat {seat} has {have} in chips, cannot post {posted}")
            taken = self._take(stack_zone, make_change(blind), blind, exact=False)
            if taken is not None and posted == blind:
                moves += [(u, f"bet:{seat}", False) for u in taken]
                continue
            moves += [(u, None, False) for u in self.zones[stack_zone] if u in self.chip_value]
            moves += [(self._new_chip(v), stack_zone, False) for v in make_change(have - posted)]
            moves += [(self._new_chip(v), f"bet:{seat}", False) for v in make_change(blind)]
            moves += [(self._new_chip(v), "pot", False) for v in make_change(posted - blind)]
        if moves:
            self._step(moves)

    def _irregularity(self, kinds: tuple[str, ...]) -> str | None:
        """With --rf, now and then a bot breaks a rule (docs/rf.md): which one, or None."""
        if self.rf is None or not kinds or self._irr_rng.random() >= self.cfg.irregularities:
            return None
        return self._irr_rng.choice(kinds)

    def _act(self, view: TableView, force_fold: bool) -> None:
        d = decide(view, self.rng) if not force_fold else Decision(view.to_act or 0, "fold")
        seat = d.seat
        me = view.seats[seat - 1]
        kinds = ["out_of_turn"]
        if d.kind == "chips" and d.to == me.bet + view.to_call and view.to_call >= 2 * CHIPS[1]:
            kinds.append("undercall")
        if d.kind == "chips" and d.to > me.bet + view.to_call > me.bet and d.to < me.bet + me.stack:
            kinds.append("string_bet")
        irregular = self._irregularity(tuple(kinds)) if not force_fold else None
        if irregular == "out_of_turn" and self._out_of_turn(view, seat):
            return  # the engine rules on the push out of turn; the bots look again
        elif irregular == "undercall":
            # a call short by one chip: the engine makes the seat owe the rest
            self._irregular = irregular
            self._push(seat, d.to - me.bet - CHIPS[1])
            self._pay_owed()
            return
        elif irregular == "string_bet":
            # a raise in two motions: the call, then the rest
            self._irregular = irregular
            self._push(seat, view.to_call)
            t = self.table
            assert t is not None
            if t.view().to_act == seat or t.players[seat].stack > 0:
                self._push(seat, d.to - me.bet - view.to_call)  # the string bet's second push
            return
        if d.kind == "fold":
            self._step([(uid, "muck", False) for uid in self.hole[seat]], kind="fold")
            return
        if d.kind == "check":
            self._step(press="check")
            return
        amount = d.to - me.bet
        raising = d.to > me.bet + view.to_call
        self._push(seat, amount, raising)
        self._pay_owed()

    def _pay_owed(self) -> None:
        """Each ruling that makes a seat owe chips (an undercall, 002 Rule 44-B; a bet under
        the minimum, Rule 45-A, also one out of turn made binding when play reaches it, Rule
        42-B): the seat's next chips complete it, before play goes on. The engine's ledger has
        charged the whole amount, so what the seat can still put out is on its felt (a call of
        all but one chip leaves the ledger at 0 and the chip in front of the player)."""
        while self._owed_seen < len(self._hand_outputs):
            out = self._hand_outputs[self._owed_seen]
            self._owed_seen += 1
            if isinstance(out, Ruling) and out.owes > 0:
                owes = min(out.owes, self._zone_total(f"stack:{out.seat}"))
                if owes > 0:
                    self._push(out.seat, owes)

    def _out_of_turn(self, view: TableView, seat: int) -> bool:
        """Another player, one with no chips out this street yet (chips added to a bet would
        be a string bet instead), pushes a call before the seat in turn has acted."""
        later = [
            s.seat
            for s in view.seats
            if s.seat != seat
            and s.status == "active"
            and s.hidden > 0
            and s.stack > 0
            and s.bet == 0
        ]
        if not later:
            return False
        other = self._irr_rng.choice(later)
        me = view.seats[other - 1]
        amount = min(me.stack, max(view.seats[seat - 1].bet + view.to_call - me.bet, CHIPS[1]))
        self._irregular = "out_of_turn"
        self._push(other, amount)
        return True

    def _push(self, seat: int, amount: int, raising: bool = False) -> None:
        if amount <= 0:
            self._step(press="check")
            return
        self._step(self._push_moves(seat, amount, raising))

    def _take(self, zone: str, values: list[int], amount: int, exact: bool) -> list[bytes] | None:
        """With real reads (--rf): the chips of ``zone`` a player pushes, taken from the stack
        itself (the others stay where they lie, as at a real table), or None when the stack
        does not hold them and the dealer must make change. ``values`` are the chips wanted;
        unless ``exact``, any chips adding up to ``amount`` do."""
        if self.rf is None:
            return None  # the perfect reader's runs stay as they were: same motions, same speed
        chips = [u for u in self.zones[zone] if u in self.chip_value]
        picked: list[bytes] = []
        for v in values:
            u = next((c for c in chips if self.chip_value[c] == v and c not in picked), None)
            if u is None:
                break
            picked.append(u)
        else:
            return picked
        if exact:
            return None
        return subset_summing(chips, [self.chip_value[u] for u in chips], amount)

    def _collect_bets(self) -> None:
        """The betting round is over: the dealer gathers the bet zones into the pot."""
        moves: list[tuple[bytes, str | None, bool]] = [
            (u, "pot", False)
            for z in sorted(self.zones)
            if z.startswith("bet:")
            for u in self.zones[z]
            if u in self.chip_value
        ]
        if moves:
            self._step(moves, kind="collect")

    def _deal_board(self, n: int) -> None:
        self._collect_bets()
        self._step([(card_tag(self.deck.pop(), self._in_play), "burn", False)], kind="board")
        for _ in range(3 if n == 0 else 1):
            self._step([(card_tag(self.deck.pop(), self._in_play), "board", True)], kind="board")

    def _showdown(self, view: TableView) -> None:
        t = self.table
        assert t is not None
        self._collect_bets()
        if t.street != "showdown":
            return
        first = t.show_first()
        live = [s.seat for s in view.seats if s.hidden > 0 and s.status in ("active", "all-in")]
        if not live:
            self._step(press="award")
            return
        start = first if first in live else live[0]
        ordered = sorted(live, key=lambda s: (s < start, s))
        # One card at a time: the engine tables a hand at its first card read face up and
        # awards once every live hand is tabled; a face-up card read after the award would
        # be taken for the first card of the next hand.
        for uid in self.hole[ordered[0]]:
            if t.street != "showdown":
                return
            self._step([(uid, f"seat:{ordered[0]}", True)], kind="show")
        if t.street == "showdown" and self.rng.random() < 0.5:
            self._step(press="award")  # the dealer awards on the hands as read

    def _finish_hand(self) -> None:
        t = self.table
        assert t is not None
        self.result.hands += 1
        if self.result.score is not None:
            self.result.score.uncalled.update(self._pending_irr)
            self._pending_irr = []
            self.result.score.hand_over()
        # What each seat is owed from the chips on the table: its award and anything returned.
        pay = {s: p.stack - self._zone_total(f"stack:{s}") for s, p in t.players.items()}
        if any(v < 0 for v in pay.values()):
            self.result.chips_conserved = False
            self.result.problems.append(f"hand {t.hand_no}: stacks short of the chips: {pay}")
        pay = {s: v for s, v in pay.items() if v > 0}
        awarded = sum(sum(o.winners.values()) for o in self._hand_outputs if isinstance(o, Award))
        if awarded > sum(pay.values()):
            self.result.chips_conserved = False
            self.result.problems.append(
                f"hand {t.hand_no}: {awarded} awarded but only {sum(pay.values())} paid"
            )
        self._gather_cards()
        # The dealer sweeps bets and pot and pays the winners and the returned chips.
        swept = sum(self._zone_total(z) for z in self.zones if z == "pot" or z.startswith("bet:"))
        if swept != sum(pay.values()):
            self.result.chips_conserved = False
            self.result.problems.append(
                f"hand {t.hand_no}: {swept} chips on the table, {sum(pay.values())} paid out"
            )
        moves: list[tuple[bytes, str | None, bool]] = [
            (u, None, False)
            for z in self.zones
            if z == "pot" or z.startswith("bet:")
            for u in list(self.zones[z])
        ]
        for seat, amount in sorted(pay.items()):
            moves += [(self._new_chip(v), f"stack:{seat}", False) for v in make_change(amount)]
        if moves:
            self._step(moves, kind="payout")
        if self.rf is not None:
            self._retire_dead()
            self._change_deck()
        for seat, player in t.players.items():
            physical = self._zone_total(f"stack:{seat}")
            if physical != player.stack:
                self.result.chips_conserved = False
                self.result.problems.append(
                    f"hand {t.hand_no}: seat {seat} has {physical} in chips, the engine says "
                    f"{player.stack}"
                )


# What the engine says when it calls each irregularity the bots commit.
CALLS = {
    "undercall": {"undercall", "owes"},
    "string_bet": {"string_bet"},
    "out_of_turn": {"out_of_turn"},
    "wrong_seat": {"misdeal", "wrong_card_count"},
    "exposed_card": {"exposed_card", "misdeal"},
}


def _called(out: Output) -> set[str]:
    if isinstance(out, Alert):
        return {out.kind}
    if isinstance(out, Ruling) and out.owes > 0:
        return {"owes"}
    return set()


def _subjects(obj: dict[str, Any]) -> set[str]:
    """What an event is about: a card, or chip zones."""
    if "card" in obj:
        return {f"card {obj['card']}"}
    return set(obj.get("chips", ()))


def _card_zone(zone: str) -> bool:
    return is_card_zone(zone)


def _chip_zone(zone: str) -> bool:
    return is_chip_zone(zone)


def _key(obj: dict[str, Any]) -> str:
    return json.dumps(obj, sort_keys=True)


def _compare(
    truth: list[dict[str, Any]], got: list[dict[str, Any]]
) -> tuple[Counter[str], Counter[str]]:
    """Events lost and invented in one step, judged by what physically happened: the cards
    that came to rest where (in any order: anticollision order is random) and each chip zone's
    content once the motion is over; a chip zone read twice with different contents is one
    invented event (the engine ruled on a zone that was never so)."""

    def split(objs: list[dict[str, Any]]) -> tuple[Counter[str], dict[str, Any], int]:
        others: Counter[str] = Counter()
        chips: dict[str, Any] = {}
        twice = 0
        for obj in objs:
            if "chips" not in obj:
                others[_key(obj)] += 1
                continue
            for zone, values in obj["chips"].items():
                twice += zone in chips and chips[zone] != values
                chips[zone] = values
        return others, chips, twice

    want, want_chips, _ = split(truth)
    have, have_chips, twice = split(got)
    lost = want - have
    extra = have - want
    for zone, values in want_chips.items():
        if have_chips.get(zone) != values:
            lost[_key({"chips": {zone: values}})] += 1
    for zone, values in have_chips.items():
        if want_chips.get(zone) != values:
            extra[_key({"chips": {zone: values}})] += 1
    if twice:
        extra["a chip zone emitted twice in one motion"] += twice
    return lost, extra

"""The bridge on real RFID reads over the real link (issue 27, part B item 2): hw_sim.rf's model
reads the table round by round, the MCU emulator reports those rounds on a pty in protocol
version 2, pyserial's SerialLink decodes them and firmware_bridge.Bridge feeds the mapper. One
directed test per mechanism of shared/spec/rf-model.md, each run twice on the same seeded reads:
the instant TagMapper gets it wrong (the assertion on it shows the test fails on it) and the
tracker (firmware_bridge.tracker, the bridge's default) gets it right."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.bridge import Bridge
from firmware_bridge.link import SerialLink
from firmware_bridge.tags import CARD_ORDER, ChipInventory, Deck, DeckRegistry, TagMapper
from firmware_bridge.tracker import TagTracker
from hw_sim.mcu import McuEmulator, standard_antennas
from hw_sim.rf import IDEAL, Change, Motion, RfParams, RfTable, neighbours, plan_motion
from hw_sim.table import VirtualClock, card_tag
from tablectl.engine.events import event_to_obj
from tablectl.engine.outputs import Alert

ANTS = standard_antennas()
AT = {z: a for a, z in ANTS.items()}


def chip(n: int) -> bytes:
    return b"\x05\xc0" + n.to_bytes(6, "big")


class Table:
    """One RF table, its MCU on a pty and a bridge with ``mapper`` reading it."""

    def __init__(
        self, tmp: Path, params: RfParams, seed: int, tracker: bool, shared: bool = False, **kw: Any
    ) -> None:
        self.clock = VirtualClock()
        self.rf = RfTable(ANTS, params, seed, shared=shared, t0=self.clock.t)
        self.mcu = McuEmulator(
            str(tmp / f"tty-{tracker}"),
            ANTS,
            snapshot_every=None,
            neighbours=neighbours(ANTS),
            reader=p.READER_SHARED if shared else p.READER_DEDICATED,
            clock=self.clock,
        )
        decks = DeckRegistry([Deck("A", "red", {card_tag(c).hex(): c for c in CARD_ORDER})])
        self.chips = ChipInventory()
        self.mapper = (
            TagTracker(decks, self.chips, **kw) if tracker else TagMapper(decks, self.chips)
        )
        self.link = SerialLink(self.mcu.link_path)
        self.bridge = Bridge(self.link, self.mapper, self.clock, report_clock=True)
        self.rng = random.Random(seed)

    def start(self) -> None:
        self.mcu.start()
        self.link.start()
        assert self.link.wait_connected(10)
        self.bridge.pump()

    def stop(self) -> None:
        self.link.stop()
        self.mcu.stop()

    def enrol(self, uid: bytes, value: int) -> bytes:
        self.chips.add(uid.hex(), value)
        return uid

    def place(self, uid: bytes, zone: str, up: bool = False) -> None:
        self.rf.place_now(uid, AT[zone], up)

    def motion(self, moves: list[tuple[bytes, str | None]], kind: str = "push") -> float:
        """A motion from now (hw_sim.rf.plan_motion: it takes time and crosses antennas); its
        end."""
        m = plan_motion(
            [(u, None if z is None else AT[z], False) for u, z in moves],
            dict(self.rf.rest),
            kind,
            self.clock.t,
            self.rf.params,
            self.rng,
            ANTS,
        )
        self.rf.apply(m)
        return m.end

    def run(self, seconds: float) -> list[Any]:
        """The reader's rounds for ``seconds`` over the link; what the bridge emitted."""
        until = self.clock.t + seconds
        self.mcu.rounds(self.rf.run_until(until))
        self.link.ping(timeout=10)
        self.clock.t = until
        return [o if isinstance(o, Alert) else event_to_obj(o) for o in self.bridge.pump()]


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[Any]:
    made: list[Table] = []

    def make(params: RfParams, seed: int, **kw: Any) -> tuple[Table, Table]:
        pair = (
            Table(tmp_path, params, seed, False, **kw),
            Table(tmp_path, params, seed, True, **kw),
        )
        made.extend(pair)
        return pair

    yield make
    for t in made:
        t.stop()


def play(pair: tuple[Table, Table], script: Any) -> tuple[list[Any], list[Any]]:
    """The same script on both tables: (the instant mapper's outputs, the tracker's)."""
    outs = []
    for table in pair:
        table.start()
        outs.append(script(table))
    return outs[0], outs[1]


def cards(out: list[Any]) -> list[tuple[str, str]]:
    return [(o["card"], o["zone"]) for o in out if isinstance(o, dict) and "card" in o]


def chip_events(out: list[Any]) -> list[dict[str, list[int]]]:
    return [o["chips"] for o in out if isinstance(o, dict) and "chips" in o]


def alerts(out: list[Any]) -> list[Alert]:
    return [o for o in out if isinstance(o, Alert)]


def _pitch_seed(params: RfParams, seat: str, shared: bool = False) -> int:
    """A seed whose pitch to ``seat`` crosses two other seats, one for 100 ms or more."""
    for seed in range(200):
        rf = RfTable(ANTS, params, seed, shared=shared, t0=1000.0)
        m = plan_motion(
            [(card_tag("9s"), AT[seat], False)],
            {},
            "deal",
            1000.0,
            params,
            random.Random(seed),
            ANTS,
        )
        rf.apply(m)
        crossed = [c for c in m.changes if c.until is not None]
        if len(crossed) == 2 and max(c.until - c.t for c in crossed) >= 0.1:
            return seed
    raise AssertionError("no pitch crossed two seats")


def test_a_card_pitched_across_two_seat_antennas(tables: Any) -> None:
    params = replace(IDEAL, transit_deal=1.0)
    seed = _pitch_seed(params, "seat:5")

    def script(t: Table) -> list[Any]:
        t.run(0.5)
        t.rng = random.Random(seed)
        t.motion([(card_tag("9s"), "seat:5")], "deal")
        return t.run(1.5)

    today, tracked = play(tables(params, seed), script)
    assert [z for c, z in cards(today) if z != "seat:5"]  # today: "a card went to seat 4"
    assert cards(tracked) == [("9s", "seat:5")]


def test_a_shadowed_chip_in_a_stack(tables: Any) -> None:
    """Seat 2 pushes its top chip to the bet zone; chips deep in the stack the motion touched
    go unread for 5-40 rounds."""
    params = replace(IDEAL, shadow=1.0)

    def script(t: Table) -> list[Any]:
        stack = [t.enrol(chip(i), 100 * (i + 1)) for i in range(8)]
        for uid in stack:
            t.place(uid, "stack:2")
        t.run(0.6)
        t.motion([(stack[-1], "bet:2")])
        return t.run(3.0)

    today, tracked = play(tables(params, 1), script)
    assert len(chip_events(today)) > 1  # today: the stack shrinks (chips missing), then regrows
    stack = [700, 600, 500, 400, 300, 200, 100]
    assert chip_events(tracked) == [{"bet:2": [800], "stack:2": stack}]


def test_a_chip_at_the_edge_is_read_by_the_bet_antenna(tables: Any) -> None:
    """Seat 4 calls 200 with two 100s; its 5,000 lies at the stack's edge, read by the bet
    antenna in about half the rounds."""

    def script(t: Table) -> list[Any]:
        five = t.enrol(chip(1), 5000)
        hundreds = [t.enrol(chip(2), 100), t.enrol(chip(3), 100)]
        for uid in (five, *hundreds):
            t.place(uid, "stack:4")
        t.rf.place_edge(five, AT["bet:4"])
        t.run(1.0)
        t.motion([(u, "bet:4") for u in hundreds])
        return t.run(2.0)

    today, tracked = play(tables(IDEAL, 3), script)
    assert any(5000 in c.get("bet:4", []) for c in chip_events(today))  # a raise to 5,200
    assert [c["bet:4"] for c in chip_events(tracked) if "bet:4" in c] == [[100, 100]]
    assert all(5000 in c["stack:4"] for c in chip_events(tracked) if "stack:4" in c)


def test_a_stack_zone_settling_before_its_bet_zone(tables: Any) -> None:
    """Seat 1 bets 1,000 from a stack of 5,000 + 5,000: the dealer's tray gives change (the
    stack's chips swapped for 5,000 + 4 x 1,000) and the bet's 1,000; the stack antenna settles
    well before the bet antenna reads the chip at the end of the slide."""

    def script(t: Table) -> list[Any]:
        old = [t.enrol(chip(1), 5000), t.enrol(chip(2), 5000)]
        for uid in old:
            t.place(uid, "stack:1")
        t.run(0.6)
        change = [t.enrol(chip(10), 5000)] + [t.enrol(chip(11 + i), 1000) for i in range(4)]
        bet = t.enrol(chip(20), 1000)
        moves = [(u, None) for u in old] + [(u, "stack:1") for u in change] + [(bet, "bet:1")]
        t.motion(moves)
        return t.run(3.0)

    today, tracked = play(tables(IDEAL, 2), script)
    assert {"stack:1": [5000, 1000, 1000, 1000, 1000]} in chip_events(today)  # 1,000 missing
    after = {"bet:1": [1000], "stack:1": [5000, 1000, 1000, 1000, 1000]}
    assert chip_events(tracked) == [after]  # one motion, ruled once both zones are quiet


def test_a_dead_chip(tables: Any) -> None:
    """A 500 in seat 3's stack is read, then its tag dies; a 25 enrolled is dead from the
    start. The tracker names both tags (the stack keeps the 500); today nothing is said, and
    the stack is 500 short."""

    def script(t: Table) -> list[Any]:
        live = [t.enrol(chip(1), 1000), t.enrol(chip(2), 500)]
        never = t.enrol(chip(3), 25)
        for uid in (*live, never):
            t.place(uid, "stack:3")
        t.rf.kill(never)
        out = t.run(1.0)
        t.rf.kill(live[1])
        return out + t.run(5.0)

    today, tracked = play(tables(IDEAL, 4, never_read_alert=4.0), script)
    assert not alerts(today) and {"stack:3": [1000]} in chip_events(today)
    assert chip_events(tracked) == [{"stack:3": [1000, 500]}]
    texts = [a.text for a in alerts(tracked)]
    assert any(chip(2).hex() in x and "still counted" in x for x in texts)
    assert any(chip(3).hex() in x and "never read" in x for x in texts)


def test_a_shared_readers_slow_cycle(tables: Any) -> None:
    """One reader over all 34 antennas with a table's worth of chips: each antenna is read once
    a cycle (0.3-0.5 s), so the pitched card is read at a seat it crossed for a whole cycle."""
    params = replace(IDEAL, transit_deal=1.0)
    seed = _pitch_seed(params, "seat:5", shared=True)

    def script(t: Table) -> list[Any]:
        n = 100
        for seat in range(1, 11):
            for _ in range(8):
                n += 1
                t.place(t.enrol(chip(n), 100), f"stack:{seat}")
        t.run(2.0)
        t.rng = random.Random(seed)
        t.motion([(card_tag("9s"), "seat:5")], "deal")
        return t.run(3.0)

    for s in range(seed, seed + 40):
        today, tracked = play(tables(params, s, shared=True), script)
        if [z for c, z in cards(today) if z != "seat:5"]:
            break  # the cycle read the card where it crossed (today: a misdeal)
    else:
        raise AssertionError("the shared reader never read the card in transit")
    assert cards(tracked) == [("9s", "seat:5")]


def test_a_shared_readers_rounds_are_its_cycle_with_the_periodic_snapshot(tmp_path: Path) -> None:
    """One reader over all 34 antennas (0.3-0.5 s a cycle) and the MCU's periodic snapshot, as
    `tablectl sim --rf realistic --reader shared` runs them. The snapshot lists every antenna's
    latest round, most of them rounds of the cycle before; replayed as new rounds at the
    snapshot's moment, they made the tracker measure a seat's round at a few ms (the round after
    the snapshot came 5 ms later), and a card pitched over seat 3 for that one round was at rest
    there after 0.15 s of "rounds": "a card went to seat 3". Measured from the rounds' own
    numbers and MCU times, every antenna's round is the reader's cycle, and the card is counted
    where it rests, at seat 4."""
    t = Table(tmp_path, IDEAL, 1, True, shared=True)
    dry = RfTable(ANTS, IDEAL, 1, shared=True, t0=t.clock.t)
    n = 100
    for seat in range(1, 11):
        for _ in range(8):
            n += 1
            uid = t.enrol(chip(n), 100)
            t.place(uid, f"stack:{seat}")
            dry.place_now(uid, AT[f"stack:{seat}"])
    cycle = dry.cycle_s()
    assert 0.3 <= cycle <= 0.5
    ends = {(r.antenna, round((r.t - t.clock.t) / cycle - 0.5)): r.t for r in dry.run_until(1004.0)}
    # the snapshot falls due inside seat 3's slot of the 6th cycle: sent just before the round
    # the card crosses seat 3 in, the report after it is seat 3's next round
    first, crossed = ends[(0, 0)], ends[(AT["seat:3"], 6)]
    t.mcu.snapshot_every = crossed - first - 0.001
    t.mcu.virtual_time = True
    nine = card_tag("9s")
    t.rf.apply(
        Motion(
            crossed - 0.007,
            crossed + 0.001,
            [
                Change(crossed - 0.007, nine, AT["seat:3"], until=crossed + 0.001),
                Change(crossed + 0.001, nine, AT["seat:4"]),
            ],
        )
    )
    try:
        t.start()
        out = t.run(4.0)
        assert t.mcu.frames_sent > 34 * 2  # the opening snapshot and the periodic one
        rounds = {a["zone"]: a["round_ms"] for a in t.mapper.snapshot(t.clock.t)["antennas"]}
        assert abs(rounds["seat:3"] - 1000 * cycle) < 3.0
        assert all(abs(ms - 1000 * cycle) < 3.0 for ms in rounds.values() if ms), rounds
        assert cards(out) == [("9s", "seat:4")]
    finally:
        t.stop()

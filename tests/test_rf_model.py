"""The RF model (hw_sim/rf.py, docs/rf.md): one directed test per effect of
shared/spec/rf-model.md, each showing the model produces it, and its repeatability."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

from hw_sim.mcu import standard_antennas
from hw_sim.rf import IDEAL, LEVELS, REALISTIC, RfTable, Round, neighbours, plan_motion

ANTS = standard_antennas()
AT = {z: a for a, z in ANTS.items()}


def chip(n: int) -> bytes:
    return b"\x05\xc0" + n.to_bytes(6, "big")


def card(n: int) -> bytes:
    return b"\x04\xca" + n.to_bytes(5, "big")


def reads_of(rounds: list[Round], ant: int) -> list[tuple[float, set[bytes]]]:
    return [(r.t, {u for u, _ in r.tags}) for r in rounds if r.antenna == ant]


def motion(rf: RfTable, moves: list[tuple[bytes, str | None]], kind: str, t0: float, seed: int):
    m = plan_motion(
        [(u, None if z is None else AT[z], False) for u, z in moves],
        dict(rf.rest),
        kind,
        t0,
        rf.params,
        random.Random(seed),
        ANTS,
    )
    rf.apply(m)
    return m


def linked_emulator(tmp_path: Path, snapshot_every: float) -> tuple[Any, Any]:
    """The MCU emulator on virtual time (its clock stands at 1000.0: the rounds handed to it
    say when) and the bridge's link to it over the pty, connected, the connect's reports
    drained. The caller stops both."""
    from firmware_bridge.link import SerialLink
    from hw_sim.mcu import McuEmulator

    mcu = McuEmulator(
        str(tmp_path / "tty"),
        ANTS,
        snapshot_every=snapshot_every,
        clock=lambda: 1000.0,
        virtual_time=True,
    )
    mcu.start()
    link = SerialLink(mcu.link_path)
    link.start()
    if not link.wait_connected(5):
        link.stop()
        mcu.stop()
        raise AssertionError("the link never connected to the emulator")
    while not link.events.empty():
        link.events.get_nowait()
    return mcu, link


def test_geometry_is_the_specs() -> None:
    near = neighbours(ANTS)
    assert {ANTS[a] for a in near[AT["seat:5"]]} == {"seat:4", "seat:6", "board"}
    assert {ANTS[a] for a in near[AT["bet:3"]]} == {"bet:2", "bet:4", "stack:3", "pot"}
    assert {ANTS[a] for a in near[AT["stack:3"]]} == {"bet:3"}
    assert len(near[AT["pot"]]) == 10 and len(near[AT["board"]]) == 12


def test_a_card_pitched_across_two_seat_antennas() -> None:
    """Transit: a hole card for seat 5 slides over two other seats' antennas for 30-120 ms each
    on its way, and each of them reads it for a round or more, before it comes to rest."""
    params = replace(IDEAL, transit_deal=1.0)
    for seed in range(50):
        rf = RfTable(ANTS, params, seed)
        m = motion(rf, [(card(1), "seat:5")], "deal", 1.0, seed)
        crossed = [c for c in m.changes if c.until is not None]
        if len(crossed) == 2:
            break
    else:
        raise AssertionError("no pitch crossed two seats")
    rounds = rf.run_until(2.0)
    seats = {ANTS[c.antenna] for c in crossed if c.antenna is not None}
    assert seats in ({"seat:4", "seat:3"}, {"seat:6", "seat:7"})
    for c in crossed:
        assert 0.03 <= c.until - c.t <= 0.12
        seen = [t for t, tags in reads_of(rounds, c.antenna) if card(1) in tags]
        assert seen and c.t < seen[0] and seen[-1] <= c.until + 0.03
    landed = [t for t, tags in reads_of(rounds, AT["seat:5"]) if card(1) in tags]
    assert landed and landed[0] >= max(c.until for c in crossed)
    assert 0.2 <= m.end - 1.0 <= 0.4  # a pitch takes 200-400 ms


def test_a_shadowed_chip_in_a_stack() -> None:
    """A chip at depth >= 5 in a stack a motion touched is missed for K = 5-40 rounds in a row,
    then read again; the chips above it read throughout."""
    rf = RfTable(ANTS, replace(IDEAL, shadow=1.0), 1)
    stack = AT["stack:2"]
    for i in range(8):
        rf.place_now(chip(i), stack)
    motion(rf, [(chip(99), "stack:2")], "push", 1.0, 1)
    rounds = reads_of(rf.run_until(4.0), stack)
    deep, top = chip(0), chip(7)  # chip 0 lies at depth 8 under the new one, chip 7 at 1
    after = [tags for t, tags in rounds if t > 1.5]
    missing = [deep not in tags for tags in after]
    first = missing.index(True)
    k = missing[first:].index(False)
    assert 5 <= k <= 40 and not any(missing[first + k :])
    assert all(top in tags for tags in after)


def test_a_chip_at_the_edge_is_read_by_the_bet_antenna() -> None:
    """Edge placement: a 5,000 chip at the stack's edge towards the bet zone is read by the bet
    antenna in about half the rounds and missed by the stack's own in about a fifth."""
    rf = RfTable(ANTS, IDEAL, 3)
    rf.place_now(chip(1), AT["stack:4"])
    rf.place_now(chip(2), AT["stack:4"])
    rf.place_edge(chip(2), AT["bet:4"])
    rounds = rf.run_until(10.0)
    bet = reads_of(rounds, AT["bet:4"])
    own = reads_of(rounds, AT["stack:4"])
    in_bet = sum(chip(2) in tags for _, tags in bet) / len(bet)
    missed = sum(chip(2) not in tags for _, tags in own) / len(own)
    assert 0.4 < in_bet < 0.6 and 0.13 < missed < 0.27
    assert all(chip(1) in tags for _, tags in own)


def test_a_stack_zone_settles_before_its_bet_zone() -> None:
    """Motions take time: in a push the chips leave the stack as the hand takes them and land
    in the bet zone at the end of the slide, so even with perfect reads the stack antenna is
    quiet for longer than the bridge's 80 ms settle before the bet antenna reads a chip."""
    for seed in range(20):
        rf = RfTable(ANTS, IDEAL, seed)
        for i in range(4):
            rf.place_now(chip(i), AT["stack:1"])
        motion(rf, [(chip(i), None) for i in range(4)] + [(chip(10), "stack:1")], "push", 1.0, seed)
        # (the sim's push: the stack swapped for its change, the bet from the rack)
        rf.apply(
            plan_motion(
                [(chip(11), AT["bet:1"], False)], {}, "push", 1.0, IDEAL, random.Random(seed), ANTS
            )
        )
        rounds = rf.run_until(3.0)
        stack = reads_of(rounds, AT["stack:1"])
        last_change = max(t for (t, a), (_, b) in itertools.pairwise(stack) if a != b)
        bet_first = min(t for t, tags in reads_of(rounds, AT["bet:1"]) if tags)
        assert bet_first - last_change > 0.08


def test_a_dead_chip_is_never_read() -> None:
    rf = RfTable(ANTS, REALISTIC, 5)
    for i in range(3):
        rf.place_now(chip(i), AT["pot"])
    rf.kill(chip(1))
    rounds = [r for r in rf.run_until(5.0) if r.antenna == AT["pot"]]
    assert not any(chip(1) in dict(r.tags) for r in rounds)
    total = sum(r.repeat for r in rounds)
    assert sum(r.repeat for r in rounds if chip(0) in dict(r.tags)) > 0.9 * total
    # and dead tags come from the seed at the spec's rate: about 0.1% (realistic)
    rf = RfTable(ANTS, REALISTIC, 6)
    for i in range(20_000):
        rf.place_now(chip(i), AT["pot"])
        rf.place_now(chip(i), None)
    assert 5 <= len(rf.dead) <= 40


def test_a_shared_readers_slow_cycle() -> None:
    """One reader multiplexed over all 34 antennas: each antenna is read once a cycle, and with
    a table's worth of tags a cycle takes 0.3-0.5 s; a dedicated reader reads it every ~20 ms."""
    shared = RfTable(ANTS, IDEAL, 1, shared=True)
    dedicated = RfTable(ANTS, IDEAL, 1)
    n = 0
    for seat in range(1, 11):
        for zone, count in ((f"stack:{seat}", 8), (f"seat:{seat}", 2)):
            for _ in range(count):
                n += 1
                shared.place_now(chip(n), AT[zone])
                dedicated.place_now(chip(n), AT[zone])
    times = [r.t for r in shared.run_until(5.0) if r.antenna == AT["stack:3"]]
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert gaps and all(0.3 <= g <= 0.5 for g in gaps)
    rounds = [r for r in dedicated.run_until(5.0) if r.antenna == AT["stack:3"]]
    assert rounds[-1].period == 0.026  # 10 ms + 2 ms x 8 chips


def test_misses_and_crosstalk_at_the_realistic_rates() -> None:
    """A round misses a top chip ~0.2% and the 20th ~3% of the time; a chip is cross-read by a
    neighbouring antenna in ~1% of rounds."""
    rf = RfTable(ANTS, REALISTIC, 11)
    stack = [chip(i) for i in range(20)]
    for u in stack:
        rf.place_now(u, AT["stack:6"])
    rf.edge.clear()
    rf.dead.clear()
    rounds = rf.run_until(400.0)
    own = reads_of(rounds, AT["stack:6"])
    weights = [r.repeat for r in rounds if r.antenna == AT["stack:6"]]
    total = sum(weights)
    deep = sum(w for (_, tags), w in zip(own, weights, strict=True) if stack[0] not in tags)
    top = sum(w for (_, tags), w in zip(own, weights, strict=True) if stack[-1] not in tags)
    assert 0.02 < deep / total < 0.04 and top / total < 0.01
    bet = reads_of(rounds, AT["bet:6"])
    cross = sum(len(tags) for _, tags in bet) / (total * 20)
    assert 0.007 < cross < 0.013


def test_the_same_seed_reads_the_same() -> None:
    def run(seed: int) -> list[Round]:
        rf = RfTable(ANTS, LEVELS["harsh"], seed)
        for i in range(12):
            rf.place_now(chip(i), AT["stack:2"])
        motion(rf, [(chip(i), "bet:2") for i in range(4)], "push", 1.0, seed)
        motion(rf, [(card(1), "seat:3")], "deal", 2.0, seed)
        return rf.run_until(4.0)

    assert run(7) == run(7) and run(7) != run(8)


def test_a_resting_table_reads_steadily_through_the_link(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Misses and crosstalk of single rounds on a table nobody touches, sent round by round over
    the pty in protocol v2 and replayed at their MCU times, never last the bridge's settle: no
    event after the first. (The reports of a run of identical rounds go out in time order with
    the other antennas' rounds: sent early, their later time stamps made one-round misses look
    settled.)"""
    from firmware_bridge.bridge import Bridge
    from firmware_bridge.link import SerialLink
    from firmware_bridge.tags import ChipInventory, DeckRegistry, TagMapper
    from hw_sim.mcu import McuEmulator

    class Clock:
        t = 1000.0

        def __call__(self) -> float:
            return self.t

    inventory = ChipInventory()
    rf = RfTable(ANTS, REALISTIC, 1, t0=1000.0)
    for zone in ("stack:4", "stack:5", "pot"):
        for i in range(9):
            uid = f"{zone}/{i}".encode()
            inventory.add(uid.hex(), 100)
            rf.place_now(uid, AT[zone])
    rf.edge.clear()
    rf.dead.clear()
    clock = Clock()
    mcu = McuEmulator(str(tmp_path / "tty"), ANTS, snapshot_every=None, clock=clock)
    mcu.start()
    link = SerialLink(mcu.link_path)
    bridge = Bridge(link, TagMapper(DeckRegistry(), inventory), clock, report_clock=True)
    link.start()
    try:
        assert link.wait_connected(5)
        events = []
        for k in range(1, 21):
            mcu.rounds(rf.run_until(1000.0 + k))
            link.ping(timeout=30)
            clock.t = 1000.0 + k
            events += bridge.pump()
        # the opening reads, each zone once and whole; nothing after
        zones = [z for e in events for z in e.body]
        assert sorted(zones) == ["pot", "stack:4", "stack:5"]
        assert all(len(v) == 9 for e in events for v in e.body.values())
        assert rf.rounds_drawn > 50  # misses and crosstalk did happen
    finally:
        link.stop()
        mcu.stop()


def test_ideal_reads_equal_the_ground_truth_at_rest_after_every_motion() -> None:
    """At the ideal level the model is perfect: over many seeded hands of `tablectl sim --rf
    ideal`, every round of every antenna that starts after a motion is over reads exactly the
    tags resting there, and the MCU's last report of each zone is that set. (A tag's leaving
    drawn after its landing took it off the table for good: the pot or the muck lost a tag
    about 3 times in 100 hands, and the tracker raised a false `hardware` alert for it.)"""
    from hw_sim.table import SimConfig, TableSim

    wrong: list[tuple[int, int, str, int, int]] = []
    checked = 0

    class Checked(TableSim):
        def _rf_wait(self, truth: list[Any], start: float) -> list[Any]:
            got = super()._rf_wait(truth, start)
            nonlocal checked
            for r in self._step_rounds:
                if r.t - (r.repeat - 1) * r.period > start:
                    checked += 1
                    truth_here = set(self.zones[ANTS[r.antenna]])
                    if {u for u, _ in r.tags} != truth_here:
                        wrong.append((self.cfg.seed, self.result.steps, ANTS[r.antenna], 0, 0))
            for zone in ANTS.values():
                reported = set(self.mcu.contents(zone))
                truth_here = set(self.zones[zone])
                if reported != truth_here and self.clock.t > start + 0.2:
                    wrong.append(
                        (self.cfg.seed, self.result.steps, zone, len(truth_here - reported), 1)
                    )
            return got

    for seed in (1, 2, 3):
        sim = Checked(
            SimConfig(hands=40, seed=seed, rf="ideal", write_scenarios=False, explain=True)
        )
        score = sim.run().score
        assert score is not None and score.false_rulings == score.missed == 0
    assert checked > 10_000
    assert not wrong, wrong[:10]


def test_a_snapshot_among_a_quiet_runs_rounds_reports_the_round_of_its_own_time(
    tmp_path: Path,
) -> None:
    """A quiet antenna's perfect rounds come as one Round of many (``repeat``), handed over
    whole at the first one's turn; a periodic snapshot taken at a later antenna's round in the
    middle of that run stamped the quiet antenna's report with the run's *last* round (up to
    seconds ahead). The bridge replays reports at their MCU time, so it then ruled ahead of the
    reads still to come: a crosstalk read at seat 2 one round before the snapshot stood for
    0.15 s and placed the board's 5h at seat 2 (a false fouled deck, realistic seed 1)."""
    from firmware_bridge import link as lk
    from firmware_bridge import protocol as p

    mcu, link = linked_emulator(tmp_path, snapshot_every=0.5)
    a, b = AT["stack:4"], AT["seat:2"]
    try:
        mcu.rounds(
            [
                Round(b, 1000.01, ((b"x", 0),)),  # starts the snapshot clock: due at 1000.51
                Round(a, 1003.0, ((b"y", 0),), repeat=300, period=0.01),  # 1000.01 .. 1003.0
                Round(b, 1000.6, ()),  # the snapshot comes before this round
            ]
        )
        link.ping(timeout=30)
        reports = []
        while not link.events.empty():
            item = link.events.get_nowait()
            if isinstance(item, lk.Report) and isinstance(item.zone, p.ZoneReport2):
                reports.append(item.zone)
        snap = [z for z in reports if z.snapshot and z.antenna == a]
        assert snap, "no snapshot"
        # stamped with the run's round at the snapshot's time, not its last round (1003.0)
        assert snap[0].mcu_ms <= 1000_600
        # every report of the rounds in MCU time order (the connect snapshot's aside)
        times = [z.mcu_ms for z in reports if z.mcu_ms > 1000_000]
        assert times == sorted(times)
    finally:
        link.stop()
        mcu.stop()


def test_a_snapshot_never_reports_a_round_before_its_own_report(tmp_path: Path) -> None:
    """A run of rounds of antenna A whose window changes in its 8th round (a tag read before
    the run drops out) reports that round at its time, after the other antennas' rounds
    before it. A periodic snapshot due at another antenna's round at the same MCU time (to
    the float: A's round time computed as first + 7 x period came out 1e-13 s later) stamped
    A's report with that round, and then A's own report of it followed: the round twice, the
    second time as news. A real MCU sends a round's report as the round ends, so a snapshot
    only ever repeats a round already reported (or one that changed nothing)."""
    from firmware_bridge import link as lk
    from firmware_bridge import protocol as p

    # a run whose 8th round's time, as the emulator computes it, lies a hair after a time
    # that a snapshot's index computation puts at or past that round
    period, repeat = 0.01, 10
    for ms in range(1000, 2000):
        last = 1000.0 + ms / 1000
        first = last - (repeat - 1) * period
        due = first + 7 * period
        at = round(due, 3)
        if due > at and int((at - first) / period + 1e-9) == 7:
            break
    else:
        raise AssertionError("no such float")

    mcu, link = linked_emulator(tmp_path, snapshot_every=0.1)
    a, b = AT["stack:4"], AT["seat:2"]
    try:
        mcu.rounds(
            [
                Round(b, first - 0.5, ()),  # starts the snapshot clock
                Round(a, first - period, ((b"z", 0),), repeat=8, period=period),
                Round(a, last, ((b"y", 0),), repeat=repeat, period=period),
                Round(b, at, ()),  # the snapshot is due: it goes out before this round
            ]
        )
        link.ping(timeout=30)
        seen: list[tuple[int, bool]] = []
        while not link.events.empty():
            item = link.events.get_nowait()
            zone = item.zone if isinstance(item, lk.Report) else None
            if isinstance(zone, p.ZoneReport2) and zone.antenna == a:
                seen.append((zone.round, zone.snapshot))
        assert any(snap for _, snap in seen[1:]), seen  # the periodic snapshot came
        for (r0, _), (r1, snap) in itertools.pairwise(seen):
            assert r1 > r0 or (snap and r1 == r0), seen
    finally:
        link.stop()
        mcu.stop()


def test_placements_are_logged_as_they_take_effect() -> None:
    """bench/rf_lines.py judges the tracker's verdicts against where a chip lay at their time:
    with a list set, the table logs each placement when it takes effect (the time the motion
    gave it, not when it was planned), with the neighbour at whose edge the chip lies; without
    one it logs nothing."""
    rf = RfTable(ANTS, IDEAL, 1)
    rf.place_now(chip(1), AT["stack:1"])
    m = motion(rf, [(chip(1), "bet:1")], "push", 1.0, 1)
    rf.run_until(0.5)
    assert rf.placements is None
    rf.placements = []
    rf.run_until(0.9)
    assert rf.placements == []  # planned, not yet in effect
    rf.run_until(3.0)
    landed = [c.t for c in m.changes if c.antenna == AT["bet:1"]]
    assert [(t, u, a) for t, u, a, _ in rf.placements][-1] == (landed[0], chip(1), AT["bet:1"])
    assert all(t <= 3.0 for t, *_ in rf.placements)

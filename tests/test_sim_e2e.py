"""End to end: simulated hands travel as bytes through a pty into firmware_bridge and the engine.

The simulator writes the event stream the engine received as a scenario file; replaying that file
with `tablectl replay` must give the very same rulings, alerts and notices, line by line.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from firmware_bridge import protocol as p
from firmware_bridge.tags import TagMapper
from firmware_bridge.tracker import TagTracker
from hw_sim.faults import FaultCounts, LineFaults
from hw_sim.table import SimConfig, TableSim, _compare, make_change
from tablectl import cli
from tablectl.cli.replay import replay_file


def _replayed(path: Path) -> list[tuple[int, dict]]:
    result = replay_file(path)
    assert result.ok, result.failures
    return [(line, out.to_obj()) for line, out in result.outputs]


def test_one_hand_through_the_pty_matches_its_replay(tmp_path: Path) -> None:
    sim = TableSim(SimConfig(hands=1, seed=4, workdir=tmp_path))
    result = sim.run()
    assert result.ok, result.problems
    assert result.hands == 1 and result.link.startswith("frames=")
    [scenario] = result.scenarios
    lines = scenario.read_text().splitlines()
    assert lines[0].startswith('{"setup"')
    assert any('"card"' in line for line in lines) and any('"chips"' in line for line in lines)
    outputs = result.outputs[0]
    assert any("ruling" in o for _, o in outputs)
    assert any(o.get("notice", {}).get("kind") == "award" for _, o in outputs)
    assert _replayed(scenario) == outputs


def test_faulty_line_and_table_still_match_replay(tmp_path: Path) -> None:
    sim = TableSim(SimConfig(hands=6, seed=11, faults=True, workdir=tmp_path))
    result = sim.run()
    assert result.ok, result.problems
    f = result.faults
    assert f.corrupted + f.dropped + f.garbage > 0
    assert "gaps=0 " not in result.link  # the faults really hit the link
    for scenario, outputs in zip(result.scenarios, result.outputs, strict=True):
        assert _replayed(scenario) == outputs


def test_faults_do_not_change_the_hands(tmp_path: Path) -> None:
    """Line faults hit whichever frames timing puts on the wire; healing must make the events the
    engine hears, and so the hands, the same run after run."""
    runs = []
    for i in range(2):
        sim = TableSim(SimConfig(hands=3, seed=11, faults=True, workdir=tmp_path / str(i)))
        result = sim.run()
        assert result.ok, result.problems
        runs.append([path.read_text() for path in result.scenarios])
    assert runs[0] == runs[1]


def _motion(n: int) -> bytes:
    return p.encode(n, p.ZoneReport(n % 34, ((bytes([4, n % 256, 1, 2]), 0),)))


def test_line_faults_decide_a_motion_report_alike_whatever_timing_sends_between() -> None:
    """issue 9 item 10a: the same seed must hit the same table motions however many ACKs,
    keepalives and periodic snapshots the threads' timing puts on the wire between them."""
    decisions = []
    for extra in (0, 3):
        counts = FaultCounts()
        faults = LineFaults(3, counts, corrupt=0.1, drop=0.1, garbage=0.1)
        got = []
        for n in range(400):
            for k in range(extra * (n % 2)):  # timing-dependent frames in between
                faults(p.encode(n + k, p.Ack(k)))
                faults(p.encode(n + k, p.ZoneReport(k, (), snapshot=True)))
            got.append(faults(_motion(n)))
        decisions.append((got, counts.summary()))
    assert decisions[0] == decisions[1]
    got, _ = decisions[0]
    assert sum(not g for g in got) > 10  # drops happened, and the same ones
    assert sum(len(g) == 2 for g in got) > 10  # garbage bursts too


def test_sim_faults_repeat_for_a_seed(tmp_path: Path) -> None:
    """`tablectl sim --seed S --faults` twice: the same faults line (issue 9 item 10a)."""
    lines = []
    for i in range(2):
        result = TableSim(SimConfig(hands=4, seed=3, faults=True, workdir=tmp_path / str(i))).run()
        assert result.ok, result.problems
        lines.append(result.faults.summary())
    assert lines[0] == lines[1]


class UnplugEvery:
    """A fault plan that pulls the cable every ``n`` steps."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.i = 0
        self.counts = FaultCounts()

    def next(self) -> str | None:
        self.i += 1
        if self.i % self.n == 0:
            self.counts.table["unplug"] += 1
            return "unplug"
        return None


def test_unplug_mid_hand_loses_nothing(tmp_path: Path) -> None:
    sim = TableSim(SimConfig(hands=2, seed=3, workdir=tmp_path))
    sim.plan = UnplugEvery(9)  # type: ignore[assignment]
    result = sim.run()
    assert result.ok, result.problems
    assert sim.plan.counts.table["unplug"] >= 3
    assert "reconnects=0 " not in result.link
    for scenario, outputs in zip(result.scenarios, result.outputs, strict=True):
        assert _replayed(scenario) == outputs


class DuplicateCardAt:
    """A fault plan that puts a card of the other deck in the muck at the given steps."""

    def __init__(self, *steps: int) -> None:
        self.steps = set(steps)
        self.i = 0
        self.counts = FaultCounts()

    def next(self) -> str | None:
        self.i += 1
        if self.i in self.steps:
            self.counts.table["duplicate_card"] += 1
            return "duplicate_card"
        return None


def test_a_card_of_another_deck_mid_hand_is_followed_through(tmp_path: Path) -> None:
    """A different back during a hand voids it (000 Irregularities 3): whatever the engine rules,
    the simulated dealer follows it (a void hand is gathered, paid back and dealt again)."""
    sim = TableSim(SimConfig(hands=2, seed=3, workdir=tmp_path))
    sim.plan = DuplicateCardAt(20, 45, 46)  # type: ignore[assignment]
    result = sim.run()
    assert result.ok, result.problems
    assert result.hands == 2
    for scenario, outputs in zip(result.scenarios, result.outputs, strict=True):
        assert _replayed(scenario) == outputs


def test_a_lost_event_is_counted_and_fails_the_run(tmp_path: Path) -> None:
    sim = TableSim(SimConfig(hands=1, seed=5, workdir=tmp_path))
    real_pump = sim.bridge.pump
    dropped: list[object] = []

    def lossy_pump(timeout: float = 0.0) -> list:
        out = real_pump(timeout)
        # the bridge "loses" one event of a motion (not its list of cards never read: no motion)
        reads = [e for e in out if getattr(e, "kind", None) != "unread"]
        if reads and not dropped:
            dropped.append(reads[-1])
            out.remove(reads[-1])
        return out

    sim.bridge.pump = lossy_pump  # type: ignore[method-assign]
    result = sim.run()
    assert dropped and result.lost_events >= 1 and not result.ok
    assert result.line().endswith(f"lost_events={result.lost_events + result.spurious_events}")


def test_sim_command_line_with_faults(capsys: pytest.CaptureFixture[str]) -> None:
    rc = cli.main(["sim", "--hands", "8", "--seed", "1", "--faults", "--headless"])
    out = capsys.readouterr().out.strip().splitlines()
    assert rc == 0, out
    last = out[-1]
    assert last.startswith("hands=8 events=") and last.endswith("chips_conserved=yes lost_events=0")


def test_make_change() -> None:
    assert make_change(1625) == [1000, 500, 100, 25]
    assert make_change(1000, min_chips=2) == [500, 500]
    assert sum(make_change(37_475)) == 37_475
    with pytest.raises(ValueError):
        make_change(30)


def test_the_tracker_is_in_the_path_and_the_instant_mapper_still_works() -> None:
    """`tablectl sim` maps tags with the bridge's tracker (as `tablectl run` does): chips change
    hands through the tray (exchanges) and every step is judged by what physically happened."""
    sim = TableSim(SimConfig(hands=12, seed=2, write_scenarios=False))
    assert isinstance(sim.bridge.mapper, TagTracker)
    result = sim.run()
    assert result.ok, result.problems
    assert sim.bridge.mapper.tstats.exchanged > 0 and sim.bridge.mapper.tstats.unread_alerts == 0
    instant = TableSim(SimConfig(hands=3, seed=2, tracker=False, write_scenarios=False))
    assert type(instant.bridge.mapper) is TagMapper
    assert instant.run().ok


def test_a_step_is_judged_by_where_things_came_to_rest() -> None:
    """Cards in any order (anticollision order is random); a chip zone by its content once the
    motion is over; a chip zone read twice with different contents is an invented event."""
    nine = {"card": "9s", "zone": "muck", "face": "down"}
    ace = {"card": "As", "zone": "muck", "face": "down"}
    assert _compare([nine, ace], [ace, nine]) == ({}, {})
    lost, extra = _compare([{"chips": {"stack:4": [100], "bet:4": [500]}}], [ace])
    assert sum(lost.values()) == 2 and sum(extra.values()) == 1
    split = [{"chips": {"stack:4": [100]}}, {"chips": {"bet:4": [500]}}]
    assert _compare([{"chips": {"stack:4": [100], "bet:4": [500]}}], split) == ({}, {})
    twice = [{"chips": {"stack:4": [600]}}, {"chips": {"stack:4": [100], "bet:4": [500]}}]
    lost, extra = _compare([{"chips": {"stack:4": [100], "bet:4": [500]}}], twice)
    assert not lost and sum(extra.values()) == 1

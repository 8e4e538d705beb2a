"""The RF score (hw_sim/score.py, docs/rf.md): `tablectl sim --rf` on the real pipeline, and the
scorer itself — a deliberately wrong bridge must score badly."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from firmware_bridge.tags import TagMapper
from firmware_bridge.tracker import TagTracker
from hw_sim import table as sim_table
from hw_sim.score import RfScore
from hw_sim.table import SimConfig, TableSim
from tablectl.engine.notices import RecountClosed
from tablectl.engine.outputs import Alert, Ruling

ROOT = Path(__file__).resolve().parents[1]
LINE = re.compile(
    r"^rf=(\S+) hands=(\d+) false_rulings=(\d+) false_alerts=(\d+) missed=(\d+) "
    r"recounts=(\d+) latency_p99_ms=(\d+)$"
)


def test_compare_counts_false_missed_wrong_amounts_and_recounts() -> None:
    s = RfScore("realistic")
    call = Ruling("call", 200, rule="002 Rule 50-A", seat=3)
    raise_ = Ruling("raise", 5200, rule="002 Rule 50-A", seat=3)
    owe = Ruling("call", 400, owes=100, seat=4)
    misdeal = Alert("misdeal", "002 Rule 36-C", "misdeal: a card went to seat 10")
    s.compare([call, owe], [raise_, misdeal, Alert("recount", "", "count seat 4's bet")])
    assert (s.false_rulings, s.false_alerts, s.missed, s.recounts) == (1, 1, 1, 1)
    assert s.wrong_amount == 1  # a call of 200 ruled a raise to 5,200
    assert s.missed_kinds == {"undercall": 1}  # the ideal call that owed 100 never came
    s.compare(
        [call], [call, Alert("recount", "", "where is the 9s?"), RecountClosed("ok", ids=[1])]
    )
    assert s.recounts == 2 and s.false_rulings == 1  # the notice closing it is no new prompt
    s.hand_over()
    s.compare([call], [call])
    s.hand_over()
    assert (s.hands, s.bad_hands) == (2, 1)
    s.latencies += [0.1] * 99 + [0.9]
    assert s.latency_p99_ms() == 100
    assert LINE.match(s.line())


def test_sim_rf_prints_the_score_line() -> None:
    """The CLI on the real path: pty, protocol v2, bridge, engine; the ordinary line first."""
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "sim", "--hands", "3", "--rf", "ideal", "--headless"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    lines = proc.stdout.strip().splitlines()
    assert proc.returncode == 0, proc.stderr
    assert lines[0].startswith("hands=3 events=")
    m = LINE.match(lines[1])
    assert m and m.group(1) == "ideal" and m.group(2) == "3"
    assert m.group(3) == "0" and m.group(5) == "0"  # perfect reads: no false ruling, no miss


def test_reader_shared_needs_rf() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "tablectl", "sim", "--reader", "shared", "--headless"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    assert proc.returncode == 2 and "--reader shared needs --rf" in proc.stderr


SWAP = {"seat:2": "seat:4", "seat:4": "seat:2"}


class MiswiredMapper(TagMapper):
    """A deliberately wrong bridge: seats 2 and 4's card antennas swapped in its map."""

    def set_antennas(self, antennas: dict[int, str]) -> list[Alert]:
        return super().set_antennas({a: SWAP.get(z, z) for a, z in antennas.items()})


class MiswiredTracker(TagTracker):
    """The tracker (the bridge's default) with the same two antennas swapped."""

    def set_antennas(self, antennas: dict[int, str]) -> list[Alert]:
        return super().set_antennas({a: SWAP.get(z, z) for a, z in antennas.items()})


def _score(hands: int = 12) -> RfScore:
    result = TableSim(
        SimConfig(hands=hands, seed=3, rf="ideal", irregularities=0.1, write_scenarios=False)
    ).run()
    assert result.score is not None
    return result.score


def test_a_wrong_bridge_scores_badly(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """On perfect reads the bridge as it is makes no false ruling and misses no call; the same
    hands through a bridge with two seats' antennas swapped score false rulings, false alerts
    and missed calls (the scorer sees what the bridge got wrong)."""
    good = _score()
    assert good.false_rulings == 0 and good.missed == 0 and sum(good.committed.values()) > 0
    monkeypatch.setattr(sim_table, "TagMapper", MiswiredMapper)
    monkeypatch.setattr(sim_table, "TagTracker", MiswiredTracker)
    bad = _score()
    assert bad.missed > 0 and bad.false_alerts > 0
    assert bad.false_kinds["misdeal"] + bad.false_kinds["wrong_card_count"] > 0
    assert bad.stops > good.stops == 0  # the table had to be set up again, hand after hand

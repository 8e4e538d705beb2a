"""`tablectl venue sim --events 2` (issue 31 part 3): a satellite beside the main event in one
room over one broker, each event folding only its own tables, its commands carrying its
prefix; the run ends with the usual summary line for each event."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from broker import need_mosquitto
from test_venue_sim import sim

LINE = (
    r"event={} entrants={} hands=\d+ moves=\d+ tables_broken=\d+ final_table=\d+ "
    r"winner=\d+ chips_conserved=yes lost_messages=0"
)


def test_events_2_ends_with_a_summary_line_per_event() -> None:
    need_mosquitto()
    done = sim("--events", "2", "--tables", "4", "--players", "30", "--seed", "2")
    lines = done.stdout.strip().splitlines()
    assert done.returncode == 0, done.stderr[-2000:] + "\n".join(lines)
    assert len(lines) == 2, lines
    assert re.fullmatch(LINE.format("main", 30), lines[0]), lines[0]
    assert re.fullmatch(LINE.format("sat1", 15), lines[1]), lines[1]


def test_events_refuses_what_it_does_not_run() -> None:
    done = sim("--events", "3")
    assert done.returncode == 2 and "--events: 1 (a venue on its own) or 2" in done.stderr
    done = sim("--events", "2", "--manual", "1")
    assert done.returncode == 2 and "without faults or bounties" in done.stderr


def test_each_event_folds_only_its_own_tables(tmp_path: Path) -> None:
    need_mosquitto()
    from tablectl.cli.venue_events import _Room

    args = argparse.Namespace(
        events=2, tables=2, players=12, seed=1, handed=6, hands_per_level=8, structure="tda-style"
    )
    main, sat = _Room(args, tmp_path).run()
    assert (main.result.ok(6), sat.result.ok(6)) == (True, True), (
        main.result.line(),
        sat.result.line(),
    )
    for ev in (main, sat):
        # no report from the other event's tables reached this one (refused as unknown)
        strange = [a for a in ev.runner.stats.alerts if "unknown table" in a]
        assert not strange, strange[:3]
        assert set(ev.runner.venue.tables) == set(ev.names)
        assert ev.runner.stats.commands > 0 and not ev.runner.sent

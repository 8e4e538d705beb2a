"""`tablectl venue sim --manual N` (issue 31 part 2): two of six tables without sensors, their
bust-outs, counts, hand-overs and answers entered by a simulated floor person through the
phone page's venue events; the summary line still says every chip is accounted for and no
message lost."""

from __future__ import annotations

import re
from pathlib import Path

from broker import need_mosquitto
from test_venue_sim import sim

from hw_sim.venue_manual import FLOOR, ManualSimTable, ManualVenueSim
from hw_sim.venue_tables import SimConfig
from tablectl.tournament.venue import Announcement

LINE = re.compile(
    r"entrants=54 hands=\d+ moves=\d+ tables_broken=5 final_table=\d+ "
    r"winner=\d+ chips_conserved=yes lost_messages=0"
)


def test_manual_2_seed_3_ends_with_the_usual_summary_line() -> None:
    need_mosquitto()
    done = sim("--tables", "6", "--players", "54", "--manual", "2", "--seed", "3")
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0, done.stderr[-2000:] + last
    assert LINE.fullmatch(last), last


def test_the_manual_tables_are_played_by_their_floor_persons_entries(tmp_path: Path) -> None:
    need_mosquitto()
    s = ManualVenueSim(SimConfig(tables=6, players=54, manual=2, seed=1), tmp_path)
    result = s.run()
    assert result.ok(9), (result.line(), result.problems)
    v = s.runner.venue
    manual = [t for t in s.tables if isinstance(t, ManualSimTable)]
    assert [t.name for t in manual] == ["T2", "T3"] and sorted(v.manual.tables) == ["T2", "T3"]
    # nothing of theirs went over the broker
    assert all(t.name not in s.runner.client.tables for t in manual)
    # and no command was sent there to wait for an answer that never comes
    assert not [c for c in s.runner.sent.values() if c.table in ("T2", "T3")]
    # their busts were entered, each with who eliminated whom (the bounty path's record)
    out = [o for o in s.runner.said if isinstance(o, Announcement) and o.kind == "eliminated"]
    entered = [o for o in out if o.data["entry"] in v.manual.busted_by]
    assert len(entered) >= 10
    assert all(o.data["by"] for o in entered)
    assert set(v.manual.busted_by.values()) == {FLOOR}
    # counted each level; the seats, moves and answers went through the floor person too
    assert all(t.counts.floor > 0 and t.counts.hands > 0 for t in manual)
    assert not [a for a in s.runner.stats.alerts if "T2" in a or "T3" in a]


def test_manual_must_leave_a_table_with_sensors() -> None:
    done = sim("--tables", "2", "--players", "10", "--manual", "2")
    assert done.returncode == 2
    assert "--manual must be 0 to --tables - 1" in done.stderr


def test_the_floor_persons_eliminators_pay_the_bounties() -> None:
    """A manual table's "eliminated by whom" feeds the bounty path as a sensored table's award
    records do: every bounty paid out, none lost (issue 32 with issue 31 part 2)."""
    need_mosquitto()
    args = ("--tables", "6", "--players", "54", "--manual", "2", "--seed", "3")
    done = sim(*args, "--bounty", "pko")
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0, done.stderr[-2000:] + last
    assert last.endswith("money_conserved=yes") and "chips_conserved=yes lost_messages=0" in last
    assert re.search(r"bounties_paid=(\d+\.\d\d)", last).group(1) == "1080.00"  # 54 x 20

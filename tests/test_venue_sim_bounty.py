"""`tablectl venue sim --bounty pko|fixed` (issue 32 section 1): the whole tournament with
bounties paid from the tables' award records; the summary line adds ``bounties_paid=`` and
``money_conserved=yes`` (the prize pool plus the bounty pool equals the money paid out)."""

from __future__ import annotations

import re

import pytest
from broker import need_mosquitto
from test_venue_sim import sim

from hw_sim.venue_tables import SimResult

TAIL = re.compile(
    r" chips_conserved=yes lost_messages=0 bounties_paid=([\d.]+) money_conserved=yes"
)


@pytest.mark.parametrize(
    ("kind", "args"),
    [
        ("pko", ("--tables", "6", "--players", "54", "--faults")),
        ("fixed", ("--tables", "3", "--players", "24", "--bounty-amount", "12.5")),
    ],
)
def test_the_sim_pays_every_bounty_and_the_money_is_conserved(
    kind: str, args: tuple[str, ...]
) -> None:
    need_mosquitto()
    done = sim(*args, "--seed", "1", "--bounty", kind)
    last = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    assert done.returncode == 0, done.stderr[-2000:] + last
    m = TAIL.search(last)
    assert m, last
    players = int(args[3])
    amount = float(args[5]) if len(args) > 5 and args[4] == "--bounty-amount" else 20.0
    # every head is paid in the end, the winner's own too: the whole bounty pool
    assert float(m.group(1)) == players * amount


def test_money_not_conserved_fails_the_run_and_says_so() -> None:
    r = SimResult(entrants=2, winner=1, bounties_paid=10.0, money_conserved=False)
    assert r.line().endswith("bounties_paid=10.00 money_conserved=no")
    assert not r.ok(9)
    assert "bounties_paid" not in SimResult(entrants=2).line()

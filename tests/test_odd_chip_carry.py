"""Odd chips left in the pot for the next hand (003 Ties 3, house option ``odd_chip`` "carry";
issue 29 item 8): the chips stay counted at the table between hands, the next hand's pot starts
with them, a re-deal or an undo keeps them there, and a floor's re-award of the hand takes them
back into its award. The worked example is tests/scenarios/showdown_home_odd_chip_carried.jsonl;
its first hand is replayed here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tablectl.engine.events import event_from_obj
from tablectl.engine.notices import Award
from tablectl.engine.outputs import Alert, Output
from tablectl.engine.table import Table

SCENARIO = Path(__file__).parent / "scenarios" / "showdown_home_odd_chip_carried.jsonl"


def first_hand() -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The scenario's setup and its first hand's events (to the award)."""
    objs = [json.loads(line) for line in SCENARIO.read_text().splitlines() if line[:1] == "{"]
    setup, events = objs[0]["setup"], [o for o in objs[1:] if "expect" not in o]
    second_deal = [i for i, o in enumerate(events) if "deal" in o][1]
    return setup, events[:second_deal]


def play(rules: str, **options: str) -> tuple[Table, list[Output]]:
    setup, events = first_hand()
    table = Table({**setup, "rules": rules, "options": options})
    total = table.chips_total()
    out: list[Output] = []
    for obj in events:
        out += table.apply(event_from_obj(obj))
        assert table.chips_total() == total, f"chips not conserved after {obj}"
    return table, out


def apply(table: Table, obj: dict[str, Any]) -> list[Output]:
    total = table.chips_total()
    out = table.apply(event_from_obj(obj))
    assert table.chips_total() == total, f"chips not conserved after {obj}"
    return out


def test_home_carries_the_odd_chip_and_counts_it_between_hands() -> None:
    table, out = play("home")
    [award] = [o for o in out if isinstance(o, Award)]
    assert (award.amount, award.winners, award.carried) == (125, {8: 50, 2: 50}, 25)
    assert "1 chip (25) carried to the next pot (003 Ties 3)" in award.text
    assert table.chips_total() == 15000 and sum(table.stacks().values()) == 14975
    assert table.view().carried == 25 and table.view().pots == ()


@pytest.mark.parametrize("rules", ["tda-2025", "wfp", "roberts"])
def test_other_profiles_give_the_odd_chip_left_of_the_button(rules: str) -> None:
    """002 Rule 21: seat 5 (folded) is first left of the button 2; seat 8 is the first winner."""
    table, out = play(rules)
    [award] = [o for o in out if isinstance(o, Award)]
    assert award.winners == {8: 75, 2: 50} and not award.carried
    assert table.view().carried == 0


def test_the_option_alone_carries_under_tda() -> None:
    table, _ = play("tda-2025", odd_chip="carry")
    assert table.view().carried == 25


def test_the_next_pot_starts_with_the_chip_and_a_redeal_or_undo_keeps_it() -> None:
    table, _ = play("home")
    apply(table, {"deal": {"8": ["Ah", "Kh"], "2": ["2h", "3h"], "5": ["Qh", "Jh"]}})
    assert [p.amount for p in table.view().pots] == [25] and table.view().carried == 0
    apply(table, {"push": {"seat": 5, "chips": [25, 25]}})
    apply(table, {"press": "undo"})
    assert [p.amount for p in table.view().pots] == [25]
    apply(table, {"floor": {"by": "Sam (floor)", "misdeal": True}})
    assert table.hand is not None and table.hand.stakes.dead_money == 25
    assert [p.amount for p in table.view().pots] == [25]


def test_a_floor_re_award_takes_the_carried_chip_back() -> None:
    """002 Rule 23: the floor re-awards the hand just ended; its pots are the 125, carried chip
    included, so nothing is left for the next hand."""
    table, _ = play("home")
    short = apply(table, {"floor": {"by": "Sam (floor)", "award": {"8": 100}}})
    assert any(isinstance(o, Alert) and "total 125" in o.text for o in short)
    apply(table, {"floor": {"by": "Sam (floor)", "award": {"8": 125}}})
    assert table.stacks()[8] == 5075 and table.view().carried == 0
    apply(table, {"deal": {"8": ["Ah", "Kh"], "2": ["2h", "3h"], "5": ["Qh", "Jh"]}})
    assert table.hand is not None and table.hand.stakes.dead_money == 0
